#include "app/policy/skips_and_flakes.h"

namespace dmlc::app::policy {

std::optional<std::string> SkipMessage(const CasePatterns& skips, std::string_view id) {
  std::optional<std::string> where = skips.Match(id);
  if (!where) return std::nullopt;
  return "skipped by " + *where;
}

void ApplyKnownFlakes(const CasePatterns& flakes, CaseResult& result) {
  if (!IsFailure(result.status)) return;
  const std::optional<std::string> where = flakes.Match(result.id);
  if (!where) return;
  std::string outcome(StatusName(result.status));
  if (!result.message.empty()) outcome += ": " + result.message;
  result.status = CaseStatus::kFlake;
  result.message = "known flake (" + *where + "): " + outcome;
}

}  // namespace dmlc::app::policy
