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

Result<std::vector<Dispatch>> PlanJoin(const ops::JoinDesc& desc, const DeviceLimits& limits);
Result<std::vector<Dispatch>> PlanGatherNd1(const ops::GatherNd1Desc& desc, const DeviceLimits& limits);
Result<std::vector<Dispatch>> PlanOneHot(const ops::OneHotDesc& desc, const DeviceLimits& limits);
Result<std::vector<Dispatch>> PlanDiagonalMatrix(const ops::DiagonalMatrixDesc& desc, const DeviceLimits& limits);
Result<std::vector<Dispatch>> PlanDiagonalMatrix(const ops::DiagonalMatrix1Desc& desc, const DeviceLimits& limits);
Result<std::vector<Dispatch>> PlanReduce(const ops::ReduceDesc& desc, const DeviceLimits& limits);

}  // namespace dmlc::backends::gpu
