// GatherND, OneHot, EyeLike and Concat: the operators that move or place elements, mapped as ONNX
// Runtime's DirectML provider maps them (onnx_mapping.h names each source file).
#include <algorithm>
#include <limits>

#include "app/case/onnx/onnx_map_common.h"

namespace dmlc::app::onnx_map {
namespace {

bool IsIntegerTensor(const OnnxTensor& t) { return ops::IsInteger(DmlTypeOf(t.type)) && t.type != int32_t(OnnxType::kBool); }

// A scalar input's one value as an integer (OneHot's depth may be of any numeric type; ONNX's reference
// converts it to an integer).
std::optional<int64_t> OneInteger(const OnnxTensor& t) {
  if (t.values.size() != 1) return std::nullopt;
  return std::visit([](auto v) -> std::optional<int64_t> {
    using T = decltype(v);
    if constexpr (std::is_same_v<T, double>) {
      if (!(v >= -9.2e18 && v <= 9.2e18)) return std::nullopt;
      return static_cast<int64_t>(v);
    } else if constexpr (std::is_same_v<T, uint64_t>) {
      if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
      return static_cast<int64_t>(v);
    } else {
      return v;
    }
  }, t.values[0]);
}

Error InputMissing(const OnnxNode& node, size_t count) {
  return MakeError("onnx", "", node.op_type + " has " + std::to_string(node.inputs.size()) + " inputs, not " +
                                   std::to_string(count),
                   "inputs per the ONNX operator page");
}

}  // namespace

Result<MappedNode> MapGatherNd(const OnnxModel& model, std::span<const OnnxTensor> inputs) {
  const OnnxNode& node = model.node;
  if (inputs.size() != 2) return InputMissing(node, 2);
  const OnnxTensor& data = inputs[0];
  const OnnxTensor& indices = inputs[1];
  Result<int64_t> batch = node.Int("batch_dims", 0);
  if (!batch.ok()) return batch.error();
  const int64_t r = static_cast<int64_t>(data.dims.size());
  const int64_t q = static_cast<int64_t>(indices.dims.size());
  if (r < 1 || q < 1 || *batch < 0 || *batch >= std::min(r, q)) {
    return MakeError("onnx", "batch_dims", "GatherND with data of rank " + std::to_string(r) + ", indices of rank " +
                                               std::to_string(q) + " and batch_dims " + std::to_string(*batch),
                     "r >= 1, q >= 1, 0 <= batch_dims < min(q, r) (ONNX operator page)");
  }
  const int64_t k = indices.dims.back();
  if (k < 1 || k > r - *batch) {
    return MakeError("onnx", "", "GatherND's index tuples have " + std::to_string(k) + " coordinates for data of rank " +
                                     std::to_string(r) + " and batch_dims " + std::to_string(*batch),
                     "indices_shape[-1] in [1, r - batch_dims] (ONNX operator page)");
  }
  // ORT pads the three tensors to the largest of their ranks (DmlOperatorGather.cpp).
  const size_t out_rank = static_cast<size_t>(q + r - k - 1 - *batch);
  const size_t rank = std::max({static_cast<size_t>(r), static_cast<size_t>(q), out_rank});
  Sizes in = DmlSizes(data.dims, rank);
  Sizes idx = DmlSizes(indices.dims, rank);
  for (const Sizes* s : {&in, &idx}) {
    if (!s->skip.empty()) return Skip(s->skip);
  }
  ops::GatherNd1Desc d;
  d.InputTensor = Tensor(DmlTypeOf(data.type), in.sizes);
  d.IndicesTensor = Tensor(DmlTypeOf(indices.type), idx.sizes);
  d.InputDimensionCount = static_cast<uint32_t>(r);
  d.IndicesDimensionCount = static_cast<uint32_t>(q);
  d.BatchDimensionCount = static_cast<uint32_t>(*batch);
  Result<std::vector<uint32_t>> out = ops::InferGatherNd1OutputSizes(d);
  if (!out.ok()) return WithContext(out.error(), "GatherND mapped onto GATHER_ND1");
  d.OutputTensor = Tensor(DmlTypeOf(data.type), std::move(*out));
  return MappedNode{d, {0, 1}, ""};
}

Result<MappedNode> MapOneHot(const OnnxModel& model, std::span<const OnnxTensor> inputs) {
  const OnnxNode& node = model.node;
  if (inputs.size() != 3) return InputMissing(node, 3);
  const OnnxTensor& indices = inputs[0];
  const OnnxTensor& depth_tensor = inputs[1];
  const OnnxTensor& values = inputs[2];
  if (!IsIntegerTensor(indices)) {
    return Skip("OneHot's indices are " + OnnxTypeName(indices.type) +
                ", and ONE_HOT's IndicesTensor is an integer tensor (ONNX casts non-integer indices to int64; "
                "DirectML does no such cast)");
  }
  const std::optional<int64_t> depth = OneInteger(depth_tensor);
  if (!depth || *depth < 1) {
    return MakeError("onnx", "depth", "OneHot's depth is not one positive number", "depth > 0 (ONNX operator page)");
  }
  if (values.values.size() != 2) {
    return MakeError("onnx", "values", "OneHot's values hold " + std::to_string(values.values.size()) + " elements",
                     "values are [off_value, on_value] (ONNX operator page)");
  }
  Result<int64_t> axis_attribute = node.Int("axis", -1);
  if (!axis_attribute.ok()) return axis_attribute.error();
  const size_t out_rank = indices.dims.size() + 1;
  Result<uint32_t> axis = NormalizeAxis(*axis_attribute, out_rank, node, "axis");
  if (!axis.ok()) return axis.error();
  // Indices with a 1 inserted at the axis, the output with depth there; both right-aligned to at least
  // 4 dimensions, the axis moved by the padding (DmlOperatorOneHot.cpp).
  std::vector<int64_t> indices_dims = indices.dims;
  indices_dims.insert(indices_dims.begin() + *axis, 1);
  std::vector<int64_t> output_dims = indices.dims;
  output_dims.insert(output_dims.begin() + *axis, *depth);
  const size_t rank = std::max(kNchw, out_rank);
  Sizes idx = DmlSizes(indices_dims, rank);
  Sizes out = DmlSizes(output_dims, rank);
  Sizes val = DmlSizes(values.dims, rank);
  for (const Sizes* s : {&idx, &out, &val}) {
    if (!s->skip.empty()) return Skip(s->skip);
  }
  ops::OneHotDesc d;
  d.IndicesTensor = Tensor(DmlTypeOf(indices.type), idx.sizes);
  d.ValuesTensor = Tensor(DmlTypeOf(values.type), val.sizes);
  d.OutputTensor = Tensor(DmlTypeOf(values.type), out.sizes);
  d.Axis = *axis + static_cast<uint32_t>(rank - out_rank);
  return MappedNode{d, {0, 2}, ""};  // depth is not bound: it is in the output's sizes
}

Result<MappedNode> MapEyeLike(const OnnxModel& model, std::span<const OnnxTensor> inputs) {
  const OnnxNode& node = model.node;
  if (inputs.size() != 1) return InputMissing(node, 1);
  const OnnxTensor& input = inputs[0];
  if (input.dims.size() != 2) {
    return MakeError("onnx", "", "EyeLike's input has rank " + std::to_string(input.dims.size()),
                     "EyeLike's input is 2D (ONNX operator page)");
  }
  Result<int64_t> dtype = node.Int("dtype", input.type);
  if (!dtype.ok()) return dtype.error();
  Result<int64_t> k = node.Int("k", 0);
  if (!k.ok()) return k.error();
  const ops::DataType type = DmlTypeOf(static_cast<int32_t>(*dtype));
  if (type == ops::DataType::kUnknown) {
    return Skip("EyeLike's dtype is " + OnnxTypeName(static_cast<int32_t>(*dtype)) + ", which no DirectML tensor data type holds");
  }
  if (*k < std::numeric_limits<int32_t>::min() || *k > std::numeric_limits<int32_t>::max()) {
    return Skip("EyeLike's k " + std::to_string(*k) + " does not fit DIAGONAL_MATRIX's INT Offset");
  }
  Sizes out = DmlSizes(input.dims, kNchw);
  if (!out.skip.empty()) return Skip(out.skip);
  ops::DiagonalMatrixDesc d;
  d.OutputTensor = Tensor(type, out.sizes);
  d.Offset = static_cast<int32_t>(*k);
  d.Value = 1.0f;
  return MappedNode{d, {}, ""};  // the input gives only the shape: ORT binds none
}

Result<MappedNode> MapConcat(const OnnxModel& model, std::span<const OnnxTensor> inputs) {
  const OnnxNode& node = model.node;
  if (inputs.empty()) return InputMissing(node, 1);
  const auto axis_it = node.attributes.find("axis");
  if (axis_it == node.attributes.end()) {
    return MakeError("onnx", "axis", "Concat without its axis attribute", "Concat's axis is required (ONNX operator page)");
  }
  Result<int64_t> axis_attribute = node.Int("axis", 0);
  if (!axis_attribute.ok()) return axis_attribute.error();
  const size_t onnx_rank = inputs[0].dims.size();
  Result<uint32_t> axis = NormalizeAxis(*axis_attribute, onnx_rank, node, "axis");
  if (!axis.ok()) return axis.error();
  const size_t rank = std::max(kNchw, onnx_rank);
  ops::JoinDesc d;
  MappedNode mapped;
  std::vector<uint32_t> out_sizes;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i].dims.size() != onnx_rank) {
      return MakeError("onnx", "", "Concat's inputs have ranks " + std::to_string(onnx_rank) + " and " +
                                       std::to_string(inputs[i].dims.size()),
                       "Concat's inputs have one rank (ONNX operator page)");
    }
    // ORT leaves empty inputs out of the JOIN (DmlOperatorConcat.cpp): they add nothing.
    if (inputs[i].ElementCount() == 0) continue;
    Sizes s = DmlSizes(inputs[i].dims, rank);
    if (!s.skip.empty()) return Skip(s.skip);
    if (out_sizes.empty()) out_sizes = s.sizes;
    else out_sizes[*axis + rank - onnx_rank] += s.sizes[*axis + rank - onnx_rank];
    d.InputTensors.push_back(Tensor(DmlTypeOf(inputs[i].type), std::move(s.sizes)));
    mapped.inputs.push_back(i);
  }
  if (d.InputTensors.empty()) return Skip("every input of Concat is empty (ORT then runs no DirectML operator)");
  d.OutputTensor = Tensor(d.InputTensors[0].DataType, std::move(out_sizes));
  d.Axis = *axis + static_cast<uint32_t>(rank - onnx_rank);
  mapped.desc = std::move(d);
  return mapped;
}

}  // namespace dmlc::app::onnx_map
