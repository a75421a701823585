#include "ops/operators/rules.h"

namespace dmlc::ops::rules {

std::string SizeField(const std::string& tensor_path, size_t dimension) {
  return tensor_path + ".Sizes[" + std::to_string(dimension) + "]";
}

Status CheckTensorDescs(std::string_view op, const std::vector<TensorUse>& uses) {
  for (const TensorUse& use : uses) {
    Status status = ValidateTensorDesc(*use.desc, use.path);
    if (!status.ok()) {
      status.error().scope = std::string(op);
      return status;
    }
  }
  return OkStatus();
}

Status RequireSameDimensionCount(std::string_view op, const TensorUse& a, const TensorUse& b, const Rule& rule) {
  if (a.desc->DimensionCount() == b.desc->DimensionCount()) return OkStatus();
  return RuleError(std::string(op), b.path + ".Sizes",
                   b.path + " has " + std::to_string(b.desc->DimensionCount()) + " dimensions but " + a.path + " has " +
                       std::to_string(a.desc->DimensionCount()),
                   rule);
}

Status RequireSameDataType(std::string_view op, const TensorUse& a, const TensorUse& b, const Rule& rule) {
  if (a.desc->DataType == b.desc->DataType) return OkStatus();
  return RuleError(std::string(op), b.path + ".DataType",
                   b.path + ".DataType is " + std::string(DataTypeName(b.desc->DataType)) + " but " + a.path +
                       ".DataType is " + std::string(DataTypeName(a.desc->DataType)),
                   rule);
}

Status RequireIntegerType(std::string_view op, const TensorUse& use, const Rule& rule) {
  if (IsInteger(use.desc->DataType)) return OkStatus();
  return RuleError(std::string(op), use.path + ".DataType",
                   use.path + ".DataType is " + std::string(DataTypeName(use.desc->DataType)), rule);
}

Status RequireSizes(std::string_view op, const TensorUse& use, const std::vector<uint32_t>& expected,
                    const Rule& rule) {
  const std::vector<uint32_t>& actual = use.desc->Sizes;
  for (size_t d = 0; d < actual.size() && d < expected.size(); ++d) {
    if (actual[d] != expected[d]) {
      const std::string field = SizeField(use.path, d);
      return RuleError(std::string(op), field,
                       field + " is " + std::to_string(actual[d]) + " but must be " + std::to_string(expected[d]) +
                           " (expected " + FormatSizes(expected) + ")",
                       rule);
    }
  }
  return OkStatus();
}

}  // namespace dmlc::ops::rules
