// DML_JOIN_OPERATOR_DESC (spec 002). InputCount is InputTensors.size().
#pragma once

#include <vector>

#include "ops/error.h"
#include "ops/feature_level.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops {

struct JoinDesc {
  std::vector<TensorDesc> InputTensors;
  TensorDesc OutputTensor;
  uint32_t Axis = 0;

  uint32_t InputCount() const { return static_cast<uint32_t>(InputTensors.size()); }
  bool operator==(const JoinDesc&) const = default;
};

// Sizes of the first input with Axis replaced by the sum over all inputs. Error when there is no
// input, Axis is out of range, or the sum does not fit UINT.
Result<std::vector<uint32_t>> InferJoinOutputSizes(const JoinDesc& desc);
// InputCount > 0, Axis < OutputTensor.DimensionCount, every input with the output's DimensionCount and
// DataType, all sizes but Axis equal to the output's, and the sizes along Axis adding up to the output's.
Status ValidateJoin(const JoinDesc& desc);
const SupportTable& JoinSupportTable();
std::vector<TensorUse> JoinTensorUses(const JoinDesc& desc);

}  // namespace dmlc::ops
