#include "backends/unavailable_backend.h"

namespace dmlc::backends {

UnavailableBackend::UnavailableBackend(std::string name, std::string reason)
    : name_(std::move(name)), reason_(std::move(reason)) {
  info_.name = "none (unavailable)";
  info_.properties = {{"unavailable", reason_}};
}

Support UnavailableBackend::Supports(const ops::OperatorDesc&) const { return Support::No("unavailable: " + reason_); }

Result<std::unique_ptr<PreparedOperator>> UnavailableBackend::Prepare(const ops::OperatorDesc&) {
  return MakeError(name_, "", "unavailable: " + reason_, "the backend's runtime is installed");
}

}  // namespace dmlc::backends
