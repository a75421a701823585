// The one way dml-conform parses JSON it did not just build (reports, journals, baselines' reports,
// compare's inputs, fuzz recipes): the text's nesting is measured before nlohmann builds anything, since
// nlohmann copies, compares and prints a value recursively, and a report nested 50,000 levels deep
// crashed `html`, `merge`, `--baseline` and `--resume` (issue 47, defect 4). Numbers nlohmann cannot
// hold (1e400) are an error here too, never an exception. Case and model files have their own parser
// with the same depth limit (json_locations.h). Pure; thread-safe.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "app/case/json_locations.h"
#include "ops/error.h"

namespace dmlc::app {

// Nesting deeper than kMaxJsonDepth, as an error in `scope` naming `file` and the line:column of the
// first bracket too deep; OK otherwise (the text need not be valid JSON).
Status CheckJsonDepth(std::string_view text, const std::string& file, const std::string& scope);

// `text` parsed, after CheckJsonDepth. Errors in `scope` naming `file`: too deep, "not valid JSON" (with
// nlohmann's explanation, which says where), a number out of range.
Result<nlohmann::ordered_json> ParseBoundedJson(std::string_view text, const std::string& file, const std::string& scope);

}  // namespace dmlc::app
