// The report files a command writes (--report, --junit, --html), shared by `run`, `fuzz` and `merge`.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "app/engine/case_result.h"

namespace dmlc::app {

// Writes one file from what `write` prints, whole: to a temporary file renamed over `path`. Logs where
// it went; false, logged, when it could not be written.
bool WriteReportFile(const std::string& path, const char* what, const std::function<void(std::ostream&)>& write);

struct ReportPaths {
  std::string json;   // --report
  std::string junit;  // --junit
  std::string html;   // --html: the page `dml-conform html` would make of the JSON report
};

// Writes each report whose path is not empty, logging where each went. False, logged, when one could
// not be written.
bool WriteReportFiles(const ReportPaths& paths, const RunContext& context, const std::vector<CaseResult>& results);

}  // namespace dmlc::app
