// Checks every operator's validation shares, so that the same rule reads the same in every error.
// Internal to ops/; errors carry the operator as scope.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ops/error.h"
#include "ops/feature_level.h"
#include "ops/rule.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops::rules {

// "InputTensors[1].Sizes[2]"
std::string SizeField(const std::string& tensor_path, size_t dimension);

// ValidateTensorDesc() on each use, re-scoped to the operator.
Status CheckTensorDescs(std::string_view op, const std::vector<TensorUse>& uses);

// b has a's DimensionCount; the error points at b's Sizes.
Status RequireSameDimensionCount(std::string_view op, const TensorUse& a, const TensorUse& b, const Rule& rule);
// b has a's DataType; the error points at b's DataType.
Status RequireSameDataType(std::string_view op, const TensorUse& a, const TensorUse& b, const Rule& rule);
// An integer DataType, for index tensors.
Status RequireIntegerType(std::string_view op, const TensorUse& use, const Rule& rule);
// actual == expected dimension by dimension (same length assumed); names the first difference.
Status RequireSizes(std::string_view op, const TensorUse& use, const std::vector<uint32_t>& expected, const Rule& rule);

}  // namespace dmlc::ops::rules
