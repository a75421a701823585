// DML_ONE_HOT_OPERATOR_DESC (spec 004).
#pragma once

#include <vector>

#include "ops/desc_fields.h"
#include "ops/error.h"
#include "ops/feature_level.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops {

struct OneHotDesc {
  TensorDesc IndicesTensor;
  TensorDesc ValuesTensor;
  TensorDesc OutputTensor;
  uint32_t Axis = 0;

  bool operator==(const OneHotDesc&) const = default;

  static constexpr OperatorInfo kInfo{"ONE_HOT", 95};
  template <class Self, class Visitor>
  static void VisitFields(Self& d, Visitor& v) {
    v(Input("IndicesTensor"), d.IndicesTensor);
    v(Input("ValuesTensor"), d.ValuesTensor);
    v(Output("OutputTensor"), d.OutputTensor);
    v(Attribute("Axis").Axis(), d.Axis);
  }
};

// Spec 004's rules: equal DimensionCounts, Axis < DimensionCount, IndicesTensor.Sizes equal to
// OutputTensor.Sizes except Axis where it is 1, ValuesTensor with at least 2 elements and
// OutputTensor's DataType; plus an integer IndicesTensor DataType.
Status ValidateOneHot(const OneHotDesc& desc);
const SupportTable& OneHotSupportTable();
// Logical (row-major) index of OnValue within ValuesTensor: the element at position 1 along the
// fastest-changing dimension of size > 1. OffValue is element 0.
// Assumes a validated desc (at least two elements, so the result is 1).
uint64_t OneHotOnValueIndex(const TensorDesc& values);
// The same element's offset in elements from the start of ValuesTensor's buffer, strides applied:
// Strides[d] of the last dimension d of size > 1 (0 when there is none).
uint64_t OneHotOnValueOffset(const TensorDesc& values);

// The generic entry points of ops/operator_desc.h.
template <>
struct OperatorModel<OneHotDesc> {
  static Status Validate(const OneHotDesc& d) { return ValidateOneHot(d); }
  static const SupportTable& Table(const OneHotDesc&) { return OneHotSupportTable(); }
};

}  // namespace dmlc::ops
