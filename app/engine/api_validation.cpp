#include "app/engine/api_validation.h"

namespace dmlc::app {

ApiFinding JudgeApiVerdict(bool spec_valid, const backends::ApiVerdict& verdict) {
  if (spec_valid && !verdict.accepted) return ApiFinding::kRefusesValid;
  if (!spec_valid && verdict.accepted) return ApiFinding::kAcceptsInvalid;
  return ApiFinding::kNone;
}

std::string ApiFindingMessage(ApiFinding finding, std::string_view backend, const std::string& spec_rejection,
                              const backends::ApiVerdict& verdict) {
  const std::string head = "API validation finding (" + std::string(ApiFindingName(finding)) + "): " + std::string(backend);
  if (finding == ApiFinding::kAcceptsInvalid) {
    return head + " created the operator, but the spec forbids the desc: " + spec_rejection;
  }
  return head + " refused a valid, supported desc: " + verdict.detail;
}

}  // namespace dmlc::app
