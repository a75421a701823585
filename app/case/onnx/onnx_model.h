// An ONNX node test's model.onnx as far as the mapping needs it: its one node (operator, attributes,
// inputs by name), the opset it was written for, and where each input's values come from (the data
// set's input_N.pb by graph input, or an initializer of the graph).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/case/onnx/onnx_tensor.h"
#include "ops/error.h"

namespace dmlc::app {

// The attribute kinds the mapped operators use; any other is kept as kOther (its presence still counts).
struct OnnxAttribute {
  enum class Kind : uint8_t { kInt, kFloat, kInts, kOther };
  Kind kind = Kind::kOther;
  int64_t i = 0;
  float f = 0;
  std::vector<int64_t> ints;
};

struct OnnxNode {
  std::string op_type;  // "ReduceSum"
  std::string domain;   // "" (or "ai.onnx") for ONNX's own operators
  std::vector<std::string> inputs;   // names; "" for an optional input left out
  std::vector<std::string> outputs;
  std::map<std::string, OnnxAttribute> attributes;

  // An INT attribute's value, `fallback` when absent; an error when present with another kind.
  Result<int64_t> Int(const std::string& name, int64_t fallback) const;
  // An INTS attribute's values, nullopt when absent.
  Result<std::optional<std::vector<int64_t>>> Ints(const std::string& name) const;
};

struct OnnxModel {
  int64_t opset = 0;         // the version of the default ("") domain the model imports
  size_t node_count = 0;     // a node test holds one node; the mapping takes no other
  OnnxNode node;             // the first node
  std::vector<std::string> graph_inputs;   // in order: the data set's input_N.pb is graph_inputs[N]
  std::vector<std::string> graph_outputs;  // in order: output_N.pb
  // Constants of the graph, by name; one that does not read (a STRING) is its error, which matters only
  // to a node that takes it.
  std::map<std::string, Result<OnnxTensor>> initializers;
};

// Parses a serialized ModelProto. `origin` (the file) prefixes errors.
Result<OnnxModel> ParseOnnxModel(std::string_view bytes, const std::string& origin);

}  // namespace dmlc::app
