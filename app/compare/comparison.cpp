#include "app/compare/comparison.h"

namespace dmlc::app::compare {
namespace {

bool Failing(CaseStatus s) { return !CountsAsSuccess(s); }

// A worker that died or hung is news even when the case already failed.
bool NewFailure(CaseStatus base, CaseStatus now) {
  if (!Failing(now)) return false;
  const bool worker_lost = now == CaseStatus::kCrash || now == CaseStatus::kTimeout;
  return !Failing(base) || (worker_lost && now != base);
}

// Skip succeeds too, but a case that stopped running is not fixed.
bool Fixed(CaseStatus base, CaseStatus now) {
  return Failing(base) && (now == CaseStatus::kPass || now == CaseStatus::kExpectedFail || now == CaseStatus::kFlake);
}

StatusChange Change(const std::string& id, const ReportEntry* base, const ReportEntry& now) {
  return {id, base != nullptr ? std::string(StatusName(base->status)) : "", std::string(StatusName(now.status)),
          now.message};
}

void CompareTiming(const std::string& id, const ReportEntry& base, const ReportEntry& now, const Thresholds& t,
                   Comparison& out) {
  if (!base.median_ms || !now.median_ms || *base.median_ms <= 0) return;
  ++out.timings_compared;
  const double b = *base.median_ms;
  const double n = *now.median_ms;
  if (n > b * (1 + t.relative) && n - b > t.noise_floor_ms) out.regressions.push_back({id, b, n});
  if (n * (1 + t.relative) < b && b - n > t.noise_floor_ms) out.improvements.push_back({id, b, n});
}

}  // namespace

Comparison CompareReports(const LoadedReport& base, const LoadedReport& now, const Thresholds& thresholds) {
  Comparison out;
  for (const std::string& id : base.ids) {
    const ReportEntry& b = base.entries.at(id);
    auto it = now.entries.find(id);
    if (it == now.entries.end()) {
      out.missing.push_back(id);
      continue;
    }
    const ReportEntry& n = it->second;
    if (NewFailure(b.status, n.status)) out.new_failures.push_back(Change(id, &b, n));
    if (Fixed(b.status, n.status)) out.fixes.push_back(Change(id, &b, n));
    if (b.status == CaseStatus::kPass && n.status == CaseStatus::kSkip) out.newly_skipped.push_back(Change(id, &b, n));
    CompareTiming(id, b, n, thresholds, out);
  }
  for (const std::string& id : now.ids) {
    if (base.entries.count(id) != 0) continue;
    out.added.push_back(id);
    const ReportEntry& n = now.entries.at(id);
    if (Failing(n.status)) out.new_failures.push_back(Change(id, nullptr, n));
  }
  return out;
}

}  // namespace dmlc::app::compare
