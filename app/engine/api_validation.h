// Validation findings: where the API a backend runs (DirectML, through ApiBackend::JudgeDesc()) and the
// spec disagree about a desc. A desc the spec forbids that the API accepts, or a valid desc the API
// refuses, is a finding about the API, distinct from the tool's own validation (which decides
// expectError cases as before): the case fails with CaseResult::api_finding naming which kind, and its
// message carries the API's result and debug messages. Pure; thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "app/engine/case_result.h"
#include "backends/api_backend.h"

namespace dmlc::app {

// The finding for an API verdict on a desc the spec calls valid (`spec_valid`) or forbidden.
ApiFinding JudgeApiVerdict(bool spec_valid, const backends::ApiVerdict& verdict);

// The case's message for a finding other than kNone: what the API did, the spec's side (the rule it
// breaks, for kAcceptsInvalid) and the API's detail, e.g.
// "API validation finding (accepts-invalid): directml created the operator, but the spec forbids the
// desc: JOIN: ... (rule)".
std::string ApiFindingMessage(ApiFinding finding, std::string_view backend, const std::string& spec_rejection,
                              const backends::ApiVerdict& verdict);

}  // namespace dmlc::app
