#include "app/html/html_report.h"

#include "app/compare/report_loader.h"
#include "app/html/html_page.h"
#include "app/report/report_reader.h"
#include "backends/cache_files.h"

namespace dmlc::app::html {
namespace {

Error FileError(const std::string& path, std::string message) {
  Error e = MakeError("html", "", std::move(message));
  e.where.file = path;
  return e;
}

// `compare`'s view of a report, which must be a run's report, not benchmark JSON.
Result<compare::LoadedReport> LoadRunReport(const std::string& path) {
  Result<compare::LoadedReport> loaded = compare::LoadReport(path);
  if (loaded.ok() && loaded->kind != compare::ReportKind::kConformance) {
    return FileError(path, "is " + std::string(compare::ReportKindName(loaded->kind)) +
                               "; the page draws dml-conform --report files");
  }
  return loaded;
}

}  // namespace

std::string RunPage(const PageInputs& inputs) {
  const RunContext& c = *inputs.context;
  return HtmlPage(PageData(inputs), "dml-conform: " + c.backend + (c.device.empty() ? "" : " on " + c.device));
}

std::optional<Error> WriteHtmlReport(const HtmlOptions& options) {
  Result<RunReport> run = ReadJsonReport(options.report);
  if (!run.ok()) return run.error();
  PageInputs inputs{&run->context, &run->results, options.report};
  std::optional<compare::Comparison> comparison;
  if (!options.base.empty()) {
    Result<compare::LoadedReport> base = LoadRunReport(options.base);
    if (!base.ok()) return base.error();
    Result<compare::LoadedReport> now = LoadRunReport(options.report);
    if (!now.ok()) return now.error();
    comparison = compare::CompareReports(*base, *now, options.thresholds);
    inputs.comparison = &*comparison;
    inputs.base_path = options.base;
  }
  if (Status written = backends::WriteFileAtomically(options.output, RunPage(inputs)); !written.ok()) return written.error();
  return std::nullopt;
}

}  // namespace dmlc::app::html
