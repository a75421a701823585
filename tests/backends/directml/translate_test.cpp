// Every field of the DirectML structs the directml backend hands to CreateOperator, for each operator.
#include "backends/directml/translate.h"

#include <gtest/gtest.h>

#include <limits>

#include "tests/backends/directml/dml_operator_structs.h"
#include "tests/backends/directml/test_descs.h"

#include <vector>

namespace dmlc::backends::directml {
namespace {

using testing::Gather;
using testing::Tensor;

std::unique_ptr<const DmlOperatorDesc> MustTranslate(const ops::OperatorDesc& desc, TranslateOptions options = {}) {
  auto translated = Translate(desc, options);
  EXPECT_TRUE(translated.ok()) << (translated.ok() ? "" : translated.error().ToString());
  return translated.ok() ? std::move(*translated) : nullptr;
}

const DML_BUFFER_TENSOR_DESC& BufferOf(const DML_TENSOR_DESC* tensor) {
  EXPECT_EQ(tensor->Type, DML_TENSOR_TYPE_BUFFER);
  return *static_cast<const DML_BUFFER_TENSOR_DESC*>(tensor->Desc);
}

std::vector<uint32_t> Array(const uint32_t* data, uint32_t count) {
  return data == nullptr ? std::vector<uint32_t>{} : std::vector<uint32_t>(data, data + count);
}

// Each field of a buffer tensor desc against the model's tensor desc it came from.
void ExpectTensor(const DML_TENSOR_DESC* tensor, const ops::TensorDesc& from) {
  const DML_BUFFER_TENSOR_DESC& b = BufferOf(tensor);
  EXPECT_EQ(static_cast<uint32_t>(b.DataType), static_cast<uint32_t>(from.DataType));
  EXPECT_EQ(static_cast<uint32_t>(b.Flags), from.Flags);
  EXPECT_EQ(b.DimensionCount, from.Sizes.size());
  EXPECT_EQ(Array(b.Sizes, b.DimensionCount), from.Sizes);
  if (from.Strides.empty()) {
    EXPECT_EQ(b.Strides, nullptr);
  } else {
    EXPECT_EQ(Array(b.Strides, b.DimensionCount), from.Strides);
  }
  EXPECT_EQ(b.TotalTensorSizeInBytes, from.TotalTensorSizeInBytes);
  EXPECT_EQ(b.GuaranteedBaseOffsetAlignment, from.GuaranteedBaseOffsetAlignment);
}

TEST(DirectmlTranslate, GatherNd1EveryField) {
  const ops::GatherNd1Desc g = Gather(1);
  auto t = MustTranslate(g);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->desc().Type, DML_OPERATOR_GATHER_ND1);
  const auto& d = t->As<DML_GATHER_ND1_OPERATOR_DESC>();
  EXPECT_EQ(t->desc().Desc, &d);
  ExpectTensor(d.InputTensor, g.InputTensor);
  ExpectTensor(d.IndicesTensor, g.IndicesTensor);
  ExpectTensor(d.OutputTensor, g.OutputTensor);
  EXPECT_EQ(d.InputDimensionCount, 3u);
  EXPECT_EQ(d.IndicesDimensionCount, 3u);
  EXPECT_EQ(d.BatchDimensionCount, 1u);
  EXPECT_EQ(t->input_count(), 2u);
  EXPECT_EQ(t->output_count(), 1u);
  // Binding order: the desc's tensors are the binding table's, in order.
  EXPECT_EQ(d.InputTensor, &t->tensors()[0]);
  EXPECT_EQ(d.IndicesTensor, &t->tensors()[1]);
  EXPECT_EQ(d.OutputTensor, &t->tensors()[2]);
}

TEST(DirectmlTranslate, GatherNdWhereTheDeviceLacksGatherNd1) {
  const ops::GatherNd1Desc g = Gather(0);
  auto t = MustTranslate(g, TranslateOptions{.gather_nd1 = false});
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->desc().Type, DML_OPERATOR_GATHER_ND);
  const auto& d = t->As<DML_GATHER_ND_OPERATOR_DESC>();
  EXPECT_EQ(t->desc().Desc, &d);
  ExpectTensor(d.InputTensor, g.InputTensor);
  ExpectTensor(d.IndicesTensor, g.IndicesTensor);
  ExpectTensor(d.OutputTensor, g.OutputTensor);
  EXPECT_EQ(d.InputDimensionCount, 3u);
  EXPECT_EQ(d.IndicesDimensionCount, 3u);

  // With GATHER_ND1 available, batch 0 is still GATHER_ND1 (the operator under test).
  auto nd1 = MustTranslate(g);
  ASSERT_NE(nd1, nullptr);
  EXPECT_EQ(nd1->desc().Type, DML_OPERATOR_GATHER_ND1);
  EXPECT_EQ(nd1->As<DML_GATHER_ND1_OPERATOR_DESC>().BatchDimensionCount, 0u);
}

TEST(DirectmlTranslate, BatchDimensionsNeedGatherNd1) {
  auto t = Translate(Gather(1), TranslateOptions{.gather_nd1 = false});
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().scope, "directml");
  EXPECT_EQ(t.error().path, "BatchDimensionCount");
  EXPECT_EQ(t.error().rule, "BatchDimensionCount needs GATHER_ND1");
}

TEST(DirectmlTranslate, DiagonalMatrixValueAndOffset) {
  ops::DiagonalMatrixDesc dm;
  dm.OutputTensor = Tensor(ops::DataType::kFloat16, {1, 1, 3, 5});
  dm.Offset = -2;
  dm.Value = 2.5f;
  auto t = MustTranslate(dm);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->desc().Type, DML_OPERATOR_DIAGONAL_MATRIX);
  const auto& d = t->As<DML_DIAGONAL_MATRIX_OPERATOR_DESC>();
  EXPECT_EQ(t->desc().Desc, &d);
  ExpectTensor(d.OutputTensor, dm.OutputTensor);
  EXPECT_EQ(d.Offset, -2);
  EXPECT_EQ(d.Value, 2.5f);
  EXPECT_EQ(t->input_count(), 0u);
  EXPECT_EQ(t->output_count(), 1u);
}

TEST(DirectmlTranslate, DiagonalMatrix1EveryField) {
  ops::DiagonalMatrix1Desc dm;
  dm.InputTensor = Tensor(ops::DataType::kInt64, {2, 3, 4}, {1, 2, 6});
  dm.OutputTensor = Tensor(ops::DataType::kInt64, {2, 3, 4});
  dm.Value = {ops::DataType::kInt64, 0x8000000100000001ull};
  dm.DiagonalFillBegin = std::numeric_limits<int32_t>::min();
  dm.DiagonalFillEnd = -3;
  auto t = MustTranslate(dm);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->desc().Type, DML_OPERATOR_DIAGONAL_MATRIX1);
  const auto& d = t->As<DML_DIAGONAL_MATRIX1_OPERATOR_DESC>();
  EXPECT_EQ(t->desc().Desc, &d);
  ExpectTensor(d.InputTensor, *dm.InputTensor);
  ExpectTensor(d.OutputTensor, dm.OutputTensor);
  EXPECT_EQ(d.ValueDataType, DML_TENSOR_DATA_TYPE_INT64);
  EXPECT_EQ(d.Value.UInt64, 0x8000000100000001ull);
  EXPECT_EQ(d.DiagonalFillBegin, std::numeric_limits<int32_t>::min());
  EXPECT_EQ(d.DiagonalFillEnd, -3);
  EXPECT_EQ(t->input_count(), 1u);
  EXPECT_EQ(t->output_count(), 1u);
  EXPECT_EQ(std::vector<int32_t>(t->input_slots().begin(), t->input_slots().end()), std::vector<int32_t>{0});
}

// DirectML's input slots are its schema's: InputTensor keeps slot 0 when null, bound NONE.
TEST(DirectmlTranslate, DiagonalMatrix1WithoutInputKeepsItsSlot) {
  ops::DiagonalMatrix1Desc dm;
  dm.OutputTensor = Tensor(ops::DataType::kFloat16, {4, 5});
  dm.Value = {ops::DataType::kFloat16, 0x3C00};
  auto t = MustTranslate(dm);
  ASSERT_NE(t, nullptr);
  const auto& d = t->As<DML_DIAGONAL_MATRIX1_OPERATOR_DESC>();
  EXPECT_EQ(d.InputTensor, nullptr);
  ExpectTensor(d.OutputTensor, dm.OutputTensor);
  EXPECT_EQ(d.ValueDataType, DML_TENSOR_DATA_TYPE_FLOAT16);
  EXPECT_EQ(d.Value.UInt16, 0x3C00);
  EXPECT_EQ(d.Value.UInt64, 0x3C00u);  // the union's other bytes zero
  EXPECT_EQ(d.DiagonalFillBegin, 0);
  EXPECT_EQ(d.DiagonalFillEnd, 1);
  EXPECT_EQ(t->input_count(), 0u);
  EXPECT_EQ(t->output_count(), 1u);
  EXPECT_EQ(std::vector<int32_t>(t->input_slots().begin(), t->input_slots().end()),
            std::vector<int32_t>{DmlOperatorDesc::kAbsent});
}

TEST(DirectmlTranslate, JoinInputTensorsIsAnArrayOfDescs) {
  ops::JoinDesc j;
  j.InputTensors = {Tensor(ops::DataType::kInt8, {2, 1}), Tensor(ops::DataType::kInt8, {2, 3}, {1, 2}),
                    Tensor(ops::DataType::kInt8, {2, 2})};
  j.OutputTensor = Tensor(ops::DataType::kInt8, {2, 6});
  j.Axis = 1;
  auto t = MustTranslate(j);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->desc().Type, DML_OPERATOR_JOIN);
  const auto& d = t->As<DML_JOIN_OPERATOR_DESC>();
  EXPECT_EQ(t->desc().Desc, &d);
  EXPECT_EQ(d.InputCount, 3u);
  for (uint32_t i = 0; i < 3; ++i) ExpectTensor(&d.InputTensors[i], j.InputTensors[i]);
  ExpectTensor(d.OutputTensor, j.OutputTensor);
  EXPECT_EQ(d.Axis, 1u);
  EXPECT_EQ(t->input_count(), 3u);
}

TEST(DirectmlTranslate, JoinWithoutInputsPassesNull) {
  ops::JoinDesc j;  // invalid by the spec; translated so that DirectML can be asked about it
  j.OutputTensor = Tensor(ops::DataType::kFloat32, {2});
  auto t = MustTranslate(j);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->As<DML_JOIN_OPERATOR_DESC>().InputCount, 0u);
  EXPECT_EQ(t->As<DML_JOIN_OPERATOR_DESC>().InputTensors, nullptr);
  ExpectTensor(t->As<DML_JOIN_OPERATOR_DESC>().OutputTensor, j.OutputTensor);
}

TEST(DirectmlTranslate, ReduceEveryFunction) {
  const DML_REDUCE_FUNCTION expected[] = {
      DML_REDUCE_FUNCTION_ARGMAX, DML_REDUCE_FUNCTION_ARGMIN,      DML_REDUCE_FUNCTION_AVERAGE,
      DML_REDUCE_FUNCTION_L1,     DML_REDUCE_FUNCTION_L2,          DML_REDUCE_FUNCTION_LOG_SUM,
      DML_REDUCE_FUNCTION_LOG_SUM_EXP, DML_REDUCE_FUNCTION_MAX,    DML_REDUCE_FUNCTION_MIN,
      DML_REDUCE_FUNCTION_MULTIPLY, DML_REDUCE_FUNCTION_SUM,       DML_REDUCE_FUNCTION_SUM_SQUARE};
  ASSERT_EQ(std::size(expected), std::size(ops::kAllReduceFunctions));
  for (size_t i = 0; i < std::size(expected); ++i) {
    const ops::ReduceFunction f = ops::kAllReduceFunctions[i];
    ops::ReduceDesc r;
    r.Function = f;
    r.InputTensor = Tensor(ops::DataType::kFloat32, {2, 3, 4});
    r.OutputTensor = Tensor(ops::IsArgReduce(f) ? ops::DataType::kUint32 : ops::DataType::kFloat32, {2, 1, 1});
    r.Axes = {2, 1};
    auto t = MustTranslate(r);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->desc().Type, DML_OPERATOR_REDUCE);
    const auto& d = t->As<DML_REDUCE_OPERATOR_DESC>();
    EXPECT_EQ(t->desc().Desc, &d);
    EXPECT_EQ(d.Function, expected[i]) << ops::ReduceFunctionName(f);
    EXPECT_EQ(static_cast<uint32_t>(d.Function), i) << "DirectML's value is the position in DML_REDUCE_FUNCTION";
    ExpectTensor(d.InputTensor, r.InputTensor);
    ExpectTensor(d.OutputTensor, r.OutputTensor);
    EXPECT_EQ(d.AxisCount, 2u);
    EXPECT_EQ(Array(d.Axes, d.AxisCount), (std::vector<uint32_t>{2, 1}));  // in the desc's order
  }
}

TEST(DirectmlTranslate, OneHotValuesAndAxis) {
  ops::OneHotDesc o;
  o.IndicesTensor = Tensor(ops::DataType::kInt64, {1, 1, 4, 1});
  o.ValuesTensor = Tensor(ops::DataType::kFloat32, {1, 1, 1, 2}, {0, 0, 0, 3}, 16);  // off at 0, on at 3
  o.OutputTensor = Tensor(ops::DataType::kFloat32, {1, 1, 4, 5});
  o.Axis = 3;
  auto t = MustTranslate(o);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->desc().Type, DML_OPERATOR_ONE_HOT);
  const auto& d = t->As<DML_ONE_HOT_OPERATOR_DESC>();
  EXPECT_EQ(t->desc().Desc, &d);
  ExpectTensor(d.IndicesTensor, o.IndicesTensor);
  ExpectTensor(d.ValuesTensor, o.ValuesTensor);
  EXPECT_EQ(Array(BufferOf(d.ValuesTensor).Strides, 4), (std::vector<uint32_t>{0, 0, 0, 3}));
  EXPECT_EQ(BufferOf(d.ValuesTensor).TotalTensorSizeInBytes, 16u);
  ExpectTensor(d.OutputTensor, o.OutputTensor);
  EXPECT_EQ(d.Axis, 3u);
}

TEST(DirectmlTranslate, StridesBroadcastFlagsAndAlignmentPassThrough) {
  ops::ReduceDesc r;
  r.Function = ops::ReduceFunction::kSum;
  r.InputTensor = Tensor(ops::DataType::kFloat32, {4, 3}, {0, 1});  // broadcast rows: stride 0
  r.InputTensor.Flags = 1;                                         // DML_TENSOR_FLAG_OWNED_BY_DML
  r.InputTensor.GuaranteedBaseOffsetAlignment = 256;
  r.OutputTensor = Tensor(ops::DataType::kFloat32, {1, 3}, {}, 64);
  r.Axes = {0};
  auto t = MustTranslate(r);
  ASSERT_NE(t, nullptr);
  const DML_BUFFER_TENSOR_DESC& in = t->buffer(0);
  EXPECT_EQ(in.Flags, DML_TENSOR_FLAG_OWNED_BY_DML);
  EXPECT_EQ(Array(in.Strides, in.DimensionCount), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(in.TotalTensorSizeInBytes, 12u);
  EXPECT_EQ(in.GuaranteedBaseOffsetAlignment, 256u);
  const DML_BUFFER_TENSOR_DESC& out = t->buffer(1);
  EXPECT_EQ(out.Flags, DML_TENSOR_FLAG_NONE);
  EXPECT_EQ(out.Strides, nullptr);  // packed
  EXPECT_EQ(out.TotalTensorSizeInBytes, 64u);
  EXPECT_EQ(out.GuaranteedBaseOffsetAlignment, 0u);
}

TEST(DirectmlTranslate, EveryDataTypeKeepsDirectmlsValue) {
  const std::pair<ops::DataType, DML_TENSOR_DATA_TYPE> pairs[] = {
      {ops::DataType::kFloat32, DML_TENSOR_DATA_TYPE_FLOAT32}, {ops::DataType::kFloat16, DML_TENSOR_DATA_TYPE_FLOAT16},
      {ops::DataType::kUint32, DML_TENSOR_DATA_TYPE_UINT32},   {ops::DataType::kUint16, DML_TENSOR_DATA_TYPE_UINT16},
      {ops::DataType::kUint8, DML_TENSOR_DATA_TYPE_UINT8},     {ops::DataType::kInt32, DML_TENSOR_DATA_TYPE_INT32},
      {ops::DataType::kInt16, DML_TENSOR_DATA_TYPE_INT16},     {ops::DataType::kInt8, DML_TENSOR_DATA_TYPE_INT8},
      {ops::DataType::kFloat64, DML_TENSOR_DATA_TYPE_FLOAT64}, {ops::DataType::kUint64, DML_TENSOR_DATA_TYPE_UINT64},
      {ops::DataType::kInt64, DML_TENSOR_DATA_TYPE_INT64}};
  for (const auto& [type, dml] : pairs) {
    ops::DiagonalMatrixDesc dm;
    dm.OutputTensor = Tensor(type, {2, 2});
    auto t = MustTranslate(dm);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->buffer(0).DataType, dml) << ops::DataTypeName(type);
    EXPECT_EQ(t->buffer(0).TotalTensorSizeInBytes, dm.OutputTensor.TotalTensorSizeInBytes);
  }
  EXPECT_EQ(ToDml(ops::FeatureLevel::k3_0), DML_FEATURE_LEVEL_3_0);
  EXPECT_EQ(ToDml(ops::FeatureLevel::k5_1), DML_FEATURE_LEVEL_5_1);
}

TEST(DirectmlTranslate, StridesDirectmlCannotExpressAreRefusedByName) {
  ops::ReduceDesc r;
  r.InputTensor = Tensor(ops::DataType::kFloat32, {2, 3});
  r.InputTensor.Strides = {1, 2, 3};
  r.OutputTensor = Tensor(ops::DataType::kFloat32, {2, 1});
  r.Axes = {1};
  auto t = Translate(r, {});
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().path, "InputTensor.Strides");
  EXPECT_EQ(t.error().message, "InputTensor.Strides has 3 entries for 2 dimensions");
  EXPECT_EQ(t.error().rule, "DML_BUFFER_TENSOR_DESC reads DimensionCount strides");
}

TEST(DirectmlTranslate, AnInvalidDescIsStillTranslatedForDirectmlToJudge) {
  ops::ReduceDesc r;  // no axes, an output of the wrong type: the spec forbids both
  r.Function = ops::ReduceFunction::kMax;
  r.InputTensor = Tensor(ops::DataType::kFloat32, {2, 3});
  r.OutputTensor = Tensor(ops::DataType::kInt8, {2, 3});
  ASSERT_FALSE(ops::Validate(r).ok());
  auto t = MustTranslate(r);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->As<DML_REDUCE_OPERATOR_DESC>().AxisCount, 0u);
  EXPECT_EQ(t->As<DML_REDUCE_OPERATOR_DESC>().Axes, nullptr);
  EXPECT_EQ(t->buffer(1).DataType, DML_TENSOR_DATA_TYPE_INT8);
}

}  // namespace
}  // namespace dmlc::backends::directml
