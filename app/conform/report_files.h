// The report files a command writes (--report, --junit), shared by `run` and `merge`.
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

// Writes the JSON report to `json` and the JUnit file to `junit`, each only when its path is not empty,
// logging where each went. False, logged, when one could not be written.
bool WriteReportFiles(const std::string& json, const std::string& junit, const RunContext& context,
                      const std::vector<CaseResult>& results);

}  // namespace dmlc::app
