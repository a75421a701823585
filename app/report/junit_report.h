// --junit: JUnit XML as CI systems read it. One <testsuite> per operator type (GATHER_ND1, REDUCE, ...;
// cases that could not be loaded form the suite "(not loaded)"), one <testcase> per case with
// <failure>, <error> or <skipped> carrying the message and the details the console prints.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "app/engine/case_result.h"

namespace dmlc::app {

void WriteJUnitReport(std::ostream& out, const RunContext& context, const std::vector<CaseResult>& results);

// XML-escapes text for attributes and character data; control characters XML 1.0 forbids become '?'.
std::string XmlEscape(const std::string& text);

}  // namespace dmlc::app
