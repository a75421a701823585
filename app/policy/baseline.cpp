#include "app/policy/baseline.h"

#include "app/policy/csv.h"
#include "app/policy/expectations.h"

namespace dmlc::app::policy {

std::optional<CaseStatus> Baseline::Expected(std::string_view id) const {
  auto it = expected.find(id);
  if (it == expected.end()) return std::nullopt;
  return it->second;
}

std::optional<CaseStatus> RawFailure(const CaseResult& r) {
  if (IsFailure(r.status)) return r.status;
  if (r.status != CaseStatus::kExpectedFail) return std::nullopt;
  const std::optional<CaseStatus> expected = ParseStatus(r.expected_status);
  if (!expected || !IsFailure(*expected)) return std::nullopt;
  return expected;
}

Result<Baseline> ParseBaseline(std::string_view text, const std::string& source, const RunTags& tags) {
  Result<Expectations> expectations = ParseExpectations(text, source);
  if (!expectations.ok()) return expectations.error();
  return expectations->For(tags);
}

Result<Baseline> LoadBaseline(const std::filesystem::path& path, const RunTags& tags) {
  Result<Expectations> expectations = LoadExpectations(path);
  if (!expectations.ok()) return expectations.error();
  return expectations->For(tags);
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
