#include "app/compare/run_compare.h"

namespace dmlc::app::compare {

int RunCompare(const CompareOptions& options, std::ostream& out, std::ostream& err) {
  auto base = LoadReport(options.base_path);
  if (!base.ok()) {
    err << "compare: " << base.error().ToString() << "\n";
    return kCompareUsageError;
  }
  auto now = LoadReport(options.new_path);
  if (!now.ok()) {
    err << "compare: " << now.error().ToString() << "\n";
    return kCompareUsageError;
  }
  if (base->kind != now->kind) {
    err << "compare: " << options.base_path << " is a " << ReportKindName(base->kind) << " but "
        << options.new_path << " is a " << ReportKindName(now->kind) << "; compare files of one kind\n";
    return kCompareUsageError;
  }
  const Comparison comparison = CompareReports(*base, *now, options.thresholds);
  WriteComparison(out, *base, *now, comparison, options.thresholds, options.format);
  return comparison.HasRegression() ? kCompareRegression : kCompareOk;
}

}  // namespace dmlc::app::compare
