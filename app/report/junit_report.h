// --junit: JUnit XML as CI systems read it. One <testsuite> per operator type (GATHER_ND1, REDUCE, ...;
// cases that could not be loaded form the suite "(not loaded)"), the context as properties, one
// <testcase> per case. JUnit knows only failure, error and skipped, so: fail and unexpected-pass are
// <failure type="...">, error, crash and timeout are <error type="...">, both carrying the message and
// the details the console prints; skip is <skipped>; expected-fail and flake pass, with <system-out>
// giving the status and details. The suites' counts follow the same mapping.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "app/engine/case_result.h"

namespace dmlc::app {

void WriteJUnitReport(std::ostream& out, const RunContext& context, const std::vector<CaseResult>& results);

// XML-escapes character data; control characters XML 1.0 forbids become '?'.
std::string XmlEscape(const std::string& text);
// XmlEscape, and line breaks and tabs as character references, which a parser would otherwise turn
// into spaces in an attribute value (a crash's message has the worker's last stderr lines).
std::string XmlAttribute(const std::string& text);

}  // namespace dmlc::app
