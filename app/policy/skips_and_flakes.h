// What --skips and --flakes make of a case, given their loaded pattern lists (case_patterns.h).
// Pure functions; thread-safe for distinct results.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "app/engine/case_result.h"
#include "app/policy/case_patterns.h"

namespace dmlc::app::policy {

// The message of a case --skips keeps from running: "skipped by FILE:LINE (PATTERN)"; nullopt when no
// pattern matches `id`. The runner records the case as CaseStatus::kSkip with this message.
std::optional<std::string> SkipMessage(const CasePatterns& skips, std::string_view id);

// A result whose status IsFailure() on an id `flakes` matches becomes CaseStatus::kFlake, its message
// "known flake (FILE:LINE (PATTERN)): STATUS: MESSAGE" (": MESSAGE" left out when there was none), so
// the outcome stays readable. Anything else is untouched. Call it after ApplyBaseline (baseline.h): an
// expected failure stays expected-fail, and a failure the baseline does not expect may still be a flake.
void ApplyKnownFlakes(const CasePatterns& flakes, CaseResult& result);

}  // namespace dmlc::app::policy
