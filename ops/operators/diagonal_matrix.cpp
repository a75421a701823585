#include "ops/operators/diagonal_matrix.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "ops/float16.h"

#include "ops/operators/rules.h"
#include "ops/rule_book.h"

namespace dmlc::ops {
namespace {

constexpr std::string_view kOp = "DIAGONAL_MATRIX";
constexpr std::string_view kOp1 = "DIAGONAL_MATRIX1";

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

Status ValidateDiagonalMatrix(const DiagonalMatrixDesc& desc) {
  const std::string op(kOp);
  DMLC_RETURN_IF_ERROR(rules::CheckTensorDescs(kOp, TensorUsesOf(desc)));
  const uint32_t dims = desc.OutputTensor.DimensionCount();
  // { Batch1, Batch2, OutputHeight, OutputWidth }: no table at any level goes beyond 2 to 4.
  if (dims < 2 || dims > 4) {
    return RuleError(op, "OutputTensor.Sizes", "OutputTensor has " + std::to_string(dims) + " dimensions",
                     rule_book::kDiagonalDimensionCount);
  }
  return OkStatus();
}

uint64_t DiagonalValueBits(float value, DataType type) {
  switch (type) {
    case DataType::kFloat64: return std::bit_cast<uint64_t>(static_cast<double>(value));
    case DataType::kFloat32: return uint64_t{std::bit_cast<uint32_t>(value)};
    case DataType::kFloat16: return uint64_t{FloatToHalf(value)};
    default: break;
  }
  const double whole = std::trunc(static_cast<double>(value));
  if (!(whole > -0x1p64 && whole < 0x1p64)) return 0;  // NaN, infinities and beyond
  const uint64_t magnitude = static_cast<uint64_t>(std::fabs(whole));
  const uint64_t bits = whole < 0 ? ~magnitude + 1 : magnitude;  // two's complement, modulo 2^64
  const uint32_t size = ElementSize(type);
  return size == 8 ? bits : bits & ((uint64_t{1} << (size * 8)) - 1);
}

DiagonalFill FillOf(const DiagonalMatrixDesc& desc) {
  return {nullptr, &desc.OutputTensor, desc.Offset, int64_t{desc.Offset} + 1, false,
          DiagonalValueBits(desc.Value, desc.OutputTensor.DataType)};
}

DiagonalFill FillOf(const DiagonalMatrix1Desc& desc) {
  const int64_t begin = desc.DiagonalFillBegin;
  const int64_t end = desc.DiagonalFillEnd;
  const uint32_t size = ElementSize(desc.OutputTensor.DataType);
  const uint64_t mask = size >= 8 ? ~uint64_t{0} : (uint64_t{1} << (size * 8)) - 1;
  return {desc.InputTensor ? &*desc.InputTensor : nullptr,
          &desc.OutputTensor,
          std::min(begin, end),
          std::max(begin, end),
          end < begin,
          desc.Value.bits & mask};
}

const SupportTable& DiagonalMatrix1SupportTable() {
  using D = DataType;
  static const DataTypeSet kAll = {D::kFloat64, D::kFloat32, D::kFloat16, D::kInt64,  D::kInt32, D::kInt16,
                                   D::kInt8,    D::kUint64,  D::kUint32,  D::kUint16, D::kUint8};
  // The page has one table, from the operator's first level on.
  static const SupportTable table = {"DIAGONAL_MATRIX1",
                                     {{FeatureLevel::k5_1, {{"InputTensor", 2, 4, kAll}, {"OutputTensor", 2, 4, kAll}}}}};
  return table;
}

Status ValidateDiagonalMatrix1(const DiagonalMatrix1Desc& desc) {
  const std::string op(kOp1);
  const std::vector<TensorUse> uses = TensorUsesOf(desc);
  DMLC_RETURN_IF_ERROR(rules::CheckTensorDescs(kOp1, uses));
  const uint32_t dims = desc.OutputTensor.DimensionCount();
  if (dims < 2 || dims > 4) {
    return RuleError(op, "OutputTensor.Sizes", "OutputTensor has " + std::to_string(dims) + " dimensions",
                     rule_book::kDiagonal1DimensionCount);
  }
  if (desc.Value.DataType != desc.OutputTensor.DataType) {
    return RuleError(op, "ValueDataType",
                     "ValueDataType is " + std::string(DataTypeName(desc.Value.DataType)) + " but OutputTensor is " +
                         std::string(DataTypeName(desc.OutputTensor.DataType)),
                     rule_book::kDiagonal1ValueDataType);
  }
  if (desc.InputTensor) {
    const TensorUse& input = uses.front();
    const TensorUse& output = uses.back();
    DMLC_RETURN_IF_ERROR(rules::RequireSameDataType(kOp1, output, input, rule_book::kDiagonal1SameDataType));
    DMLC_RETURN_IF_ERROR(
        rules::RequireSameDimensionCount(kOp1, output, input, rule_book::kDiagonal1SameDimensionCount));
    DMLC_RETURN_IF_ERROR(
        rules::RequireSizes(kOp1, input, desc.OutputTensor.Sizes, rule_book::kDiagonal1InputSizes));
  }
  return OkStatus();
}

bool DiagonalValueFits(float value, DataType type) {
  if (!IsInteger(type)) return true;
  const double whole = std::trunc(static_cast<double>(value));
  const int bits = static_cast<int>(ElementSize(type)) * 8;
  const double low = IsSignedInteger(type) ? -std::ldexp(1.0, bits - 1) : 0.0;
  const double high = IsSignedInteger(type) ? std::ldexp(1.0, bits - 1) : std::ldexp(1.0, bits);
  return whole >= low && whole < high;  // NaN fails both
}

}  // namespace dmlc::ops
