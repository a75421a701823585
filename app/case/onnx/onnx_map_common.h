// What the mappers of onnx_mapping.h share: the shape rules ONNX Runtime's DirectML provider applies
// to every tensor it hands DirectML, and the per-family entry points. Internal to app/case/onnx/.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/case/onnx/onnx_mapping.h"

namespace dmlc::app::onnx_map {

// ORT's NchwDimensionCount: the fewest dimensions its DirectML provider gives a tensor by default.
inline constexpr size_t kNchw = 4;

// A packed tensor desc of `type` and `sizes`, TotalTensorSizeInBytes as DMLCalcBufferTensorSize.
ops::TensorDesc Tensor(ops::DataType type, std::vector<uint32_t> sizes);
// ONNX dims as DirectML sizes right-aligned to at least `rank` dimensions with leading 1s (ORT's
// TensorAxis::RightAligned), or why they cannot be: a zero-sized dimension, more than 8 dimensions, a
// size past UINT.
struct Sizes {
  std::vector<uint32_t> sizes;
  std::string skip;
};
Sizes DmlSizes(std::span<const int64_t> dims, size_t rank);
// An ONNX axis (negative counts from the end) in [0, rank), or an error naming the node and attribute.
Result<uint32_t> NormalizeAxis(int64_t axis, size_t rank, const OnnxNode& node, const std::string& what);
// The skip for a tensor DirectML has no data type for; "" when it has one.
std::string TypeSkip(const OnnxTensor& tensor, const std::string& what);
// A MappedNode that is a skip.
MappedNode Skip(std::string reason);

Result<MappedNode> MapReduce(const OnnxModel& model, std::span<const OnnxTensor> inputs);
Result<MappedNode> MapArgReduce(const OnnxModel& model, std::span<const OnnxTensor> inputs);
Result<MappedNode> MapGatherNd(const OnnxModel& model, std::span<const OnnxTensor> inputs);
Result<MappedNode> MapOneHot(const OnnxModel& model, std::span<const OnnxTensor> inputs);
Result<MappedNode> MapEyeLike(const OnnxModel& model, std::span<const OnnxTensor> inputs);
Result<MappedNode> MapConcat(const OnnxModel& model, std::span<const OnnxTensor> inputs);

}  // namespace dmlc::app::onnx_map
