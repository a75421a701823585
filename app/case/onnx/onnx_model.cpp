#include "app/case/onnx/onnx_model.h"

#include <limits>

#include <onnx/onnx_pb.h>

namespace dmlc::app {
namespace {

Error ModelError(const std::string& origin, std::string message, std::string rule) {
  Error e = MakeError("onnx", "", std::move(message), std::move(rule));
  e.where.file = origin;
  return e;
}

OnnxAttribute ReadAttribute(const onnx::AttributeProto& a) {
  OnnxAttribute out;
  switch (a.type()) {
    case onnx::AttributeProto::INT:
      out.kind = OnnxAttribute::Kind::kInt;
      out.i = a.i();
      break;
    case onnx::AttributeProto::FLOAT:
      out.kind = OnnxAttribute::Kind::kFloat;
      out.f = a.f();
      break;
    case onnx::AttributeProto::INTS:
      out.kind = OnnxAttribute::Kind::kInts;
      out.ints.assign(a.ints().begin(), a.ints().end());
      break;
    default:
      break;
  }
  return out;
}

}  // namespace

Result<int64_t> OnnxNode::Int(const std::string& name, int64_t fallback) const {
  auto it = attributes.find(name);
  if (it == attributes.end()) return fallback;
  if (it->second.kind != OnnxAttribute::Kind::kInt) {
    return MakeError("onnx", name, op_type + "'s attribute " + name + " is not an INT", "attribute types per the operator page");
  }
  return it->second.i;
}

Result<std::optional<std::vector<int64_t>>> OnnxNode::Ints(const std::string& name) const {
  auto it = attributes.find(name);
  if (it == attributes.end()) return std::optional<std::vector<int64_t>>();
  if (it->second.kind != OnnxAttribute::Kind::kInts) {
    return MakeError("onnx", name, op_type + "'s attribute " + name + " is not INTS", "attribute types per the operator page");
  }
  return std::optional<std::vector<int64_t>>(it->second.ints);
}

Result<OnnxModel> ParseOnnxModel(std::string_view bytes, const std::string& origin) {
  onnx::ModelProto proto;
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()) ||
      !proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return ModelError(origin, "not a serialized ONNX ModelProto", "model.onnx holds one ModelProto");
  }
  OnnxModel model;
  for (const onnx::OperatorSetIdProto& set : proto.opset_import()) {
    if (set.domain().empty() || set.domain() == "ai.onnx") model.opset = set.version();
  }
  const onnx::GraphProto& graph = proto.graph();
  model.node_count = static_cast<size_t>(graph.node_size());
  for (const onnx::ValueInfoProto& v : graph.input()) model.graph_inputs.push_back(v.name());
  for (const onnx::ValueInfoProto& v : graph.output()) model.graph_outputs.push_back(v.name());
  for (const onnx::TensorProto& t : graph.initializer()) {
    model.initializers.emplace(t.name(), ParseOnnxTensor(t.SerializeAsString(), origin));
  }
  if (graph.node_size() == 0) return model;
  const onnx::NodeProto& node = graph.node(0);
  model.node.op_type = node.op_type();
  model.node.domain = node.domain();
  model.node.inputs.assign(node.input().begin(), node.input().end());
  model.node.outputs.assign(node.output().begin(), node.output().end());
  for (const onnx::AttributeProto& a : node.attribute()) model.node.attributes[a.name()] = ReadAttribute(a);
  return model;
}

}  // namespace dmlc::app
