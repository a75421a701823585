#include "ops/operators/join.h"

#include <limits>

#include "ops/operators/rules.h"
#include "ops/rule_book.h"

namespace dmlc::ops {
namespace {

constexpr std::string_view kOp = "JOIN";

}  // namespace

const SupportTable& JoinSupportTable() {
  using D = DataType;
  static const DataTypeSet k1_0 = {D::kFloat32, D::kFloat16, D::kInt32, D::kInt16, D::kUint32, D::kUint16};
  static const DataTypeSet k2_1 = {D::kFloat32, D::kFloat16, D::kInt32,  D::kInt16,
                                   D::kInt8,    D::kUint32,  D::kUint16, D::kUint8};
  static const DataTypeSet k4_1 = {D::kFloat64, D::kFloat32, D::kFloat16, D::kInt64,  D::kInt32, D::kInt16,
                                   D::kInt8,    D::kUint64,  D::kUint32,  D::kUint16, D::kUint8};
  static const SupportTable table = {
      "JOIN",
      {
          {FeatureLevel::k1_0, {{"InputTensors", 4, 4, k1_0}, {"OutputTensor", 4, 4, k1_0}}},
          {FeatureLevel::k2_1, {{"InputTensors", 4, 4, k2_1}, {"OutputTensor", 4, 4, k2_1}}},
          {FeatureLevel::k3_0, {{"InputTensors", 4, 5, k2_1}, {"OutputTensor", 4, 5, k2_1}}},
          {FeatureLevel::k4_1, {{"InputTensors", 1, 8, k4_1}, {"OutputTensor", 1, 8, k4_1}}},
      }};
  return table;
}

Result<std::vector<uint32_t>> InferJoinOutputSizes(const JoinDesc& desc) {
  if (desc.InputTensors.empty()) {
    return RuleError(std::string(kOp), "InputTensors", "InputCount is 0", rule_book::kJoinInputCount);
  }
  std::vector<uint32_t> sizes = desc.InputTensors.front().Sizes;
  if (desc.Axis >= sizes.size()) {
    return RuleError(std::string(kOp), "Axis",
                     "Axis is " + std::to_string(desc.Axis) + " but InputTensors[0] has " +
                         std::to_string(sizes.size()) + " dimensions",
                     rule_book::kJoinAxisInRange);
  }
  uint64_t join_size = 0;
  for (const TensorDesc& input : desc.InputTensors) {
    if (desc.Axis < input.Sizes.size()) join_size += input.Sizes[desc.Axis];
  }
  if (join_size > std::numeric_limits<uint32_t>::max()) {
    return RuleError(std::string(kOp), "InputTensors",
                     "the inputs' Sizes[" + std::to_string(desc.Axis) + "] add up to " + std::to_string(join_size),
                     rule_book::kJoinSizeFits);
  }
  sizes[desc.Axis] = static_cast<uint32_t>(join_size);
  return sizes;
}

Status ValidateJoin(const JoinDesc& desc) {
  const std::string op(kOp);
  if (desc.InputTensors.empty()) {
    return RuleError(op, "InputTensors", "InputCount is 0", rule_book::kJoinInputCount);
  }
  const std::vector<TensorUse> uses = TensorUsesOf(desc);
  DMLC_RETURN_IF_ERROR(rules::CheckTensorDescs(kOp, uses));
  const TensorUse& output = uses.back();
  const uint32_t dims = desc.OutputTensor.DimensionCount();
  if (desc.Axis >= dims) {
    return RuleError(
        op, "Axis",
        "Axis is " + std::to_string(desc.Axis) + " but OutputTensor has " + std::to_string(dims) + " dimensions",
        rule_book::kJoinAxisInRange);
  }
  uint64_t join_size = 0;
  for (size_t i = 0; i + 1 < uses.size(); ++i) {
    const TensorUse& input = uses[i];
    DMLC_RETURN_IF_ERROR(rules::RequireSameDimensionCount(
        kOp, output, input, rule_book::kJoinSameDimensionCount));
    DMLC_RETURN_IF_ERROR(
        rules::RequireSameDataType(kOp, output, input, rule_book::kJoinSameDataType));
    for (uint32_t d = 0; d < dims; ++d) {
      const uint32_t size = input.desc->Sizes[d];
      if (d == desc.Axis) {
        join_size += size;
      } else if (size != desc.OutputTensor.Sizes[d]) {
        const std::string field = rules::SizeField(input.path, d);
        return RuleError(op, field,
                         field + " is " + std::to_string(size) + " but " + rules::SizeField("OutputTensor", d) +
                             " is " + std::to_string(desc.OutputTensor.Sizes[d]),
                         rule_book::kJoinOtherSizesMatch);
      }
    }
  }
  if (join_size != desc.OutputTensor.Sizes[desc.Axis]) {
    const std::string field = rules::SizeField("OutputTensor", desc.Axis);
    return RuleError(op, field,
                     field + " is " + std::to_string(desc.OutputTensor.Sizes[desc.Axis]) +
                         " but the inputs' sizes along Axis add up to " + std::to_string(join_size),
                     rule_book::kJoinAxisSum);
  }
  return OkStatus();
}

}  // namespace dmlc::ops
