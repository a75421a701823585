// ReduceSum, ReduceMean, ReduceProd, ReduceMax, ReduceMin, ReduceL1, ReduceL2, ReduceLogSum,
// ReduceLogSumExp, ReduceSumSquare, ArgMax and ArgMin onto REDUCE, as DmlOperatorReduce.cpp builds it:
// the input at its ONNX rank (at least 1), the axes normalized, the output the input's sizes with each
// reduced axis 1. ONNX's keepdims only changes the output's shape, not its elements or their order, so
// both keepdims values give one desc and the expected values apply as they are.
#include <algorithm>
#include <map>

#include "app/case/onnx/onnx_map_common.h"

namespace dmlc::app::onnx_map {
namespace {

using ops::ReduceFunction;

const std::map<std::string, ReduceFunction>& Functions() {
  static const std::map<std::string, ReduceFunction> kFunctions = {
      {"ReduceSum", ReduceFunction::kSum},       {"ReduceMean", ReduceFunction::kAverage},
      {"ReduceProd", ReduceFunction::kMultiply}, {"ReduceMax", ReduceFunction::kMax},
      {"ReduceMin", ReduceFunction::kMin},       {"ReduceL1", ReduceFunction::kL1},
      {"ReduceL2", ReduceFunction::kL2},         {"ReduceLogSum", ReduceFunction::kLogSum},
      {"ReduceLogSumExp", ReduceFunction::kLogSumExp}, {"ReduceSumSquare", ReduceFunction::kSumSquare},
      {"ArgMax", ReduceFunction::kArgMax},       {"ArgMin", ReduceFunction::kArgMin},
  };
  return kFunctions;
}

// Whether REDUCE of one element gives that element exactly, so that a REDUCE with no axes (which
// DirectML computes element by element: docs/semantics.md, "Answers DirectML decides") is ONNX's
// noop_with_empty_axes, the input unchanged. L1, L2, SUM_SQUARE and LOG_SUM are not the identity
// (|x|, x^2, log x), and LOG_SUM_EXP's log(exp(x)) need not give x's bits back.
bool IdentityOnOneElement(ReduceFunction f) {
  return f == ReduceFunction::kSum || f == ReduceFunction::kAverage || f == ReduceFunction::kMultiply ||
         f == ReduceFunction::kMax || f == ReduceFunction::kMin;
}

// The desc for `function` over `data` reducing `axes` (normalized, each in range).
Result<MappedNode> Build(ReduceFunction function, const OnnxTensor& data, std::vector<uint32_t> axes,
                         ops::DataType output_type) {
  Sizes in = DmlSizes(data.dims, 1);
  if (!in.skip.empty()) return Skip(in.skip);
  std::sort(axes.begin(), axes.end());
  axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
  std::vector<uint32_t> out_sizes = in.sizes;
  for (uint32_t a : axes) out_sizes[a] = 1;
  ops::ReduceDesc d;
  d.Function = function;
  d.InputTensor = Tensor(DmlTypeOf(data.type), in.sizes);
  d.OutputTensor = Tensor(output_type, std::move(out_sizes));
  d.Axes = std::move(axes);
  return MappedNode{d, {0}, ""};
}

// The axes ONNX gives: the "axes" attribute, or (ReduceSum from opset 13, the others from 18) the
// optional second input; empty when neither is given.
Result<std::vector<int64_t>> AxesOf(const OnnxNode& node, std::span<const OnnxTensor> inputs) {
  Result<std::optional<std::vector<int64_t>>> attribute = node.Ints("axes");
  if (!attribute.ok()) return attribute.error();
  if (*attribute) return **attribute;
  std::vector<int64_t> axes;
  if (inputs.size() < 2 || node.inputs[1].empty()) return axes;
  for (const Scalar& v : inputs[1].values) {
    if (const int64_t* i = std::get_if<int64_t>(&v)) axes.push_back(*i);
    else return MakeError("onnx", "axes", node.op_type + "'s axes input is not INT64", "axes are INT64 (ONNX operator page)");
  }
  return axes;
}

}  // namespace

Result<MappedNode> MapReduce(const OnnxModel& model, std::span<const OnnxTensor> inputs) {
  const OnnxNode& node = model.node;
  if (inputs.empty()) return MakeError("onnx", "", node.op_type + " without its data input", "Reduce* take data");
  const OnnxTensor& data = inputs[0];
  const ReduceFunction function = Functions().at(node.op_type);
  Result<std::vector<int64_t>> onnx_axes = AxesOf(node, inputs);
  if (!onnx_axes.ok()) return onnx_axes.error();
  Result<int64_t> noop = node.Int("noop_with_empty_axes", 0);
  if (!noop.ok()) return noop.error();
  const size_t rank = std::max<size_t>(data.dims.size(), 1);
  std::vector<uint32_t> axes;
  for (int64_t a : *onnx_axes) {
    Result<uint32_t> axis = NormalizeAxis(a, rank, node, "axes");
    if (!axis.ok()) return axis.error();
    axes.push_back(*axis);
  }
  if (axes.empty() && *noop == 0) {
    for (uint32_t a = 0; a < rank; ++a) axes.push_back(a);  // ONNX: no axes reduce every axis
  }
  if (axes.empty() && !IdentityOnOneElement(function)) {
    return Skip("noop_with_empty_axes=1 with no axes returns the input unchanged, and REDUCE " +
                std::string(ops::ReduceFunctionName(function)) +
                " with no axes applies the function to each element, which is not the identity");
  }
  return Build(function, data, std::move(axes), DmlTypeOf(data.type));
}

Result<MappedNode> MapArgReduce(const OnnxModel& model, std::span<const OnnxTensor> inputs) {
  const OnnxNode& node = model.node;
  if (inputs.empty()) return MakeError("onnx", "", node.op_type + " without its data input", "ArgMax/ArgMin take data");
  Result<int64_t> select_last = node.Int("select_last_index", 0);
  if (!select_last.ok()) return select_last.error();
  if (*select_last != 0) {
    return Skip("select_last_index=1 picks the last of tied elements: ONNX Runtime builds DML_OPERATOR_" +
                std::string(node.op_type == "ArgMax" ? "ARGMAX" : "ARGMIN") +
                " with AxisDirection DECREASING for it, and REDUCE's ARGMAX/ARGMIN (the operator here) picks the first");
  }
  Result<int64_t> axis = node.Int("axis", 0);
  if (!axis.ok()) return axis.error();
  const size_t rank = std::max<size_t>(inputs[0].dims.size(), 1);
  Result<uint32_t> normalized = NormalizeAxis(*axis, rank, node, "axis");
  if (!normalized.ok()) return normalized.error();
  // ONNX's ArgMax and ArgMin output INT64 whatever the input.
  return Build(Functions().at(node.op_type), inputs[0], {*normalized}, ops::DataType::kInt64);
}

}  // namespace dmlc::app::onnx_map
