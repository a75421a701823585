// --report: the run as JSON (schema documented in the README, "Report schema"). Opens with
// schemaVersion and the context block; non-finite numbers are the strings "nan", "inf", "-inf".
#pragma once

#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/engine/case_result.h"

namespace dmlc::app {

nlohmann::ordered_json JsonReport(const RunContext& context, const std::vector<CaseResult>& results);
// The report, indented by two spaces, with a trailing newline.
void WriteJsonReport(std::ostream& out, const RunContext& context, const std::vector<CaseResult>& results);

}  // namespace dmlc::app
