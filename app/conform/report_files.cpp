#include "app/conform/report_files.h"

#include <fstream>
#include <functional>

#include <spdlog/spdlog.h>

#include "app/report/json_report.h"
#include "app/report/junit_report.h"

namespace dmlc::app {
namespace {

bool WriteFile(const std::string& path, const char* what, const std::function<void(std::ostream&)>& write) {
  std::ofstream out(path, std::ios::binary);
  if (out) write(out);
  if (!out) {
    spdlog::error("cannot write the {} report to {}", what, path);
    return false;
  }
  spdlog::info("{} report written to {}", what, path);
  return true;
}

}  // namespace

bool WriteReportFiles(const std::string& json, const std::string& junit, const RunContext& context,
                      const std::vector<CaseResult>& results) {
  bool written = true;
  if (!json.empty()) {
    written &= WriteFile(json, "JSON", [&](std::ostream& out) { WriteJsonReport(out, context, results); });
  }
  if (!junit.empty()) {
    written &= WriteFile(junit, "JUnit", [&](std::ostream& out) { WriteJUnitReport(out, context, results); });
  }
  return written;
}

}  // namespace dmlc::app
