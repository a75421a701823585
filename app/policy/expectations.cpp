#include "app/policy/expectations.h"

#include <map>

#include "app/policy/csv.h"
#include "app/policy/list_file.h"
#include "app/report/report_reader.h"

namespace dmlc::app::policy {
namespace {

constexpr const char* kScope = "baseline";
// Lines one id may have: each new one is checked against every earlier one, so a hostile file of one id
// on a million runtimes would take hours, not fail. Ours: far above any real matrix of configurations.
constexpr size_t kMaxLinesPerId = 256;

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

Result<Expectations> FromReport(std::string_view text, const std::string& source) {
  Result<RunReport> report = ParseJsonReport(text, source);
  if (!report.ok()) return report.error();
  Expectations expectations;
  for (const CaseResult& r : report->results) {
    if (r.status == CaseStatus::kExpectedFail && !RawFailure(r)) {
      Error e = MakeError(kScope, "", "case '" + r.id + "' is expected-fail but its expectedStatus '" +
                                          r.expected_status + "' is not fail, error, crash or timeout");
      e.where.file = source;
      return e;
    }
    if (std::optional<CaseStatus> failure = RawFailure(r)) {
      expectations.lines.push_back(ExpectationLine{0, {}, r.id, *failure, ""});
    }
  }
  return expectations;
}

// One CSV line, its tag group first when it opens with '['.
Result<ExpectationLine> ParseLine(const ListLine& line, const std::string& source) {
  auto error_at = [&](size_t offset, std::string message) {
    ListLine at = line;
    at.column += static_cast<int>(offset);
    return LineError(kScope, source, at, std::move(message));
  };
  ExpectationLine parsed;
  parsed.line = line.number;
  std::string_view csv = line.text;
  size_t csv_offset = 0;
  if (csv.starts_with('[')) {
    size_t consumed = 0;
    if (std::optional<TagGroupError> e = ParseTagGroup(csv, parsed.tags, consumed)) return error_at(e->offset, e->message);
    csv_offset = csv.find_first_not_of(" \t", consumed);
    if (csv_offset == std::string_view::npos) return error_at(consumed, "the tag group is followed by no id,status");
    csv = csv.substr(csv_offset);
  }
  auto error = [&](std::string message) { return error_at(csv_offset, std::move(message)); };
  Result<std::vector<std::string>> fields = SplitCsvLine(csv);
  if (!fields.ok()) return error(fields.error().message);
  if (fields->size() != 2 && fields->size() != 3) {
    return error("expected id,status or id,status,cause but found " + std::to_string(fields->size()) + " fields");
  }
  parsed.id = (*fields)[0];
  const std::string& name = (*fields)[1];
  if (parsed.id.empty()) return error("the id is empty");
  const std::optional<CaseStatus> status = ParseCsvStatus(name);
  if (!status) {
    return error("'" + name + "' is not a status a baseline lists: fail, error, crash, timeout (or Fail, Crash, Timeout)");
  }
  parsed.status = *status;
  if (fields->size() == 3) {
    if ((*fields)[2].empty()) return error("the cause is empty (leave the field out instead)");
    parsed.cause = (*fields)[2];
  }
  return parsed;
}

Result<Expectations> FromCsv(std::string_view text, const std::string& source) {
  Expectations expectations;
  // Id -> the lines before that name it; each new one must not overlap any of them.
  std::map<std::string, std::vector<size_t>, std::less<>> by_id;
  for (const ListLine& line : ContentLines(text)) {
    Result<ExpectationLine> parsed = ParseLine(line, source);
    if (!parsed.ok()) return parsed.error();
    std::vector<size_t>& earlier = by_id[parsed->id];
    if (earlier.size() >= kMaxLinesPerId) {
      return LineError(kScope, source, line, "'" + parsed->id + "' has more than " + std::to_string(kMaxLinesPerId) +
                                                 " lines (first at line " + std::to_string(expectations.lines[earlier[0]].line) + ")");
    }
    for (size_t index : earlier) {
      const ExpectationLine& other = expectations.lines[index];
      if (!MayOverlap(other.tags, parsed->tags)) continue;
      const std::string first = std::to_string(other.line);
      if (other.tags.constraints.empty() && parsed->tags.constraints.empty()) {
        return LineError(kScope, source, line, "'" + parsed->id + "' is listed again (first at line " + first + ")");
      }
      return LineError(kScope, source, line,
                       "'" + parsed->id + "': line " + std::to_string(line.number) + " " + parsed->tags.ToString() +
                           " and line " + first + " " + other.tags.ToString() +
                           " can match the same run; give them tags no run meets both of (runtime=a and runtime=b)");
    }
    earlier.push_back(expectations.lines.size());
    expectations.lines.push_back(std::move(parsed).value());
  }
  return expectations;
}

}  // namespace

Baseline Expectations::For(const RunTags& tags) const {
  Baseline baseline;
  for (const ExpectationLine& line : lines) {
    if (!line.tags.Matches(tags)) continue;
    baseline.expected.emplace(line.id, line.status);
    if (!line.cause.empty()) baseline.causes.emplace(line.id, line.cause);
  }
  return baseline;
}

bool Expectations::Tagged() const {
  for (const ExpectationLine& line : lines) {
    if (!line.tags.constraints.empty()) return true;
  }
  return false;
}

Result<Expectations> ParseExpectations(std::string_view text, const std::string& source) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') return FromReport(text, source);
  return FromCsv(text, source);
}

Result<Expectations> LoadExpectations(const std::filesystem::path& path) {
  Result<std::string> text = ReadListFile(path, kScope);
  if (!text.ok()) return text.error();
  return ParseExpectations(*text, path.string());
}

}  // namespace dmlc::app::policy
