// An ONNX node mapped onto the DirectML desc that ONNX Runtime's DirectML execution provider builds for
// it (onnxruntime/core/providers/dml/DmlExecutionProvider/src/Operators/DmlOperator*.cpp):
//   GatherND                -> GATHER_ND1, BatchDimensionCount = batch_dims, every tensor padded with
//                              leading 1s to the largest rank of the three (DmlOperatorGather.cpp)
//   OneHot                  -> ONE_HOT, depth read from its input, indices with a 1 inserted at the
//                              axis, at least 4 dimensions (DmlOperatorOneHot.cpp)
//   EyeLike                 -> DIAGONAL_MATRIX, Offset = k, Value 1, output of dtype, 4 dimensions; the
//                              input is not bound (DmlOperatorEyeLike.cpp)
//   Concat                  -> JOIN, at least 4 dimensions, empty inputs left out (DmlOperatorConcat.cpp)
//   Reduce*, ArgMax, ArgMin -> REDUCE, the reduced axes kept as 1s (DirectML has no keepdims: the ONNX
//                              output is the same elements in the same order), ONNX's rank
//                              (DmlOperatorReduce.cpp)
// Where ONNX asks for what the desc cannot express, the node is not mapped and the skip says why:
// select_last_index=1 (ORT builds DML_OPERATOR_ARGMAX with AxisDirection DECREASING, an operator this
// tool does not have), OneHot's non-integer indices, noop_with_empty_axes for a function that is not
// the identity on one element, a zero-sized dimension, a type DirectML has no tensor for. Another
// operator is skipped as "no DirectML operator here". Errors are for tests that break ONNX's own rules
// (an axis out of range, a missing input).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "app/case/onnx/onnx_model.h"
#include "app/case/onnx/onnx_tensor.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::app {

struct MappedNode {
  ops::OperatorDesc desc;
  // For each input binding of desc (ops::Bindings() order), the index of the node input feeding it.
  std::vector<size_t> inputs;
  std::string skip;  // non-empty: the node is not mapped, for this reason; desc and inputs mean nothing
};

// Why `model` cannot map whatever its data ("a model of 3 nodes", "no DirectML operator here for ONNX's
// Relu"); "" for a node of a mapped operator. Decided before any tensor is read.
std::string OnnxModelSkip(const OnnxModel& model);

// Maps `model`'s node; `inputs` holds one tensor per node input (the data set's or an initializer),
// an absent optional input as an empty-named tensor of no type. Pure: the same node and inputs give
// the same desc.
Result<MappedNode> MapOnnxNode(const OnnxModel& model, std::span<const OnnxTensor> inputs);

// The operators MapOnnxNode takes, for messages and the suite script: "ArgMax", "ArgMin", "Concat", ...
const std::vector<std::string>& MappedOnnxOperators();

}  // namespace dmlc::app
