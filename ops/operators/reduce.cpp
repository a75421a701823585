#include "ops/operators/reduce.h"

#include <algorithm>
#include <limits>

#include "ops/operators/rules.h"
#include "ops/rule_book.h"

namespace dmlc::ops {
namespace {

constexpr std::string_view kOp = "REDUCE";

constexpr std::string_view kFunctionNames[] = {"ARGMAX",      "ARGMIN", "AVERAGE", "L1",       "L2",  "LOG_SUM",
                                               "LOG_SUM_EXP", "MAX",    "MIN",     "MULTIPLY", "SUM", "SUM_SQUARE"};

bool IsKnown(ReduceFunction f) { return static_cast<size_t>(f) < std::size(kFunctionNames); }

// The largest value each index type holds, for ARGMIN/ARGMAX outputs.
uint64_t MaxIndex(DataType type) {
  switch (type) {
    case DataType::kInt32:
      return std::numeric_limits<int32_t>::max();
    case DataType::kInt64:
      return std::numeric_limits<int64_t>::max();
    case DataType::kUint32:
      return std::numeric_limits<uint32_t>::max();
    case DataType::kUint64:
      return std::numeric_limits<uint64_t>::max();
    default:
      return 0;
  }
}

using D = DataType;
constexpr DataTypeSet kFloats = {D::kFloat32, D::kFloat16};
constexpr DataTypeSet kFloatsInt32 = {D::kFloat32, D::kFloat16, D::kInt32, D::kUint32};
constexpr DataTypeSet kFloatsInt32And64 = {D::kFloat32, D::kFloat16, D::kInt64, D::kInt32, D::kUint64, D::kUint32};
constexpr DataTypeSet kSmallTypes = {D::kFloat32, D::kFloat16, D::kInt32,  D::kInt16,
                                     D::kInt8,    D::kUint32,  D::kUint16, D::kUint8};
constexpr DataTypeSet kAllButFloat64 = {D::kFloat32, D::kFloat16, D::kInt64,  D::kInt32,  D::kInt16,
                                        D::kInt8,    D::kUint64,  D::kUint32, D::kUint16, D::kUint8};
constexpr DataTypeSet kIndexTypes = {D::kInt64, D::kInt32, D::kUint64, D::kUint32};

// Both rows of a level carry the same sets except for ARGMIN/ARGMAX, whose output holds indices.
LevelSupport Level(FeatureLevel level, uint32_t min_dims, uint32_t max_dims, DataTypeSet input, DataTypeSet output) {
  return {level, {{"InputTensor", min_dims, max_dims, input}, {"OutputTensor", min_dims, max_dims, output}}};
}

}  // namespace

std::string_view ReduceFunctionName(ReduceFunction f) {
  return IsKnown(f) ? kFunctionNames[static_cast<size_t>(f)] : "UNKNOWN";
}

std::optional<ReduceFunction> ParseReduceFunction(std::string_view text) {
  constexpr std::string_view kPrefix = "DML_REDUCE_FUNCTION_";
  if (text.starts_with(kPrefix)) text.remove_prefix(kPrefix.size());
  for (size_t i = 0; i < std::size(kFunctionNames); ++i) {
    if (kFunctionNames[i] == text) return static_cast<ReduceFunction>(i);
  }
  return std::nullopt;
}

const SupportTable& ReduceSupportTable(ReduceFunction f) {
  static const SupportTable arg = {"REDUCE (ARGMIN, ARGMAX)",
                                   {Level(FeatureLevel::k1_0, 4, 4, kFloats, {D::kUint32}),
                                    Level(FeatureLevel::k2_1, 4, 4, kSmallTypes, {D::kUint32}),
                                    Level(FeatureLevel::k3_0, 1, 8, kSmallTypes, kIndexTypes),
                                    Level(FeatureLevel::k4_1, 1, 8, kAllButFloat64, kIndexTypes)}};
  static const SupportTable float_only = {
      "REDUCE (AVERAGE, L2, LOG_SUM, LOG_SUM_EXP)",
      {Level(FeatureLevel::k1_0, 4, 4, kFloats, kFloats), Level(FeatureLevel::k3_0, 1, 8, kFloats, kFloats)}};
  static const SupportTable l1 = {
      "REDUCE (L1, SUM_SQUARE)",
      {Level(FeatureLevel::k1_0, 4, 4, kFloats, kFloats), Level(FeatureLevel::k3_0, 1, 8, kFloats, kFloats),
       Level(FeatureLevel::k5_0, 1, 8, kFloatsInt32And64, kFloatsInt32And64)}};
  static const SupportTable min_max = {
      "REDUCE (MIN, MAX)",
      {Level(FeatureLevel::k1_0, 4, 4, kFloats, kFloats), Level(FeatureLevel::k2_1, 4, 4, kFloatsInt32, kFloatsInt32),
       Level(FeatureLevel::k3_0, 1, 8, kSmallTypes, kSmallTypes),
       Level(FeatureLevel::k5_0, 1, 8, kAllButFloat64, kAllButFloat64)}};
  static const SupportTable sum = {
      "REDUCE (MULTIPLY, SUM)",
      {Level(FeatureLevel::k1_0, 4, 4, kFloats, kFloats), Level(FeatureLevel::k2_1, 4, 4, kFloatsInt32, kFloatsInt32),
       Level(FeatureLevel::k3_0, 1, 8, kFloatsInt32, kFloatsInt32),
       Level(FeatureLevel::k5_0, 1, 8, kFloatsInt32And64, kFloatsInt32And64)}};
  switch (f) {
    case ReduceFunction::kArgMax:
    case ReduceFunction::kArgMin:
      return arg;
    case ReduceFunction::kAverage:
    case ReduceFunction::kL2:
    case ReduceFunction::kLogSum:
    case ReduceFunction::kLogSumExp:
      return float_only;
    case ReduceFunction::kL1:
    case ReduceFunction::kSumSquare:
      return l1;
    case ReduceFunction::kMin:
    case ReduceFunction::kMax:
      return min_max;
    case ReduceFunction::kMultiply:
    case ReduceFunction::kSum:
      return sum;
  }
  return sum;  // unreachable for a validated desc; keeps an out-of-range enum from reading garbage
}

std::vector<uint32_t> ReducedAxes(const ReduceDesc& desc) {
  std::vector<uint32_t> axes = desc.Axes;
  std::sort(axes.begin(), axes.end());
  axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
  return axes;
}

uint64_t ReducedElementCount(const ReduceDesc& desc) {
  uint64_t count = 1;  // at most the element count, which ValidateTensorDesc keeps within UINT
  for (uint32_t axis : ReducedAxes(desc)) count *= desc.InputTensor.Sizes[axis];
  return count;
}

Result<std::vector<uint32_t>> InferReduceOutputSizes(const ReduceDesc& desc) {
  std::vector<uint32_t> sizes = desc.InputTensor.Sizes;
  for (size_t i = 0; i < desc.Axes.size(); ++i) {
    const uint32_t axis = desc.Axes[i];
    if (axis >= sizes.size()) {
      const std::string field = "Axes[" + std::to_string(i) + "]";
      return RuleError(std::string(kOp), field,
                       field + " is " + std::to_string(axis) + " but InputTensor has " + std::to_string(sizes.size()) +
                           " dimensions",
                       rule_book::kReduceAxesInRange);
    }
    sizes[axis] = 1;
  }
  return sizes;
}

Status ValidateReduce(const ReduceDesc& desc) {
  const std::string op(kOp);
  if (!IsKnown(desc.Function)) {
    return RuleError(op, "Function", "Function is " + std::to_string(static_cast<int>(desc.Function)),
                     rule_book::kReduceFunction);
  }
  const std::vector<TensorUse> uses = TensorUsesOf(desc);
  const TensorUse& input = uses[0];
  const TensorUse& output = uses[1];
  DMLC_RETURN_IF_ERROR(rules::CheckTensorDescs(kOp, uses));
  DMLC_RETURN_IF_ERROR(rules::RequireSameDimensionCount(
      kOp, input, output, rule_book::kReduceSameDimensionCount));
  Result<std::vector<uint32_t>> expected = InferReduceOutputSizes(desc);
  if (!expected.ok()) return expected.error();
  DMLC_RETURN_IF_ERROR(rules::RequireSizes(kOp, output, *expected,
                                           rule_book::kReduceOutputSizes));
  if (!IsArgReduce(desc.Function)) {
    return rules::RequireSameDataType(kOp, input, output, rule_book::kReduceSameDataType);
  }
  const uint64_t max_index = MaxIndex(desc.OutputTensor.DataType);
  if (max_index == 0) {
    return RuleError(op, "OutputTensor.DataType",
                     "OutputTensor.DataType is " + std::string(DataTypeName(desc.OutputTensor.DataType)),
                     rule_book::kReduceArgOutputType);
  }
  const uint64_t reduced = ReducedElementCount(desc);
  if (reduced - 1 > max_index) {
    return RuleError(op, "OutputTensor.DataType",
                     "OutputTensor.DataType is " + std::string(DataTypeName(desc.OutputTensor.DataType)) +
                         " but indices reach " + std::to_string(reduced - 1),
                     rule_book::kReduceArgIndexFits);
  }
  return OkStatus();
}

}  // namespace dmlc::ops
