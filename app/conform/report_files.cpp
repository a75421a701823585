#include "app/conform/report_files.h"

#include <functional>

#include <spdlog/spdlog.h>

#include "app/html/html_report.h"
#include "app/report/json_report.h"
#include "app/report/junit_report.h"
#include "backends/cache_files.h"

namespace dmlc::app {

// Whole or not at all: a report is written beside its path and renamed over it, so a reader (or a run
// killed while writing) never sees half of one. Streamed there, never held whole in memory.
bool WriteReportFile(const std::string& path, const char* what, const std::function<void(std::ostream&)>& write) {
  Status written = backends::WriteFileAtomically(path, write);
  if (!written.ok()) {
    spdlog::error("cannot write the {} report: {}", what, written.error().ToString());
    return false;
  }
  spdlog::info("{} report written to {}", what, path);
  return true;
}

bool WriteReportFiles(const ReportPaths& paths, const RunContext& context, const std::vector<CaseResult>& results) {
  bool written = true;
  if (!paths.json.empty()) {
    written &= WriteReportFile(paths.json, "JSON", [&](std::ostream& out) { WriteJsonReport(out, context, results); });
  }
  if (!paths.junit.empty()) {
    written &= WriteReportFile(paths.junit, "JUnit", [&](std::ostream& out) { WriteJUnitReport(out, context, results); });
  }
  if (!paths.html.empty()) {
    written &= WriteReportFile(paths.html, "HTML", [&](std::ostream& out) {
      out << html::RunPage({.context = &context, .results = &results, .run_path = paths.json});
    });
  }
  return written;
}

}  // namespace dmlc::app
