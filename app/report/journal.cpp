#include "app/report/journal.h"

#include <map>

#include <nlohmann/json.hpp>

#include "app/case/bounded_json.h"
#include "app/report/json_report.h"
#include "backends/file_access.h"

namespace dmlc::app {
namespace {

using Json = nlohmann::ordered_json;

Error FileError(const std::filesystem::path& path, const std::string& message) {
  Error e = MakeError("report", "", message);
  e.where.file = path.string();
  return e;
}

// One journal line. Device names and messages may hold invalid UTF-8, which nlohmann throws on unless
// told to replace it.
std::string Line(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"; }

// Appends or replaces by id, keeping first-seen order.
void Upsert(std::vector<CaseResult>& results, std::map<std::string, size_t>& index, CaseResult result) {
  auto [it, fresh] = index.emplace(result.id, results.size());
  if (fresh) {
    results.push_back(std::move(result));
  } else {
    results[it->second] = std::move(result);
  }
}

}  // namespace

std::filesystem::path Journal::PathFor(const std::filesystem::path& report) {
  std::filesystem::path journal = report;
  journal += ".journal";
  return journal;
}

Result<Journal> Journal::Create(const std::filesystem::path& report, const RunContext& context) {
  Journal j;
  j.path_ = PathFor(report);
  // Not through a link planted at its name (issue 47, defect 5), and not inherited by the workers
  // started while it is open (on Windows a file a child holds open cannot even be removed).
  Result<backends::UniqueFile> file = backends::CreateForWriting(j.path_, backends::CreateMode::kTruncate);
  if (!file.ok()) return FileError(j.path_, "cannot create the journal: " + file.error().message);
  j.file_.reset(file->release());
  const std::string line = Line({{"context", ContextJson(context)}});
  if (std::fputs(line.c_str(), j.file_.get()) < 0 || std::fflush(j.file_.get()) != 0) {
    return FileError(j.path_, "cannot write the journal");
  }
  return j;
}

Status Journal::Append(const CaseResult& result) {
  const std::string line = Line({{"case", CaseJson(result)}});
  if (std::fwrite(line.data(), 1, line.size(), file_.get()) != line.size() || std::fflush(file_.get()) != 0) {
    return FileError(path_, "cannot write the journal");
  }
  return OkStatus();
}

void Journal::Remove() {
  file_.reset();
  std::error_code ignored;
  std::filesystem::remove(path_, ignored);
}

Result<RunReport> ReadJournal(const std::filesystem::path& path) {
  Result<std::string> text = ReadTextFile(path);
  if (!text.ok()) return text.error();
  RunReport report;
  std::map<std::string, size_t> index;
  bool has_context = false;
  size_t start = 0;
  for (int line_number = 1; start < text->size(); ++line_number) {
    const size_t end = text->find('\n', start);
    if (end == std::string::npos) break;  // torn: the process died while writing it
    const std::string_view text_line = std::string_view(*text).substr(start, end - start);
    start = end + 1;
    auto bad = [&](const std::string& what) {
      Error e = FileError(path, what);
      e.where.line = line_number;
      return e;
    };
    if (Status shallow = CheckJsonDepth(text_line, path.string(), "report"); !shallow.ok()) {
      Error e = bad(shallow.error().message);
      e.where.column = shallow.error().where.column;
      return e;
    }
    const Json j = Json::parse(text_line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return bad("not a journal line");
    if (j.contains("context")) {
      Result<RunContext> context = ContextFromJson(j["context"]);
      if (!context.ok()) return bad(context.error().message);
      report.context = std::move(context).value();
      has_context = true;
    } else if (j.contains("case")) {
      Result<CaseResult> result = CaseFromJson(j["case"]);
      if (!result.ok()) return bad(result.error().message);
      Upsert(report.results, index, std::move(result).value());
    } else {
      return bad("not a journal line");
    }
  }
  if (!has_context) return FileError(path, "not a journal (no context line)");
  return report;
}

Result<RunReport> ReadFinished(const std::filesystem::path& report_path) {
  const std::filesystem::path journal_path = Journal::PathFor(report_path);
  const bool has_report = std::filesystem::exists(report_path), has_journal = std::filesystem::exists(journal_path);
  if (!has_report && !has_journal) return FileError(report_path, "neither the report nor its journal exists");
  RunReport finished;
  std::map<std::string, size_t> index;
  if (has_report) {
    Result<RunReport> report = ReadJsonReport(report_path);
    if (!report.ok()) return report.error();
    finished.context = report->context;
    for (CaseResult& r : report->results) Upsert(finished.results, index, std::move(r));
  }
  if (has_journal) {
    Result<RunReport> journal = ReadJournal(journal_path);
    if (!journal.ok()) return journal.error();
    if (!has_report) finished.context = journal->context;
    for (CaseResult& r : journal->results) Upsert(finished.results, index, std::move(r));
  }
  return finished;
}

}  // namespace dmlc::app
