#include "app/worker/protocol.h"

#include <nlohmann/json.hpp>

#include "app/report/json_report.h"
#include "app/report/report_reader.h"

namespace dmlc::app::worker {
namespace {

using Json = nlohmann::ordered_json;

Error ProtocolError(std::string_view line, const std::string& what) {
  constexpr size_t kQuoted = 120;
  std::string quoted(line.substr(0, kQuoted));
  if (line.size() > kQuoted) quoted += "...";
  return MakeError("worker protocol", "", what + ": '" + quoted + "'");
}

std::string Line(const Json& j) {
  // Invalid UTF-8 in a message (a driver's text) is replaced rather than thrown on.
  return j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

// Paths and ids are bytes (a POSIX file name need not be UTF-8), and JSON text must be UTF-8: a request's
// strings travel each byte as the code point of its value (ISO 8859-1 read as Unicode), so the worker
// opens the very file the parent found, and no byte sequence is replaced on the way.
std::string BytesAsText(std::string_view bytes) {
  std::string text;
  for (const char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x80) {
      text += c;
    } else {
      text += static_cast<char>(0xC0 | (b >> 6));
      text += static_cast<char>(0x80 | (b & 0x3F));
    }
  }
  return text;
}

// The inverse, or nullopt for a code point past U+00FF, which BytesAsText never writes.
std::optional<std::string> TextAsBytes(std::string_view text) {
  std::string bytes;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      bytes += text[i];
    } else if ((b == 0xC2 || b == 0xC3) && i + 1 < text.size()) {
      bytes += static_cast<char>(((b & 0x03) << 6) | (static_cast<unsigned char>(text[++i]) & 0x3F));
    } else {
      return std::nullopt;
    }
  }
  return bytes;
}

std::optional<Json> ParseObject(std::string_view line) {
  Json j = Json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.size() != 1) return std::nullopt;
  return j;
}

}  // namespace

std::string EncodeRequest(const CaseRequest& r) {
  Json run{{"file", BytesAsText(r.file)}, {"root", BytesAsText(r.root)}, {"id", BytesAsText(r.id)}};
  if (!r.recipe.empty()) run["recipe"] = r.recipe;
  return Line(Json{{"run", std::move(run)}});
}

std::string EncodeMessage(const WorkerMessage& message) {
  if (const auto* ready = std::get_if<WorkerReady>(&message)) {
    return Line(Json{{"ready", {{"device", ready->device}, {"driver", ready->driver}}}});
  }
  if (const auto* unavailable = std::get_if<WorkerUnavailable>(&message)) {
    return Line(Json{{"unavailable", unavailable->reason}});
  }
  return Line(Json{{"result", CaseJson(std::get<CaseResult>(message))}});
}

Result<CaseRequest> DecodeRequest(std::string_view line) {
  const std::optional<Json> j = ParseObject(line);
  if (!j || !j->contains("run") || !(*j)["run"].is_object()) return ProtocolError(line, "not a run request");
  const Json& run = (*j)["run"];
  CaseRequest r;
  for (auto [key, into] : {std::pair<const char*, std::string*>{"file", &r.file}, {"root", &r.root}, {"id", &r.id}}) {
    if (!run.contains(key) || !run[key].is_string()) return ProtocolError(line, std::string("run request without \"") + key + "\"");
    std::optional<std::string> bytes = TextAsBytes(run[key].get_ref<const std::string&>());
    if (!bytes) return ProtocolError(line, std::string("run request whose \"") + key + "\" is not bytes as code points");
    *into = std::move(*bytes);
  }
  if (run.contains("recipe")) {
    if (!run["recipe"].is_string()) return ProtocolError(line, "run request whose \"recipe\" is not a string");
    r.recipe = run["recipe"].get<std::string>();
  }
  return r;
}

Result<WorkerMessage> DecodeMessage(std::string_view line) {
  const std::optional<Json> j = ParseObject(line);
  if (!j) return ProtocolError(line, "not a worker message");
  // The one member; items() would hand out a proxy that dies with the statement.
  const std::string key = j->begin().key();
  const Json& value = j->begin().value();
  if (key == "ready" && value.is_object()) {
    return WorkerMessage(WorkerReady{value.value("device", ""), value.value("driver", "")});
  }
  if (key == "unavailable" && value.is_string()) return WorkerMessage(WorkerUnavailable{value.get<std::string>()});
  if (key == "result") {
    Result<CaseResult> result = CaseFromJson(value);
    if (!result.ok()) return ProtocolError(line, "a result the parent cannot read: " + result.error().message);
    return WorkerMessage(std::move(result).value());
  }
  return ProtocolError(line, "unknown worker message \"" + key + "\"");
}

bool Answers(const CaseResult& result, const CaseRequest& request) {
  const Json sent = Json::parse(Line(Json(request.id)));
  return result.id == sent.get_ref<const std::string&>();
}

void LineSplitter::Append(std::span<const char> bytes) { pending_.append(bytes.data(), bytes.size()); }

std::optional<std::string> LineSplitter::Next() {
  const size_t newline = pending_.find('\n', scanned_);
  if (newline == std::string::npos) {
    scanned_ = pending_.size();
    return std::nullopt;
  }
  size_t end = newline;
  if (end > 0 && pending_[end - 1] == '\r') --end;
  std::string line = pending_.substr(0, end);
  pending_.erase(0, newline + 1);
  scanned_ = 0;
  return line;
}

}  // namespace dmlc::app::worker
