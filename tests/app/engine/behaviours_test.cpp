// The behaviours the comparison admits where the documents leave the answer open, computed from real
// inputs and checked value by value against what DirectML 1.15.4 gave for the same rows.
#include "app/engine/behaviours.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "tests/app/engine/bytes.h"
#include "tests/backends/directml_nan_rows.h"
#include "tests/app/engine/reduce_desc.h"

namespace dmlc::app {
namespace {

using ops::DataType;
using testing::Bytes;
using testing::Values;
using ops::ReduceFunction;
using testing::Reduce;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// The rows DirectML was probed with (tests/backends/directml_nan_rows.h), as FLOAT32.
std::vector<float> Floats(const std::vector<double>& values) { return {values.begin(), values.end()}; }
const std::vector<float> kRows = Floats(backends::testing::kDirectmlNanRows);

std::vector<Behaviour> Admitted(const ops::ReduceDesc& desc, const std::vector<float>& x) {
  const std::vector<std::byte> input = Bytes(x);
  const std::vector<backends::ConstBuffer> inputs = {input};
  const size_t out_bytes = desc.OutputTensor.TotalTensorSizeInBytes;
  return AdmittedBehaviours(desc, inputs, {std::vector<std::byte>(out_bytes, std::byte{0x5a})});
}

// The reference's bytes, as AdmittedBehaviours is given them.
const float kGiven = std::bit_cast<float>(0x5a5a5a5au);

TEST(NanBehaviours, MaxPropagatingNanIsNanWhereARowHoldsOne) {
  const std::vector<Behaviour> b = Admitted(Reduce(ReduceFunction::kMax, DataType::kFloat32, {6, 4}, {1}), kRows);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].name, "nan-ignoring");
  EXPECT_EQ(b[0].outputs[0], std::vector<std::byte>(24, std::byte{0x5a}));  // the reference's, as given
  EXPECT_EQ(b[1].name, "nan-propagating");
  const std::vector<float> got = Values<float>(b[1].outputs[0]);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(std::isnan(got[i])) << i;
  EXPECT_EQ(std::bit_cast<uint32_t>(got[5]), std::bit_cast<uint32_t>(kGiven));  // no NaN: the reference's
}

TEST(NanBehaviours, ArgMaxPropagatingNanIsTheFirstNansPosition) {
  const std::vector<Behaviour> b =
      Admitted(Reduce(ReduceFunction::kArgMax, DataType::kFloat32, DataType::kUint32, {6, 4}, {1}), kRows);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(Values<uint32_t>(b[1].outputs[0]), (std::vector<uint32_t>{0, 0, 1, 2, 0, 0x5a5a5a5au}));
}

TEST(NanBehaviours, ArgMinOverTheFirstAxisWalksEachColumn) {
  const std::vector<float> columns = Floats(backends::testing::DirectmlNanColumns());
  const std::vector<Behaviour> b =
      Admitted(Reduce(ReduceFunction::kArgMin, DataType::kFloat32, DataType::kInt64, {4, 6}, {0}), columns);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(Values<int64_t>(b[1].outputs[0]), (std::vector<int64_t>{0, 0, 1, 2, 0, 0x5a5a5a5a5a5a5a5a}));
}

TEST(NanBehaviours, NothingIsOpenWithoutNanOrForOtherFunctions) {
  EXPECT_TRUE(Admitted(Reduce(ReduceFunction::kMax, DataType::kFloat32, {2, 2}, {1}), {1, 2, 3, 4}).empty());
  EXPECT_TRUE(Admitted(Reduce(ReduceFunction::kSum, DataType::kFloat32, {2, 2}, {1}), {kNaN, 2, 3, 4}).empty());
}

std::vector<Behaviour> Diagonal(ops::DataType type, float value) {
  ops::DiagonalMatrixDesc desc;
  desc.OutputTensor = ops::testing::Tensor(type, {2, 2});
  desc.Value = value;
  std::vector<std::byte> expected(desc.OutputTensor.TotalTensorSizeInBytes);
  const uint64_t bits = ops::DiagonalValueBits(value, type);
  const uint32_t size = ops::ElementSize(type);
  std::memcpy(expected.data(), &bits, size);
  std::memcpy(expected.data() + 3 * size, &bits, size);
  return AdmittedBehaviours(desc, {}, {expected});
}

TEST(DiagonalBehaviours, AValueTheTypeCannotHoldAdmitsWrapSaturationAndTheOverflowValue) {
  const std::vector<Behaviour> b = Diagonal(DataType::kInt32, 3e9f);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].name, "wrap");
  EXPECT_EQ(Values<int32_t>(b[0].outputs[0]), (std::vector<int32_t>{-1294967296, 0, 0, -1294967296}));
  EXPECT_EQ(b[1].name, "saturate");
  EXPECT_EQ(Values<int32_t>(b[1].outputs[0]), (std::vector<int32_t>{2147483647, 0, 0, 2147483647}));
  EXPECT_EQ(b[2].name, "integer-indefinite");  // what DirectML on lavapipe gave
  EXPECT_EQ(Values<int32_t>(b[2].outputs[0]), (std::vector<int32_t>{-2147483647 - 1, 0, 0, -2147483647 - 1}));
}

TEST(DiagonalBehaviours, NarrowTypesWrapAsDirectMlDoes) {
  const std::vector<Behaviour> b = Diagonal(DataType::kUint8, 300.0f);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(Values<uint8_t>(b[0].outputs[0]), (std::vector<uint8_t>{44, 0, 0, 44}));
  EXPECT_EQ(Values<uint8_t>(b[1].outputs[0]), (std::vector<uint8_t>{255, 0, 0, 255}));
  EXPECT_EQ(Values<uint8_t>(b[2].outputs[0]), (std::vector<uint8_t>{44, 0, 0, 44}));
  const std::vector<Behaviour> nan = Diagonal(DataType::kInt8, kNaN);
  EXPECT_EQ(Values<int8_t>(nan[1].outputs[0]), (std::vector<int8_t>{0, 0, 0, 0}));
}

TEST(DiagonalBehaviours, AValueThatFitsLeavesNothingOpen) {
  EXPECT_TRUE(Diagonal(DataType::kUint8, 255.9f).empty());
  EXPECT_TRUE(Diagonal(DataType::kFloat16, 1e9f).empty());
}

// GATHER_ND1 rows of {3,2} FLOAT32 by INT64 indices {-1, 5, -4, 1}: -1 counts from the end; 5 and -4 are
// out of range.
ops::GatherNd1Desc GatherRows(const std::vector<uint32_t>& input_strides = {}) {
  ops::GatherNd1Desc d;
  d.InputTensor = {.DataType = DataType::kFloat32, .Sizes = {3, 2}, .Strides = input_strides};
  d.IndicesTensor = {.DataType = DataType::kInt64, .Sizes = {4, 1}};
  d.OutputTensor = {.DataType = DataType::kFloat32, .Sizes = {4, 2}};
  for (ops::TensorDesc* t : {&d.InputTensor, &d.IndicesTensor, &d.OutputTensor}) {
    t->TotalTensorSizeInBytes = *ops::CalcBufferTensorSize(*t);
  }
  d.InputDimensionCount = 2;
  d.IndicesDimensionCount = 2;
  return d;
}

std::vector<Behaviour> AdmittedGather(const ops::GatherNd1Desc& desc, const std::vector<float>& input,
                                      const std::vector<int64_t>& indices) {
  const std::vector<std::byte> in = Bytes(input), idx = Bytes(indices);
  const std::vector<backends::ConstBuffer> inputs = {in, idx};
  return AdmittedBehaviours(desc, inputs, {Bytes(std::vector<float>(8, 7.5f))});
}

TEST(GatherBehaviours, IndicesOutOfRangeAdmitTheirRowClampedOrZeroBesideDirectmlsOffsetClamp) {
  const std::vector<Behaviour> b = AdmittedGather(GatherRows(), {1, 2, 3, 4, 5, 6}, {-1, 5, -4, 1});
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].name, "offset-clamp");
  EXPECT_EQ(Values<float>(b[0].outputs[0]), std::vector<float>(8, 7.5f));  // the reference's, as given
  EXPECT_EQ(b[1].name, "coordinate-clamp");
  EXPECT_EQ(Values<float>(b[1].outputs[0]), (std::vector<float>{7.5f, 7.5f, 5, 6, 1, 2, 7.5f, 7.5f}));
  EXPECT_EQ(b[2].name, "zero");
  EXPECT_EQ(Values<float>(b[2].outputs[0]), (std::vector<float>{7.5f, 7.5f, 0, 0, 0, 0, 7.5f, 7.5f}));
}

TEST(GatherBehaviours, CoordinateClampFollowsTheInputsStrides) {
  // Column-major {3,2}: logical row r is elements r and r + 3.
  const std::vector<Behaviour> b = AdmittedGather(GatherRows({1, 3}), {1, 3, 5, 2, 4, 6}, {-1, 5, -4, 1});
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(Values<float>(b[1].outputs[0]), (std::vector<float>{7.5f, 7.5f, 5, 6, 1, 2, 7.5f, 7.5f}));
}

TEST(GatherBehaviours, IndicesInRangeLeaveNothingOpen) {
  EXPECT_TRUE(AdmittedGather(GatherRows(), {1, 2, 3, 4, 5, 6}, {-1, 2, -3, 1}).empty());
}

}  // namespace
}  // namespace dmlc::app
