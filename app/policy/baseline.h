// --baseline FILE: the failures a run is known to have, as deqp-runner keeps them, and what they make of
// a result; --write-baseline FILE: such a file from a run's results.
//
// A baseline file is either a dml-conform JSON report (--report; its first non-space character is '{')
// or CSV lines `id,status` (deqp-runner's form) or `id,status,cause`: ids in RFC 4180 quotes where they
// hold ',' or '"', statuses as StatusName spells the failing ones (fail, error, crash, timeout) or as
// deqp-runner does (Fail, Crash, Timeout), an optional cause (why the case is known to fail: whose
// behaviour, which version) that the expected-fail's message carries, '#' comment lines and blank lines
// ignored. Only failures are listed. A line may open with a tag group that says which runs it applies
// to (expectations.h): ParseBaseline keeps the lines a run with `tags` meets.
// A loaded Baseline is read-only and thread-safe to share; the functions below other than LoadBaseline
// are pure. The loader validates every line.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/engine/case_result.h"
#include "app/policy/run_tags.h"
#include "ops/error.h"

namespace dmlc::app::policy {

struct Baseline {
  // Case id -> the failing status expected of it (IsFailure() holds for every one).
  std::map<std::string, CaseStatus, std::less<>> expected;
  // Case id -> the cause its line gives; ids whose line gives none are absent.
  std::map<std::string, std::string, std::less<>> causes;

  std::optional<CaseStatus> Expected(std::string_view id) const;
  bool operator==(const Baseline&) const = default;
};

// `source` names the file in errors. CSV errors name SOURCE:LINE:COLUMN and what is wrong (field count,
// quotes, an unknown or non-failing status, an empty or repeated id); report errors are the reader's.
// From a report, a case's baseline status is its raw outcome: a failure status as it is, expected-fail's
// `expectedStatus`; passes, skips, flakes and unexpected passes are not listed. Tagged lines count only
// where `tags` meets them (a run without tags meets none: only untagged lines apply).
Result<Baseline> ParseBaseline(std::string_view text, const std::string& source, const RunTags& tags = {});
Result<Baseline> LoadBaseline(const std::filesystem::path& path, const RunTags& tags = {});

// What running the case gave, before a baseline or a flakes list judged it, when that was a failure.
// An expected-fail whose expected_status is not a failure (a hand-edited report) has none.
std::optional<CaseStatus> RawFailure(const CaseResult& result);

// When the baseline lists `result.id`: sets `expected_status`, then
//  - a failure with the listed status becomes kExpectedFail, its message prefixed
//    "expected by the baseline: " (or "expected by the baseline (CAUSE): ");
//  - a failure with another status stays, " (the baseline expects STATUS)" appended to its message;
//  - a pass becomes kUnexpectedPass, "passed, but the baseline expects STATUS (CAUSE): remove it from the
//    baseline" (without " (CAUSE)" when the line gives none).
// Skips and unlisted ids are left as they are. Apply it to a raw outcome, before ApplyKnownFlakes.
void ApplyBaseline(const Baseline& baseline, CaseResult& result);

// The --write-baseline file: "# dml-conform baseline: id,status[,cause]", then one CSV line per result
// whose raw outcome is a failure (IsFailure(status), or kExpectedFail with its expected_status), in
// result order, with the cause `kept` (the run's --baseline) gives its id, if any: a known failure keeps
// its explanation when the file is rewritten. ParseBaseline reads it back to the baseline these results
// stand for.
std::string BaselineCsv(const std::vector<CaseResult>& results, const Baseline* kept = nullptr);

}  // namespace dmlc::app::policy
