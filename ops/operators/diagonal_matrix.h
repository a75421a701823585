// DML_DIAGONAL_MATRIX_OPERATOR_DESC (spec 001) and DML_DIAGONAL_MATRIX1_OPERATOR_DESC (DirectML's API
// page; feature level 5_1), which generalises it: a band of diagonals, an optional input. Both compute
// through one DiagonalFill, so each backend has one kernel for the two.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
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

// DML_DIAGONAL_MATRIX1_OPERATOR_DESC: for each coordinate, topX = x - y (the last two dimensions; the
// ones before are a batch), useValue = (End >= Begin) ^ (topX >= Begin) ^ (topX < End), and the output is
// Value where useValue, else the input element (0 without InputTensor). Value is ValueDataType's member
// of DML_SCALAR_UNION; the rules make ValueDataType the output's type, so it is stored bit for bit.
struct DiagonalMatrix1Desc {
  std::optional<TensorDesc> InputTensor;
  TensorDesc OutputTensor;
  TypedScalar Value{DataType::kFloat32, 0x3F800000};  // 1.0f
  int32_t DiagonalFillBegin = 0;
  int32_t DiagonalFillEnd = 1;
  bool operator==(const DiagonalMatrix1Desc&) const = default;

  static constexpr OperatorInfo kInfo{"DIAGONAL_MATRIX1", 163};
  template <class Self, class Visitor>
  static void VisitFields(Self& d, Visitor& v) {
    v(Input("InputTensor"), d.InputTensor);
    v(Output("OutputTensor"), d.OutputTensor);
    v(Attribute("Value").TypedBy("ValueDataType"), d.Value);
    v(Attribute("DiagonalFillBegin"), d.DiagonalFillBegin);
    v(Attribute("DiagonalFillEnd"), d.DiagonalFillEnd);
  }
};

// Rules: OutputTensor has 2 to 4 dimensions; ValueDataType is OutputTensor's DataType; an InputTensor
// has OutputTensor's DataType, DimensionCount and (DirectML's rule, not the page's) Sizes.
Status ValidateDiagonalMatrix1(const DiagonalMatrix1Desc& desc);
const SupportTable& DiagonalMatrix1SupportTable();

template <>
struct OperatorModel<DiagonalMatrix1Desc> {
  static Status Validate(const DiagonalMatrix1Desc& d) { return ValidateDiagonalMatrix1(d); }
  static const SupportTable& Table(const DiagonalMatrix1Desc&) { return DiagonalMatrix1SupportTable(); }
};

// What both descs compute, for the backends' one kernel: element (..., y, x) is Value where
// (begin <= x - y < end) != inverted, else the input's element (0 without one). DIAGONAL_MATRIX is the
// band [Offset, Offset + 1) with Value converted to the output type (DiagonalValueBits); DIAGONAL_MATRIX1
// is [min(Begin, End), max(Begin, End)), inverted where End < Begin: the page's pseudocode, whose XOR of
// three tests is exactly that. 64-bit bounds, so Offset + 1 and x - y never overflow. Points into the desc.
struct DiagonalFill {
  const TensorDesc* input = nullptr;  // null: zeros outside the band
  const TensorDesc* output = nullptr;
  int64_t begin = 0;  // begin <= end
  int64_t end = 1;
  bool inverted = false;
  uint64_t value_bits = 0;  // in the output type, in the low ElementSize bytes
};
DiagonalFill FillOf(const DiagonalMatrixDesc& desc);
DiagonalFill FillOf(const DiagonalMatrix1Desc& desc);
// Whether element (y, x) of a matrix takes Value.
inline bool TakesValue(const DiagonalFill& fill, int64_t y, int64_t x) {
  const int64_t top_x = x - y;
  return (top_x >= fill.begin && top_x < fill.end) != fill.inverted;
}

}  // namespace dmlc::ops
