// One valid desc of each operator, the first example of its spec page, for the tests that walk every
// operator: OperatorExample<Desc>() per desc type, and OperatorExamples() with one desc per alternative of
// ops::OperatorDesc, in variant order. A new alternative without an OperatorExample<> specialization here
// fails to compile wherever OperatorExamples() is used (docs/adding-an-operator.md, step 1).
#pragma once

#include <cstddef>
#include <utility>
#include <variant>
#include <vector>

#include "ops/operator_desc.h"
#include "test_util.h"

namespace dmlc::ops::testing {

// GATHER_ND1, example 1: rows of a 2x2 input picked by UINT32 indices.
inline GatherNd1Desc GatherExample1() {
  GatherNd1Desc d;
  d.InputTensor = Tensor(DataType::kFloat32, {2, 2});
  d.IndicesTensor = Tensor(DataType::kUint32, {2, 1});
  d.OutputTensor = Tensor(DataType::kFloat32, {2, 2});
  d.InputDimensionCount = 2;
  d.IndicesDimensionCount = 2;
  return d;
}

// DIAGONAL_MATRIX: a 3x3 identity (Offset 0, Value 1).
inline DiagonalMatrixDesc DiagonalExample() {
  DiagonalMatrixDesc d;
  d.OutputTensor = Tensor(DataType::kFloat32, {1, 1, 3, 3});
  return d;
}

// JOIN, example 1: {1,1,2,3} and {1,1,2,4} joined on axis 3.
inline JoinDesc JoinExample1() {
  JoinDesc d;
  d.InputTensors = {Tensor(DataType::kFloat32, {1, 1, 2, 3}), Tensor(DataType::kFloat32, {1, 1, 2, 4})};
  d.OutputTensor = Tensor(DataType::kFloat32, {1, 1, 2, 7});
  d.Axis = 3;
  return d;
}

// REDUCE, example 1: SUM of a 3x3 input over axis 0.
inline ReduceDesc ReduceExample1() {
  ReduceDesc d;
  d.Function = ReduceFunction::kSum;
  d.InputTensor = Tensor(DataType::kFloat32, {3, 3});
  d.OutputTensor = Tensor(DataType::kFloat32, {1, 3});
  d.Axes = {0};
  return d;
}

// ONE_HOT: three indices of type `indices` into depth 4 along axis 3.
inline OneHotDesc OneHotExample(DataType indices = DataType::kUint32) {
  OneHotDesc d;
  d.IndicesTensor = Tensor(indices, {1, 1, 3, 1});
  d.ValuesTensor = Tensor(DataType::kFloat32, {1, 1, 1, 2});
  d.OutputTensor = Tensor(DataType::kFloat32, {1, 1, 3, 4});
  d.Axis = 3;
  return d;
}

// DIAGONAL_MATRIX1, the page's example 4: keep only the diagonal of a 4x5 input (band Begin 1, End 0
// inverted, Value 0).
inline DiagonalMatrix1Desc Diagonal1Example() {
  DiagonalMatrix1Desc d;
  d.InputTensor = Tensor(DataType::kFloat32, {4, 5});
  d.OutputTensor = Tensor(DataType::kFloat32, {4, 5});
  d.Value = {DataType::kFloat32, 0};
  d.DiagonalFillBegin = 1;
  d.DiagonalFillEnd = 0;
  return d;
}

template <class Desc>
Desc OperatorExample() {
  static_assert(sizeof(Desc) == 0,
                "an operator without an example: add OperatorExample<> for it in tests/ops/operator_examples.h");
  return {};
}
template <>
inline GatherNd1Desc OperatorExample<GatherNd1Desc>() { return GatherExample1(); }
template <>
inline DiagonalMatrixDesc OperatorExample<DiagonalMatrixDesc>() { return DiagonalExample(); }
template <>
inline JoinDesc OperatorExample<JoinDesc>() { return JoinExample1(); }
template <>
inline ReduceDesc OperatorExample<ReduceDesc>() { return ReduceExample1(); }
template <>
inline OneHotDesc OperatorExample<OneHotDesc>() { return OneHotExample(); }
template <>
inline DiagonalMatrix1Desc OperatorExample<DiagonalMatrix1Desc>() { return Diagonal1Example(); }

// One example per alternative of OperatorDesc; element i holds alternative i.
inline std::vector<OperatorDesc> OperatorExamples() {
  return []<size_t... I>(std::index_sequence<I...>) {
    return std::vector<OperatorDesc>{
        OperatorDesc(std::in_place_index<I>, OperatorExample<std::variant_alternative_t<I, OperatorDesc>>())...};
  }(std::make_index_sequence<std::variant_size_v<OperatorDesc>>());
}

}  // namespace dmlc::ops::testing
