// DML_DIAGONAL_MATRIX_OPERATOR_DESC (spec 001).
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "ops/desc_fields.h"
#include "ops/error.h"
#include "ops/feature_level.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops {

struct DiagonalMatrixDesc {
  TensorDesc OutputTensor;
  int32_t Offset = 0;
  float Value = 1.0f;
  // Value by its bits, so that a desc with a NaN Value equals itself (as a case file's round trip needs).
  bool operator==(const DiagonalMatrixDesc& other) const {
    return OutputTensor == other.OutputTensor && Offset == other.Offset &&
           std::bit_cast<uint32_t>(Value) == std::bit_cast<uint32_t>(other.Value);
  }

  static constexpr OperatorInfo kInfo{"DIAGONAL_MATRIX", 93};
  template <class Self, class Visitor>
  static void VisitFields(Self& d, Visitor& v) {
    v(Output("OutputTensor"), d.OutputTensor);
    v(Attribute("Offset"), d.Offset);
    v(Attribute("Value"), d.Value);
  }
};

// Spec rules: OutputTensor has 2 to 4 dimensions (no table at any level allows more; fewer than two
// leave no matrix). Any Value is valid.
Status ValidateDiagonalMatrix(const DiagonalMatrixDesc& desc);

// Value as the output type's element, in the low ElementSize bytes: floats round to nearest even;
// integers truncate toward zero (the page: "10,6 станет 10"). Where the truncated value does not fit
// the integer type the page is silent; this keeps its low bits (modulo 2^n, as DirectML 1.15.4 gave
// for 300 in UINT8: 44), and NaN, infinities and values beyond 64 bits give 0. The comparison admits
// other conversions there (app/engine/behaviours.h).
uint64_t DiagonalValueBits(float value, DataType type);
// Whether truncated Value fits the integer output type; always true for float outputs.
bool DiagonalValueFits(float value, DataType type);
const SupportTable& DiagonalMatrixSupportTable();

// The generic entry points of ops/operator_desc.h.
template <>
struct OperatorModel<DiagonalMatrixDesc> {
  static Status Validate(const DiagonalMatrixDesc& d) { return ValidateDiagonalMatrix(d); }
  static const SupportTable& Table(const DiagonalMatrixDesc&) { return DiagonalMatrixSupportTable(); }
};

}  // namespace dmlc::ops
