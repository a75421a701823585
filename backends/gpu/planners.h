// The planners behind PlanDispatches, one per operator and file, and the naming they share (internal to
// backends/gpu). Each assumes ops::Validate() accepted its desc.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "backends/gpu/dispatch_plan.h"
#include "ops/operator_desc.h"

namespace dmlc::backends::gpu {

inline std::string ElementKernel(std::string_view base, ops::DataType type) {
  return std::string(base) + "_b" + std::to_string(ops::ElementSize(type));
}

inline uint32_t IndexFlags(ops::DataType type) {
  return (ops::IsSignedInteger(type) ? DMLC_INDEX_SIGNED : 0u) | (ops::ElementSize(type) == 8 ? DMLC_INDEX_WIDE : 0u);
}


// Plan(const ops::<Op>Desc&, limits) for every operator, in backends/gpu/plan_<op>.cpp.
#define DMLC_DECLARE_GPU_PLAN(Op) \
  Result<std::vector<Dispatch>> Plan(const ops::Op##Desc& desc, const DeviceLimits& limits);
DMLC_FOR_EACH_OPERATOR(DMLC_DECLARE_GPU_PLAN)
#undef DMLC_DECLARE_GPU_PLAN

}  // namespace dmlc::backends::gpu
