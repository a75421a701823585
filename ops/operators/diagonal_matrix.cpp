#include "ops/operators/diagonal_matrix.h"

#include <cmath>
#include <sstream>

#include "ops/operators/rules.h"

namespace dmlc::ops {
namespace {

constexpr std::string_view kOp = "DIAGONAL_MATRIX";

// [low, high) of an integer type, as doubles; both ends are exact (0 or a power of two).
struct Range {
  double low;
  double high;
};

Range IntegerRange(DataType type) {
  const bool is_signed = IsSignedInteger(type);
  const int bits = static_cast<int>(ElementSize(type)) * 8;
  if (is_signed) return {-std::ldexp(1.0, bits - 1), std::ldexp(1.0, bits - 1)};
  return {0.0, std::ldexp(1.0, bits)};
}

std::string FormatValue(float value) {
  std::ostringstream out;
  out.precision(9);
  out << value;
  return out.str();
}

}  // namespace

const SupportTable& DiagonalMatrixSupportTable() {
  using D = DataType;
  static const DataTypeSet k2_1 = {D::kFloat32, D::kFloat16, D::kInt32,  D::kInt16,
                                   D::kInt8,    D::kUint32,  D::kUint16, D::kUint8};
  static const DataTypeSet k5_1 = {D::kFloat64, D::kFloat32, D::kFloat16, D::kInt64,  D::kInt32, D::kInt16,
                                   D::kInt8,    D::kUint64,  D::kUint32,  D::kUint16, D::kUint8};
  static const SupportTable table = {"DIAGONAL_MATRIX",
                                     {
                                         {FeatureLevel::k2_0, {{"OutputTensor", 4, 4, {D::kFloat32, D::kFloat16}}}},
                                         {FeatureLevel::k2_1, {{"OutputTensor", 4, 4, k2_1}}},
                                         {FeatureLevel::k4_0, {{"OutputTensor", 2, 4, k2_1}}},
                                         {FeatureLevel::k5_1, {{"OutputTensor", 2, 4, k5_1}}},
                                     }};
  return table;
}

std::vector<TensorUse> DiagonalMatrixTensorUses(const DiagonalMatrixDesc& desc) {
  return {{"OutputTensor", "OutputTensor", &desc.OutputTensor}};
}

Status ValidateDiagonalMatrix(const DiagonalMatrixDesc& desc) {
  const std::string op(kOp);
  DMLC_RETURN_IF_ERROR(rules::CheckTensorDescs(kOp, DiagonalMatrixTensorUses(desc)));
  const uint32_t dims = desc.OutputTensor.DimensionCount();
  // { Batch1, Batch2, OutputHeight, OutputWidth }: no table at any level goes beyond 2 to 4.
  if (dims < 2 || dims > 4) {
    return MakeError(op, "OutputTensor.Sizes", "OutputTensor has " + std::to_string(dims) + " dimensions",
                     "OutputTensor.DimensionCount must be 2 to 4");
  }
  const DataType type = desc.OutputTensor.DataType;
  if (IsInteger(type)) {
    const double truncated = std::trunc(static_cast<double>(desc.Value));
    const Range range = IntegerRange(type);
    // NaN fails both comparisons, so it is rejected along with infinities and out-of-range values.
    if (!(truncated >= range.low && truncated < range.high)) {
      return MakeError(op, "Value",
                       "Value " + FormatValue(desc.Value) + " truncates to a number " +
                           std::string(DataTypeName(type)) + " cannot hold",
                       "Value truncated toward zero must fit the output type");
    }
  }
  return OkStatus();
}

}  // namespace dmlc::ops
