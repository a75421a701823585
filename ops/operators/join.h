// DML_JOIN_OPERATOR_DESC (spec 002). InputCount is InputTensors.size().
#pragma once

#include <vector>

#include "ops/desc_fields.h"
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

  static constexpr OperatorInfo kInfo{"JOIN", 63};
  template <class Self, class Visitor>
  static void VisitFields(Self& d, Visitor& v) {
    v(Input("InputTensors").CountedBy("InputCount"), d.InputTensors);
    v(Output("OutputTensor"), d.OutputTensor);
    v(Attribute("Axis").Axis(), d.Axis);
  }
};

// Sizes of the first input with Axis replaced by the sum over all inputs. Error when there is no
// input, Axis is out of range, or the sum does not fit UINT.
Result<std::vector<uint32_t>> InferJoinOutputSizes(const JoinDesc& desc);
// InputCount > 0, Axis < OutputTensor.DimensionCount, every input with the output's DimensionCount and
// DataType, all sizes but Axis equal to the output's, and the sizes along Axis adding up to the output's.
Status ValidateJoin(const JoinDesc& desc);
const SupportTable& JoinSupportTable();

// The generic entry points of ops/operator_desc.h.
template <>
struct OperatorModel<JoinDesc> {
  static Status Validate(const JoinDesc& d) { return ValidateJoin(d); }
  static const SupportTable& Table(const JoinDesc&) { return JoinSupportTable(); }
};

}  // namespace dmlc::ops
