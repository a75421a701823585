#include "ops/operators/one_hot.h"

#include "ops/operators/rules.h"
#include "ops/rule_book.h"

namespace dmlc::ops {
namespace {

constexpr std::string_view kOp = "ONE_HOT";

}  // namespace

const SupportTable& OneHotSupportTable() {
  using D = DataType;
  static const DataTypeSet k2_1 = {D::kFloat32, D::kFloat16, D::kInt32,  D::kInt16,
                                   D::kInt8,    D::kUint32,  D::kUint16, D::kUint8};
  static const DataTypeSet k4_1 = {D::kFloat64, D::kFloat32, D::kFloat16, D::kInt64,  D::kInt32, D::kInt16,
                                   D::kInt8,    D::kUint64,  D::kUint32,  D::kUint16, D::kUint8};
  static const DataTypeSet k2_0 = {D::kFloat32, D::kFloat16};
  static const DataTypeSet indices = {D::kInt64, D::kInt32, D::kUint64, D::kUint32};
  static const SupportTable table = {
      "ONE_HOT",
      {
          {FeatureLevel::k2_0,
           {{"IndicesTensor", 4, 4, {D::kUint32}}, {"ValuesTensor", 4, 4, k2_0}, {"OutputTensor", 4, 4, k2_0}}},
          {FeatureLevel::k2_1,
           {{"IndicesTensor", 4, 4, {D::kUint32}}, {"ValuesTensor", 4, 4, k2_1}, {"OutputTensor", 4, 4, k2_1}}},
          {FeatureLevel::k3_0,
           {{"IndicesTensor", 1, 8, indices}, {"ValuesTensor", 1, 8, k2_1}, {"OutputTensor", 1, 8, k2_1}}},
          {FeatureLevel::k4_1,
           {{"IndicesTensor", 1, 8, indices}, {"ValuesTensor", 1, 8, k4_1}, {"OutputTensor", 1, 8, k4_1}}},
      }};
  return table;
}

Status ValidateOneHot(const OneHotDesc& desc) {
  const std::string op(kOp);
  const std::vector<TensorUse> uses = TensorUsesOf(desc);
  const TensorUse& indices = uses[0];
  const TensorUse& values = uses[1];
  const TensorUse& output = uses[2];
  DMLC_RETURN_IF_ERROR(rules::CheckTensorDescs(kOp, uses));
  const Rule& same_dims = rule_book::kOneHotSameDimensionCount;
  DMLC_RETURN_IF_ERROR(rules::RequireSameDimensionCount(kOp, output, indices, same_dims));
  DMLC_RETURN_IF_ERROR(rules::RequireSameDimensionCount(kOp, output, values, same_dims));
  DMLC_RETURN_IF_ERROR(
      rules::RequireSameDataType(kOp, values, output, rule_book::kOneHotSameDataType));
  DMLC_RETURN_IF_ERROR(rules::RequireIntegerType(kOp, indices, rule_book::kOneHotIndicesInteger));
  const uint32_t dims = desc.OutputTensor.DimensionCount();
  if (desc.Axis >= dims) {
    return RuleError(
        op, "Axis",
        "Axis is " + std::to_string(desc.Axis) + " but IndicesTensor has " + std::to_string(dims) + " dimensions",
        rule_book::kOneHotAxis);
  }
  std::vector<uint32_t> expected = desc.OutputTensor.Sizes;
  expected[desc.Axis] = 1;
  DMLC_RETURN_IF_ERROR(rules::RequireSizes(
      kOp, indices, expected, rule_book::kOneHotIndicesSizes));
  // ValidateTensorDesc bounds the count, so this cannot overflow.
  if (ElementCount(desc.ValuesTensor.Sizes).value() < 2) {
    return RuleError(op, "ValuesTensor.Sizes",
                     "ValuesTensor " + FormatSizes(desc.ValuesTensor.Sizes) + " has fewer than 2 elements",
                     rule_book::kOneHotValuesCount);
  }
  return OkStatus();
}

uint64_t OneHotOnValueIndex(const TensorDesc& values) {
  // OnValue sits one step along the last dimension of size > 1. Every dimension after it has size 1,
  // so that step is one row-major element: the logical index is 1 for any ValuesTensor with at least
  // two elements (0 for a single element), whatever its shape ({1,1,3,1} in the spec's example 3 too). Backends map it
  // through the tensor's strides like any other logical index.
  const Result<uint64_t> count = ElementCount(values.Sizes);
  return !count.ok() || *count >= 2 ? 1 : 0;  // an overflowing count is certainly >= 2
}

uint64_t OneHotOnValueOffset(const TensorDesc& values) {
  const std::vector<uint32_t> strides = EffectiveStrides(values);
  for (size_t d = values.Sizes.size(); d-- > 0;) {
    if (values.Sizes[d] > 1) return strides[d];
  }
  return 0;
}

}  // namespace dmlc::ops
