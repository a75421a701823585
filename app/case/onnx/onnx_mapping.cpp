#include "app/case/onnx/onnx_mapping.h"

#include <map>

#include "app/case/onnx/onnx_map_common.h"

namespace dmlc::app {
namespace onnx_map {

ops::TensorDesc Tensor(ops::DataType type, std::vector<uint32_t> sizes) {
  ops::TensorDesc t;
  t.DataType = type;
  t.Sizes = std::move(sizes);
  // DmlSizes bounded every size; an element count past UINT is left for validation to name.
  Result<uint64_t> bytes = ops::CalcBufferTensorSize(t);
  t.TotalTensorSizeInBytes = bytes.ok() ? *bytes : 0;
  return t;
}

Sizes DmlSizes(std::span<const int64_t> dims, size_t rank) {
  Sizes out;
  if (dims.size() > ops::kMaxDimensions) {
    out.skip = "a tensor of " + std::to_string(dims.size()) + " dimensions (DirectML tensors have at most 8)";
    return out;
  }
  out.sizes.assign(rank > dims.size() ? rank - dims.size() : 0, 1u);
  for (int64_t d : dims) {
    if (d == 0) {
      out.skip = "a tensor with a dimension of size 0 (DirectML tensors have nonzero sizes)";
      return out;
    }
    if (d > int64_t{UINT32_MAX}) {
      out.skip = "a dimension of " + std::to_string(d) + " (DirectML sizes are UINT)";
      return out;
    }
    out.sizes.push_back(static_cast<uint32_t>(d));
  }
  if (out.sizes.size() > ops::kMaxDimensions) {
    out.skip = "more than 8 dimensions after padding (DirectML tensors have at most 8)";
  }
  return out;
}

Result<uint32_t> NormalizeAxis(int64_t axis, size_t rank, const OnnxNode& node, const std::string& what) {
  const int64_t r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r) {
    return MakeError("onnx", what,
                     node.op_type + "'s " + what + " is " + std::to_string(axis) + ", outside [" + std::to_string(-r) +
                         ", " + std::to_string(r - 1) + "] for rank " + std::to_string(rank),
                     "axes are in [-r, r-1] (ONNX operator page)");
  }
  return static_cast<uint32_t>(axis < 0 ? axis + r : axis);
}

std::string TypeSkip(const OnnxTensor& tensor, const std::string& what) {
  if (DmlTypeOf(tensor.type) != ops::DataType::kUnknown) return "";
  return what + " is " + OnnxTypeName(tensor.type) + ", which no DirectML tensor data type holds";
}

MappedNode Skip(std::string reason) {
  MappedNode m;
  m.skip = std::move(reason);
  return m;
}

}  // namespace onnx_map

namespace {

using Mapper = Result<MappedNode> (*)(const OnnxModel&, std::span<const OnnxTensor>);

const std::map<std::string, Mapper>& Mappers() {
  static const std::map<std::string, Mapper> kMappers = {
      {"ArgMax", onnx_map::MapArgReduce},     {"ArgMin", onnx_map::MapArgReduce},
      {"Concat", onnx_map::MapConcat},        {"EyeLike", onnx_map::MapEyeLike},
      {"GatherND", onnx_map::MapGatherNd},    {"OneHot", onnx_map::MapOneHot},
      {"ReduceL1", onnx_map::MapReduce},      {"ReduceL2", onnx_map::MapReduce},
      {"ReduceLogSum", onnx_map::MapReduce},  {"ReduceLogSumExp", onnx_map::MapReduce},
      {"ReduceMax", onnx_map::MapReduce},     {"ReduceMean", onnx_map::MapReduce},
      {"ReduceMin", onnx_map::MapReduce},     {"ReduceProd", onnx_map::MapReduce},
      {"ReduceSum", onnx_map::MapReduce},     {"ReduceSumSquare", onnx_map::MapReduce},
  };
  return kMappers;
}

}  // namespace

const std::vector<std::string>& MappedOnnxOperators() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> names;
    for (const auto& [name, mapper] : Mappers()) names.push_back(name);
    return names;
  }();
  return kNames;
}

std::string OnnxModelSkip(const OnnxModel& model) {
  if (model.node_count != 1) {
    return "a model of " + std::to_string(model.node_count) + " nodes (one node maps onto one DirectML operator here)";
  }
  const OnnxNode& node = model.node;
  if (!Mappers().contains(node.op_type) || !(node.domain.empty() || node.domain == "ai.onnx")) {
    return "no DirectML operator here for ONNX's " + (node.domain.empty() ? std::string() : node.domain + ".") + node.op_type;
  }
  return "";
}

Result<MappedNode> MapOnnxNode(const OnnxModel& model, std::span<const OnnxTensor> inputs) {
  if (std::string skip = OnnxModelSkip(model); !skip.empty()) return onnx_map::Skip(std::move(skip));
  const OnnxNode& node = model.node;
  const auto mapper = Mappers().find(node.op_type);
  if (inputs.size() > node.inputs.size()) {
    return MakeError("onnx", "", node.op_type + " given " + std::to_string(inputs.size()) + " tensors for " +
                                     std::to_string(node.inputs.size()) + " inputs",
                     "one tensor per node input");
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!node.inputs[i].empty()) {
      if (std::string skip = onnx_map::TypeSkip(inputs[i], "input \"" + node.inputs[i] + "\""); !skip.empty()) {
        return onnx_map::Skip(skip);
      }
    }
  }
  return mapper->second(model, inputs);
}

}  // namespace dmlc::app
