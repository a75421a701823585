#include "app/worker/protocol.h"

#include <filesystem>
#include <map>
#include <string>
#include <type_traits>
#include <utility>

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

// Every option, under its key: the one list that EncodeOptions and DecodeOptions both walk. `Options` is
// WorkerOptions, const or not.
template <typename Options, typename Visit>
void EachOption(Options& o, Visit&& visit) {
  visit("backend", o.backend);
  visit("reference", o.reference);
  visit("device", o.device);
  visit("debug", o.debug);
  visit("threads", o.threads);
  visit("pipelineCache", o.pipeline_cache);
  visit("verbose", o.verbose);
  visit("featureLevel", o.run.feature_level);
  visit("jobs", o.run.jobs);
  visit("failFast", o.run.fail_fast);
  visit("dumpDir", o.run.dump_dir);
  visit("iterations", o.run.iterations);
  visit("warmup", o.run.warmup);
  visit("repeat", o.run.repeat);
  visit("maxReportedMismatches", o.run.max_reported_mismatches);
  visit("maxCaseMemory", o.run.max_case_memory);
  visit("executionFlags", o.run.execution_flags);
  visit("abMetacommands", o.run.ab_metacommands);
  visit("requiredBehaviours", o.run.required_behaviours);
  visit("strictExpected", o.run.strict_expected);
  visit("differentialRole", o.run.differential.role);
  visit("referenceOutputs", o.run.differential.outputs);
  visit("differentialReference", o.run.differential.reference);
  visit("exactReference", o.run.differential.exact);
  visit("maxFileSize", o.load.max_file_size);
  visit("allowPathsOutside", o.load.paths.allow_outside);
  visit("outputDir", o.load.paths.output_dir);
  visit("onnxTolerance", o.load.onnx_tolerance);
}

// An option's value as JSON: strings and paths as bytes (BytesAsText), the feature level by name or null.
Json OptionJson(const std::string& text) { return BytesAsText(text); }
// A path as UTF-8: on Windows path(std::string) reads the ANSI code page while string() writes UTF-8
// (mingw's libstdc++), so a folder "C:\Users\Jørn\..." came back as "JÃ¸rn"; u8string() and
// path(std::u8string) are each other's inverse there, and keep a POSIX path's bytes as they are.
Json OptionJson(const std::filesystem::path& path) {
  const std::u8string utf8 = path.u8string();
  return BytesAsText(std::string(utf8.begin(), utf8.end()));
}
Json OptionJson(const std::optional<ops::FeatureLevel>& level) {
  return level ? Json(std::string(ops::FeatureLevelName(*level))) : Json(nullptr);
}
// Behaviours by kind, as an object of strings ({"gather": "coordinate-clamp"}).
Json OptionJson(const std::map<std::string, std::string>& by_kind) {
  Json object = Json::object();
  for (const auto& [kind, name] : by_kind) object[kind] = name;
  return object;
}
Json OptionJson(DifferentialRun::Role role) { return std::string(RoleName(role)); }
template <typename T>
  requires std::is_arithmetic_v<T>
Json OptionJson(T value) {
  return value;
}

// The inverse of OptionJson into `into`; false when `j` holds no such value (a number out of range too).
bool ReadOption(const Json& j, std::string& into) {
  std::optional<std::string> bytes = j.is_string() ? TextAsBytes(j.get_ref<const std::string&>()) : std::nullopt;
  if (bytes) into = std::move(*bytes);
  return bytes.has_value();
}
bool ReadOption(const Json& j, std::filesystem::path& into) {
  std::string text;
  if (!ReadOption(j, text)) return false;
  into = std::filesystem::path(std::u8string(text.begin(), text.end()));
  return true;
}
bool ReadOption(const Json& j, std::optional<ops::FeatureLevel>& into) {
  if (j.is_null()) into.reset();
  else if (j.is_string()) into = ops::ParseFeatureLevel(j.get_ref<const std::string&>());
  return j.is_null() || into.has_value();
}
bool ReadOption(const Json& j, std::map<std::string, std::string>& into) {
  if (!j.is_object()) return false;
  into.clear();
  for (const auto& [kind, name] : j.items()) {
    if (!name.is_string()) return false;
    into[kind] = name.get<std::string>();
  }
  return true;
}
bool ReadOption(const Json& j, DifferentialRun::Role& into) {
  const std::optional<DifferentialRun::Role> role =
      j.is_string() ? ParseRole(j.get_ref<const std::string&>()) : std::nullopt;
  if (role) into = *role;
  return role.has_value();
}
bool ReadOption(const Json& j, bool& into) {
  if (j.is_boolean()) into = j.get<bool>();
  return j.is_boolean();
}
template <typename T>
  requires std::is_integral_v<T>
bool ReadOption(const Json& j, T& into) {
  if (j.is_number_unsigned() && std::in_range<T>(j.get<uint64_t>())) into = static_cast<T>(j.get<uint64_t>());
  else if (j.is_number_integer() && std::in_range<T>(j.get<int64_t>())) into = static_cast<T>(j.get<int64_t>());
  else return false;
  return true;
}

}  // namespace

std::string EncodeOptions(const WorkerOptions& o) {
  Json options = Json::object();
  EachOption(o, [&](const char* key, const auto& value) { options[key] = OptionJson(value); });
  return Line(Json{{"options", std::move(options)}});
}

Result<WorkerOptions> DecodeOptions(std::string_view line) {
  const std::optional<Json> j = ParseObject(line);
  if (!j || !j->contains("options") || !(*j)["options"].is_object()) return ProtocolError(line, "not the options");
  const Json& options = (*j)["options"];
  WorkerOptions o;
  std::optional<Error> wrong;
  size_t known = 0;
  EachOption(o, [&](const std::string& key, auto& into) {
    if (wrong) return;
    if (!options.contains(key)) wrong = ProtocolError(line, "options without \"" + key + "\"");
    else if (!ReadOption(options[key], into)) wrong = ProtocolError(line, "option \"" + key + "\" holds no valid value");
    ++known;
  });
  if (wrong) return *wrong;
  // Both ends are the same program: an option the list lacks is a parent of another version.
  if (options.size() != known) return ProtocolError(line, "options this worker does not know");
  return o;
}

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
