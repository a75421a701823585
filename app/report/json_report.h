// --report: the run as JSON (schema in docs/reports.md, "The JSON report"). Opens with
// schemaVersion and the context block; non-finite numbers are the strings "nan", "inf", "-inf".
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/engine/case_result.h"

namespace dmlc::app {

// The error maps' bytes one report keeps; the maps of cases past it are left out and the cases say so
// ("errorMapsOmitted"), so a run with many failures still writes a report of bounded size.
inline constexpr uint64_t kErrorMapBytesPerReport = uint64_t{3} << 20;

nlohmann::ordered_json JsonReport(const RunContext& context, const std::vector<CaseResult>& results);
// The pieces of the report, also used on their own: one case object (the journal's lines and the worker
// protocol carry these), the context block, and a status's key in "totals" ("expectedFail").
// `with_error_maps` false leaves the maps out and marks them omitted.
nlohmann::ordered_json CaseJson(const CaseResult& result, bool with_error_maps = true);
nlohmann::ordered_json ContextJson(const RunContext& context);
// {"cases", one count per status under its StatusKey, and "passedUnderAnotherBehaviour" when some pass did}
nlohmann::ordered_json TotalsJson(const RunTotals& totals);
// A run's tags (RunContext::tags) as the context's "tags" object: {"backend": "cpu", ...}, in their order.
nlohmann::ordered_json TagsJson(const std::vector<std::pair<std::string, std::string>>& tags);
std::string StatusKey(CaseStatus status);
// The report, indented by two spaces, with a trailing newline.
void WriteJsonReport(std::ostream& out, const RunContext& context, const std::vector<CaseResult>& results);

}  // namespace dmlc::app
