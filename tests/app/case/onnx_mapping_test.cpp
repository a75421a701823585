// ONNX nodes mapped onto DirectML descs as ONNX Runtime's DirectML provider builds them (onnx_mapping.h):
// each operator's sizes, padding, axes and types with real values, and each skip and error by its reason.
#include <gtest/gtest.h>

#include "app/case/onnx/onnx_mapping.h"

namespace dmlc::app {
namespace {

using ops::DataType;

OnnxTensor T(OnnxType type, std::vector<int64_t> dims, std::vector<Scalar> values = {}) {
  OnnxTensor t;
  t.type = static_cast<int32_t>(type);
  t.dims = std::move(dims);
  if (values.empty()) values.assign(t.ElementCount(), Scalar{0.0});
  t.values = std::move(values);
  return t;
}

OnnxAttribute Int(int64_t v) { return OnnxAttribute{OnnxAttribute::Kind::kInt, v, 0, {}}; }
OnnxAttribute Ints(std::vector<int64_t> v) { return OnnxAttribute{OnnxAttribute::Kind::kInts, 0, 0, std::move(v)}; }

OnnxModel Model(std::string op, std::map<std::string, OnnxAttribute> attributes, size_t inputs, int64_t opset = 13) {
  OnnxModel m;
  m.opset = opset;
  m.node_count = 1;
  m.node.op_type = std::move(op);
  m.node.attributes = std::move(attributes);
  for (size_t i = 0; i < inputs; ++i) m.node.inputs.push_back("x" + std::to_string(i));
  m.node.outputs = {"y"};
  return m;
}

MappedNode Map(const OnnxModel& m, const std::vector<OnnxTensor>& inputs) {
  Result<MappedNode> r = MapOnnxNode(m, inputs);
  EXPECT_TRUE(r.ok()) << r.error().ToString();
  return r.ok() ? *r : MappedNode{};
}

template <class Desc>
const Desc& As(const MappedNode& m) {
  EXPECT_TRUE(m.skip.empty()) << m.skip;
  EXPECT_TRUE(std::holds_alternative<Desc>(m.desc));
  static const Desc kEmpty{};
  return std::holds_alternative<Desc>(m.desc) ? std::get<Desc>(m.desc) : kEmpty;
}

using Sizes = std::vector<uint32_t>;

TEST(OnnxMapping, ReduceSumTakesItsAxesInputAndKeepsReducedAxesAsOnes) {
  // test_reduce_sum_do_not_keepdims_example: keepdims=0 gives {3,2} in ONNX, the same 6 elements.
  const OnnxModel m = Model("ReduceSum", {{"keepdims", Int(0)}}, 2);
  const MappedNode n = Map(m, {T(OnnxType::kFloat, {3, 2, 2}), T(OnnxType::kInt64, {1}, {int64_t{-2}})});
  const auto& d = As<ops::ReduceDesc>(n);
  EXPECT_EQ(d.Function, ops::ReduceFunction::kSum);
  EXPECT_EQ(d.InputTensor.Sizes, (Sizes{3, 2, 2}));
  EXPECT_EQ(d.OutputTensor.Sizes, (Sizes{3, 1, 2}));
  EXPECT_EQ(d.Axes, (Sizes{1}));
  EXPECT_EQ(d.OutputTensor.DataType, DataType::kFloat32);
  EXPECT_EQ(d.InputTensor.TotalTensorSizeInBytes, 48u);
  EXPECT_EQ(n.inputs, (std::vector<size_t>{0}));  // the axes input is not bound
}

TEST(OnnxMapping, ReduceWithoutAxesReducesEveryAxisUnlessNoop) {
  const MappedNode all = Map(Model("ReduceMean", {}, 1), {T(OnnxType::kFloat, {3, 2, 2})});
  EXPECT_EQ(As<ops::ReduceDesc>(all).Axes, (Sizes{0, 1, 2}));
  EXPECT_EQ(As<ops::ReduceDesc>(all).Function, ops::ReduceFunction::kAverage);
  EXPECT_EQ(As<ops::ReduceDesc>(all).OutputTensor.Sizes, (Sizes{1, 1, 1}));
  // noop_with_empty_axes: the input unchanged, which REDUCE SUM with no axes computes (element by element).
  const MappedNode noop = Map(Model("ReduceSum", {{"noop_with_empty_axes", Int(1)}}, 2),
                              {T(OnnxType::kFloat, {3, 2, 2}), T(OnnxType::kInt64, {0})});
  EXPECT_TRUE(As<ops::ReduceDesc>(noop).Axes.empty());
  EXPECT_EQ(As<ops::ReduceDesc>(noop).OutputTensor.Sizes, (Sizes{3, 2, 2}));
  // ... and REDUCE L2 does not (|x|), so that is a skip naming why.
  const MappedNode l2 = Map(Model("ReduceL2", {{"noop_with_empty_axes", Int(1)}}, 1), {T(OnnxType::kFloat, {2})});
  EXPECT_NE(l2.skip.find("noop_with_empty_axes=1"), std::string::npos) << l2.skip;
  EXPECT_NE(l2.skip.find("REDUCE L2"), std::string::npos) << l2.skip;
}

TEST(OnnxMapping, ReduceAttributeAxesNormalizeAndRepeatsCollapse) {
  const MappedNode n = Map(Model("ReduceLogSumExp", {{"axes", Ints({-1, 0, 2})}}, 1), {T(OnnxType::kDouble, {3, 4, 5})});
  const auto& d = As<ops::ReduceDesc>(n);
  EXPECT_EQ(d.Axes, (Sizes{0, 2}));
  EXPECT_EQ(d.OutputTensor.Sizes, (Sizes{1, 4, 1}));
  EXPECT_EQ(d.InputTensor.DataType, DataType::kFloat64);
}

TEST(OnnxMapping, ArgMaxOutputsInt64AlongItsAxis) {
  const MappedNode n = Map(Model("ArgMax", {{"axis", Int(-1)}, {"keepdims", Int(0)}}, 1), {T(OnnxType::kFloat, {2, 3, 4})});
  const auto& d = As<ops::ReduceDesc>(n);
  EXPECT_EQ(d.Function, ops::ReduceFunction::kArgMax);
  EXPECT_EQ(d.Axes, (Sizes{2}));
  EXPECT_EQ(d.OutputTensor.Sizes, (Sizes{2, 3, 1}));
  EXPECT_EQ(d.OutputTensor.DataType, DataType::kInt64);
  const MappedNode min = Map(Model("ArgMin", {}, 1), {T(OnnxType::kFloat, {2, 2})});
  EXPECT_EQ(As<ops::ReduceDesc>(min).Axes, (Sizes{0}));  // axis defaults to 0
}

TEST(OnnxMapping, SelectLastIndexIsASkipNamingArgmaxsAxisDirection) {
  const MappedNode n = Map(Model("ArgMax", {{"select_last_index", Int(1)}}, 1), {T(OnnxType::kFloat, {2, 2})});
  EXPECT_NE(n.skip.find("select_last_index=1"), std::string::npos) << n.skip;
  EXPECT_NE(n.skip.find("DML_OPERATOR_ARGMAX"), std::string::npos) << n.skip;
}

TEST(OnnxMapping, GatherNdPadsToTheLargestRankWithItsBatchDimensions) {
  // test_gathernd_example_int32_batch_dim1: data {2,2,2}, indices {2,1}, output {2,2}.
  const MappedNode n = Map(Model("GatherND", {{"batch_dims", Int(1)}}, 2),
                           {T(OnnxType::kInt32, {2, 2, 2}), T(OnnxType::kInt64, {2, 1}, {int64_t{1}, int64_t{0}})});
  const auto& d = As<ops::GatherNd1Desc>(n);
  EXPECT_EQ(d.InputTensor.Sizes, (Sizes{2, 2, 2}));
  EXPECT_EQ(d.IndicesTensor.Sizes, (Sizes{1, 2, 1}));
  EXPECT_EQ(d.OutputTensor.Sizes, (Sizes{1, 2, 2}));
  EXPECT_EQ(d.InputDimensionCount, 3u);
  EXPECT_EQ(d.IndicesDimensionCount, 2u);
  EXPECT_EQ(d.BatchDimensionCount, 1u);
  EXPECT_EQ(d.IndicesTensor.DataType, DataType::kInt64);
  EXPECT_EQ(n.inputs, (std::vector<size_t>{0, 1}));
}

TEST(OnnxMapping, OneHotInsertsTheAxisAndPadsToFourDimensions) {
  // test_onehot_negative_indices: indices {3}, depth 10, axis 1 -> output {3, 10}.
  const MappedNode n = Map(Model("OneHot", {{"axis", Int(1)}}, 3),
                           {T(OnnxType::kInt64, {3}, {int64_t{0}, int64_t{-7}, int64_t{-8}}),
                            T(OnnxType::kFloat, {}, {10.0}), T(OnnxType::kFloat, {2}, {1.0, 3.0})});
  const auto& d = As<ops::OneHotDesc>(n);
  EXPECT_EQ(d.IndicesTensor.Sizes, (Sizes{1, 1, 3, 1}));
  EXPECT_EQ(d.OutputTensor.Sizes, (Sizes{1, 1, 3, 10}));
  EXPECT_EQ(d.ValuesTensor.Sizes, (Sizes{1, 1, 1, 2}));
  EXPECT_EQ(d.Axis, 3u);
  EXPECT_EQ(d.OutputTensor.DataType, DataType::kFloat32);
  EXPECT_EQ(n.inputs, (std::vector<size_t>{0, 2}));  // depth is in the sizes, not bound
  // The default axis -1 is the last of the output's.
  const MappedNode last = Map(Model("OneHot", {}, 3), {T(OnnxType::kInt64, {3}), T(OnnxType::kFloat, {}, {12.0}),
                                                       T(OnnxType::kInt32, {2}, {int64_t{2}, int64_t{5}})});
  EXPECT_EQ(As<ops::OneHotDesc>(last).OutputTensor.Sizes, (Sizes{1, 1, 3, 12}));
  EXPECT_EQ(As<ops::OneHotDesc>(last).Axis, 3u);
  EXPECT_EQ(As<ops::OneHotDesc>(last).OutputTensor.DataType, DataType::kInt32);
}

TEST(OnnxMapping, OneHotWithFloatIndicesIsASkip) {
  const MappedNode n = Map(Model("OneHot", {{"axis", Int(1)}}, 3), {T(OnnxType::kFloat, {2, 2}), T(OnnxType::kFloat, {}, {10.0}),
                                                                    T(OnnxType::kFloat, {2}, {1.0, 3.0})});
  EXPECT_NE(n.skip.find("OneHot's indices are FLOAT"), std::string::npos) << n.skip;
}

TEST(OnnxMapping, EyeLikeIsADiagonalMatrixOfItsDtypeAndOffset) {
  const MappedNode n = Map(Model("EyeLike", {{"dtype", Int(1)}, {"k", Int(1)}}, 1, 9), {T(OnnxType::kInt32, {4, 5})});
  const auto& d = As<ops::DiagonalMatrixDesc>(n);
  EXPECT_EQ(d.OutputTensor.Sizes, (Sizes{1, 1, 4, 5}));
  EXPECT_EQ(d.OutputTensor.DataType, DataType::kFloat32);
  EXPECT_EQ(d.Offset, 1);
  EXPECT_EQ(d.Value, 1.0f);
  EXPECT_TRUE(n.inputs.empty());
  const MappedNode same = Map(Model("EyeLike", {}, 1, 9), {T(OnnxType::kInt32, {4, 4})});
  EXPECT_EQ(As<ops::DiagonalMatrixDesc>(same).OutputTensor.DataType, DataType::kInt32);
}

TEST(OnnxMapping, ConcatIsAJoinOfTheNonEmptyInputsInFourDimensions) {
  const MappedNode n = Map(Model("Concat", {{"axis", Int(-1)}}, 3),
                           {T(OnnxType::kFloat, {2, 2}), T(OnnxType::kFloat, {2, 0}), T(OnnxType::kFloat, {2, 3})});
  const auto& d = As<ops::JoinDesc>(n);
  ASSERT_EQ(d.InputTensors.size(), 2u);
  EXPECT_EQ(d.InputTensors[0].Sizes, (Sizes{1, 1, 2, 2}));
  EXPECT_EQ(d.InputTensors[1].Sizes, (Sizes{1, 1, 2, 3}));
  EXPECT_EQ(d.OutputTensor.Sizes, (Sizes{1, 1, 2, 5}));
  EXPECT_EQ(d.Axis, 3u);
  EXPECT_EQ(n.inputs, (std::vector<size_t>{0, 2}));
}

TEST(OnnxMapping, OtherOperatorsAndGraphsAreSkipsSayingSo) {
  const MappedNode relu = Map(Model("Relu", {}, 1), {T(OnnxType::kFloat, {2})});
  EXPECT_EQ(relu.skip, "no DirectML operator here for ONNX's Relu");
  OnnxModel two = Model("ReduceSum", {}, 1);
  two.node_count = 2;
  EXPECT_NE(Map(two, {T(OnnxType::kFloat, {2})}).skip.find("a model of 2 nodes"), std::string::npos);
  const MappedNode empty = Map(Model("ReduceSum", {}, 1), {T(OnnxType::kFloat, {2, 0})});
  EXPECT_NE(empty.skip.find("dimension of size 0"), std::string::npos) << empty.skip;
  const MappedNode text = Map(Model("Concat", {{"axis", Int(0)}}, 1), {T(OnnxType::kString, {1}, {uint64_t{0}})});
  EXPECT_NE(text.skip.find("STRING"), std::string::npos) << text.skip;
}

TEST(OnnxMapping, AnAxisOutsideTheRankIsAnErrorNamingIt) {
  Result<MappedNode> r = MapOnnxNode(Model("ArgMax", {{"axis", Int(3)}}, 1), std::vector{T(OnnxType::kFloat, {2, 2})});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "ArgMax's axis is 3, outside [-2, 1] for rank 2");
}

}  // namespace
}  // namespace dmlc::app
