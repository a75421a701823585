#include "app/conform/report_files.h"

#include <functional>
#include <sstream>

#include <spdlog/spdlog.h>

#include "app/report/journal.h"
#include "app/report/json_report.h"
#include "app/report/junit_report.h"

namespace dmlc::app {

// Whole or not at all: a report is written beside its path and renamed over it, so a reader (or a run
// killed while writing) never sees half of one.
bool WriteReportFile(const std::string& path, const char* what, const std::function<void(std::ostream&)>& write) {
  std::ostringstream text;
  write(text);
  Status written = WriteFileAtomically(path, text.str());
  if (!written.ok()) {
    spdlog::error("cannot write the {} report: {}", what, written.error().ToString());
    return false;
  }
  spdlog::info("{} report written to {}", what, path);
  return true;
}

bool WriteReportFiles(const std::string& json, const std::string& junit, const RunContext& context,
                      const std::vector<CaseResult>& results) {
  bool written = true;
  if (!json.empty()) {
    written &= WriteReportFile(json, "JSON", [&](std::ostream& out) { WriteJsonReport(out, context, results); });
  }
  if (!junit.empty()) {
    written &= WriteReportFile(junit, "JUnit", [&](std::ostream& out) { WriteJUnitReport(out, context, results); });
  }
  return written;
}

}  // namespace dmlc::app
