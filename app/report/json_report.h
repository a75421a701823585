// --report: the run as JSON (schema in docs/reports.md, "The JSON report"). Opens with
// schemaVersion and the context block; non-finite numbers are the strings "nan", "inf", "-inf".
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/engine/case_result.h"

namespace dmlc::app {

nlohmann::ordered_json JsonReport(const RunContext& context, const std::vector<CaseResult>& results);
// The pieces of the report, also used on their own: one case object (the journal's lines and the worker
// protocol carry these), the context block, and a status's key in "totals" ("expectedFail").
nlohmann::ordered_json CaseJson(const CaseResult& result);
nlohmann::ordered_json ContextJson(const RunContext& context);
std::string StatusKey(CaseStatus status);
// The report, indented by two spaces, with a trailing newline.
void WriteJsonReport(std::ostream& out, const RunContext& context, const std::vector<CaseResult>& results);

}  // namespace dmlc::app
