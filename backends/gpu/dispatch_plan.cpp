#include "backends/gpu/dispatch_plan.h"

#include "backends/gpu/planners.h"

namespace dmlc::backends::gpu {
Result<std::vector<Dispatch>> PlanDispatches(const ops::OperatorDesc& desc, const DeviceLimits& limits) {
  return std::visit([&](const auto& d) { return Plan(d, limits); }, desc);
}

std::vector<std::string> AllKernelNames() {
  return {
#include "kernel_names.inc"
  };
}

}  // namespace dmlc::backends::gpu
