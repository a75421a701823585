#include "app/compare/comparison.h"

namespace dmlc::app::compare {
namespace {

bool Failed(const std::string& status) { return status == "fail" || status == "error"; }

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
    if (Failed(n.status) && !Failed(b.status)) out.new_failures.push_back({id, b.status, n.status, n.message});
    if (Failed(b.status) && n.status == "pass") out.fixes.push_back({id, b.status, n.status, n.message});
    if (b.status == "pass" && n.status == "skip") out.newly_skipped.push_back({id, b.status, n.status, n.message});
    CompareTiming(id, b, n, thresholds, out);
  }
  for (const std::string& id : now.ids) {
    if (base.entries.count(id) != 0) continue;
    out.added.push_back(id);
    const ReportEntry& n = now.entries.at(id);
    if (Failed(n.status)) out.new_failures.push_back({id, "", n.status, n.message});
  }
  return out;
}

}  // namespace dmlc::app::compare
