#include "app/policy/baseline.h"

#include "app/policy/csv.h"
#include "app/policy/list_file.h"
#include "app/report/report_reader.h"

namespace dmlc::app::policy {
namespace {

constexpr const char* kScope = "baseline";

// What running the case gave, before a baseline or a flakes list judged it, when that was a failure.
// An expected-fail whose expected_status is not a failure (a hand-edited report) has none.
std::optional<CaseStatus> RawFailure(const CaseResult& r) {
  if (IsFailure(r.status)) return r.status;
  if (r.status != CaseStatus::kExpectedFail) return std::nullopt;
  const std::optional<CaseStatus> expected = ParseStatus(r.expected_status);
  if (!expected || !IsFailure(*expected)) return std::nullopt;
  return expected;
}

// A status in a CSV line: ours, or deqp-runner's capitalised names for the failures it has.
std::optional<CaseStatus> ParseCsvStatus(std::string_view name) {
  static constexpr std::pair<std::string_view, CaseStatus> kDeqpRunner[] = {
      {"Fail", CaseStatus::kFail}, {"Crash", CaseStatus::kCrash}, {"Timeout", CaseStatus::kTimeout}};
  for (const auto& [spelling, status] : kDeqpRunner) {
    if (name == spelling) return status;
  }
  std::optional<CaseStatus> status = ParseStatus(name);
  if (!status || !IsFailure(*status)) return std::nullopt;
  return status;
}

Result<Baseline> FromReport(std::string_view text, const std::string& source) {
  Result<RunReport> report = ParseJsonReport(text, source);
  if (!report.ok()) return report.error();
  Baseline baseline;
  for (const CaseResult& r : report->results) {
    if (r.status == CaseStatus::kExpectedFail && !RawFailure(r)) {
      Error e = MakeError(kScope, "", "case '" + r.id + "' is expected-fail but its expectedStatus '" +
                                          r.expected_status + "' is not fail, error, crash or timeout");
      e.where.file = source;
      return e;
    }
    if (std::optional<CaseStatus> failure = RawFailure(r)) baseline.expected.emplace(r.id, *failure);
  }
  return baseline;
}

Result<Baseline> FromCsv(std::string_view text, const std::string& source) {
  Baseline baseline;
  std::map<std::string, int, std::less<>> first_line;
  for (const ListLine& line : ContentLines(text)) {
    auto error = [&](std::string message) { return LineError(kScope, source, line, std::move(message)); };
    Result<std::vector<std::string>> fields = SplitCsvLine(line.text);
    if (!fields.ok()) return error(fields.error().message);
    if (fields->size() != 2 && fields->size() != 3) {
      return error("expected id,status or id,status,cause but found " + std::to_string(fields->size()) + " fields");
    }
    const std::string& id = (*fields)[0];
    const std::string& name = (*fields)[1];
    if (id.empty()) return error("the id is empty");
    const std::optional<CaseStatus> status = ParseCsvStatus(name);
    if (!status) {
      return error("'" + name +
                   "' is not a status a baseline lists: fail, error, crash, timeout (or Fail, Crash, Timeout)");
    }
    if (auto [it, added] = first_line.emplace(id, line.number); !added) {
      return error("'" + id + "' is listed again (first at line " + std::to_string(it->second) + ")");
    }
    baseline.expected.emplace(id, *status);
    if (fields->size() == 3) {
      if ((*fields)[2].empty()) return error("the cause is empty (leave the field out instead)");
      baseline.causes.emplace(id, (*fields)[2]);
    }
  }
  return baseline;
}

}  // namespace

std::optional<CaseStatus> Baseline::Expected(std::string_view id) const {
  auto it = expected.find(id);
  if (it == expected.end()) return std::nullopt;
  return it->second;
}

Result<Baseline> ParseBaseline(std::string_view text, const std::string& source) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') return FromReport(text, source);
  return FromCsv(text, source);
}

Result<Baseline> LoadBaseline(const std::filesystem::path& path) {
  Result<std::string> text = ReadListFile(path, kScope);
  if (!text.ok()) return text.error();
  return ParseBaseline(*text, path.string());
}

void ApplyBaseline(const Baseline& baseline, CaseResult& result) {
  const std::optional<CaseStatus> expected = baseline.Expected(result.id);
  if (!expected) return;
  const std::string name(StatusName(*expected));
  result.expected_status = name;
  auto cause = baseline.causes.find(result.id);
  const std::string because = cause == baseline.causes.end() ? "" : " (" + cause->second + ")";
  if (IsFailure(result.status) && result.status == *expected) {
    result.status = CaseStatus::kExpectedFail;
    result.message = "expected by the baseline" + because + ": " + result.message;
  } else if (IsFailure(result.status)) {
    result.message += " (the baseline expects " + name + ")";
  } else if (result.status == CaseStatus::kPass) {
    result.status = CaseStatus::kUnexpectedPass;
    result.message = "passed, but the baseline expects " + name + because + ": remove it from the baseline";
  }
}

std::string BaselineCsv(const std::vector<CaseResult>& results, const Baseline* kept) {
  std::string csv = "# dml-conform baseline: id,status[,cause]\n";
  for (const CaseResult& r : results) {
    if (std::optional<CaseStatus> failure = RawFailure(r)) {
      csv += CsvField(r.id) + "," + std::string(StatusName(*failure));
      if (kept != nullptr) {
        if (auto cause = kept->causes.find(r.id); cause != kept->causes.end()) csv += "," + CsvField(cause->second);
      }
      csv += "\n";
    }
  }
  return csv;
}

}  // namespace dmlc::app::policy
