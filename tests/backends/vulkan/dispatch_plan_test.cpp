// The desc-to-dispatch mapping shared by the GPU backends: kernel variants, bindings, parameter blocks
// and workgroup counts, checked word by word without a GPU.
#include "backends/gpu/dispatch_plan.h"

#include <gtest/gtest.h>

#include "tests/backends/vulkan/tensors.h"

namespace dmlc::backends::gpu {
namespace {

using ops::DataType;
using vulkan::testing::Tensor;

std::vector<uint32_t> Words(const ParamBlock& p, uint32_t at, uint32_t n) {
  return std::vector<uint32_t>(p.begin() + at, p.begin() + at + n);
}
uint32_t Scalar(const ParamBlock& p, uint32_t i) { return p[DMLC_P_SCALARS + i]; }

std::vector<Dispatch> Plan(const ops::OperatorDesc& desc, DeviceLimits limits = {}) {
  Result<std::vector<Dispatch>> plan = PlanDispatches(desc, limits);
  EXPECT_TRUE(plan.ok()) << plan.error().ToString();
  return plan.ok() ? *plan : std::vector<Dispatch>{};
}

TEST(GroupCount, OneThreadPerElementCappedAtTheDeviceLimit) {
  EXPECT_EQ(GroupCount(0, {}), 1u);
  EXPECT_EQ(GroupCount(1, {}), 1u);
  EXPECT_EQ(GroupCount(64, {}), 1u);
  EXPECT_EQ(GroupCount(65, {}), 2u);
  EXPECT_EQ(GroupCount(640, {}), 10u);
  EXPECT_EQ(GroupCount(uint64_t{1} << 32, {}), 65535u);
  EXPECT_EQ(GroupCount(uint64_t{1} << 32, {1u << 31}), 1u << 26);
  EXPECT_EQ(GroupCount(1000, {4}), 4u);
}

TEST(PlanJoin, OneCopyPerInputAtItsPositionAlongAxis) {
  // Spec 002, example 1.
  ops::JoinDesc join{{Tensor(DataType::kFloat32, {1, 1, 2, 3}), Tensor(DataType::kFloat32, {1, 1, 2, 4})},
                     Tensor(DataType::kFloat32, {1, 1, 2, 7}),
                     3};
  const std::vector<Dispatch> plan = Plan(join);
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[0].kernel, "copy_b4");
  EXPECT_EQ(plan[0].inputs, std::vector<uint32_t>{0});
  EXPECT_EQ(plan[0].output, 2u);
  EXPECT_EQ(plan[0].group_count, 1u);
  const ParamBlock& p0 = plan[0].params;
  EXPECT_EQ(p0[DMLC_P_COUNT], 6u);
  EXPECT_EQ(p0[DMLC_P_THREAD_STRIDE], 64u);
  EXPECT_EQ(p0[DMLC_P_RANK], 4u);
  EXPECT_EQ(Words(p0, DMLC_P_SIZES, 4), (std::vector<uint32_t>{1, 1, 2, 3}));
  EXPECT_EQ(Words(p0, DMLC_P_OUT_STRIDES, 4), (std::vector<uint32_t>{14, 14, 7, 1}));
  EXPECT_EQ(Words(p0, DMLC_P_IN_STRIDES, 4), (std::vector<uint32_t>{6, 6, 3, 1}));
  EXPECT_EQ(Scalar(p0, DMLC_S_COPY_OUT_BASE), 0u);
  EXPECT_EQ(plan[1].inputs, std::vector<uint32_t>{1});
  EXPECT_EQ(plan[1].params[DMLC_P_COUNT], 8u);
  EXPECT_EQ(Scalar(plan[1].params, DMLC_S_COPY_OUT_BASE), 3u);
}

TEST(PlanJoin, KernelFollowsElementSizeAndHonoursInputStrides) {
  ops::JoinDesc join{{Tensor(DataType::kInt8, {2, 3}, {0, 1}), Tensor(DataType::kInt8, {1, 3})},
                     Tensor(DataType::kInt8, {3, 3}, {4, 1}),
                     0};
  const std::vector<Dispatch> plan = Plan(join);
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[0].kernel, "copy_b1");
  EXPECT_EQ(Words(plan[0].params, DMLC_P_IN_STRIDES, 2), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(Words(plan[0].params, DMLC_P_OUT_STRIDES, 2), (std::vector<uint32_t>{4, 1}));
  EXPECT_EQ(Scalar(plan[1].params, DMLC_S_COPY_OUT_BASE), 8u);  // row 2 of a row stride of 4
}

TEST(PlanGatherNd1, BatchIndexAndTupleStridesFollowTheLayout) {
  // Spec 000, example 2: one batch dimension of 3, 2-coordinate tuples.
  ops::GatherNd1Desc gather{Tensor(DataType::kFloat32, {1, 3, 2, 2}), Tensor(DataType::kUint32, {1, 3, 2, 2}),
                            Tensor(DataType::kFloat32, {1, 1, 3, 2}), 3, 3, 1};
  const std::vector<Dispatch> plan = Plan(gather);
  ASSERT_EQ(plan.size(), 1u);
  const Dispatch& d = plan[0];
  EXPECT_EQ(d.kernel, "gather_nd1_b4");
  EXPECT_EQ(d.inputs, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(d.output, 2u);
  EXPECT_EQ(d.params[DMLC_P_COUNT], 6u);
  EXPECT_EQ(Words(d.params, DMLC_P_SIZES, 4), (std::vector<uint32_t>{1, 1, 3, 2}));
  EXPECT_EQ(Words(d.params, DMLC_P_OUT_STRIDES, 4), (std::vector<uint32_t>{6, 6, 2, 1}));
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 4), (std::vector<uint32_t>{0, 0, 4, 0}));   // batch only
  EXPECT_EQ(Words(d.params, DMLC_P_AUX_STRIDES, 4), (std::vector<uint32_t>{0, 0, 4, 2}));  // batch, index
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_A, 2), (std::vector<uint32_t>{2, 2}));
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_B, 2), (std::vector<uint32_t>{2, 1}));
  EXPECT_EQ(Scalar(d.params, DMLC_S_GATHER_TUPLE_SIZE), 2u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_GATHER_TUPLE_STRIDE), 1u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_GATHER_INDEX_FLAGS), 0u);
}

TEST(PlanGatherNd1, TrailingInputDimensionsAreCopiedAndIndexFlagsFollowTheType) {
  // Spec 000's size example: input {3,4,5,6,7}, 3-coordinate tuples, output {1,1,2,6,7}.
  ops::GatherNd1Desc gather{Tensor(DataType::kUint8, {3, 4, 5, 6, 7}), Tensor(DataType::kInt64, {1, 1, 1, 2, 3}),
                            Tensor(DataType::kUint8, {1, 1, 2, 6, 7}), 5, 3, 0};
  const Dispatch d = Plan(gather).at(0);
  EXPECT_EQ(d.kernel, "gather_nd1_b1");
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 5), (std::vector<uint32_t>{0, 0, 0, 7, 1}));
  EXPECT_EQ(Words(d.params, DMLC_P_AUX_STRIDES, 5), (std::vector<uint32_t>{0, 6, 3, 0, 0}));
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_A, 3), (std::vector<uint32_t>{3, 4, 5}));
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_B, 3), (std::vector<uint32_t>{840, 210, 42}));
  EXPECT_EQ(Scalar(d.params, DMLC_S_GATHER_INDEX_FLAGS), uint32_t{DMLC_INDEX_SIGNED | DMLC_INDEX_WIDE});
}

TEST(PlanOneHot, IndicesDoNotMoveAlongAxisAndOnValueIsFoundThroughStrides) {
  // Spec 004, example 3: ValuesTensor {1,1,3,1}; OnValue is logical element 1, here padded to stride 2.
  ops::OneHotDesc one_hot{Tensor(DataType::kUint32, {1, 1, 3, 1}), Tensor(DataType::kFloat16, {1, 1, 3, 1}, {6, 6, 2, 1}),
                          Tensor(DataType::kFloat16, {1, 1, 3, 4}), 3};
  const Dispatch d = Plan(one_hot).at(0);
  EXPECT_EQ(d.kernel, "one_hot_b2");
  EXPECT_EQ(d.inputs, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 4), (std::vector<uint32_t>{3, 3, 1, 0}));
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_AXIS), 3u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_DEPTH), 4u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_INDEX_FLAGS), 0u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_ON_OFFSET), 4u);  // element offset 2, 2 bytes each
}

TEST(PlanDiagonalMatrix, ValueIsConvertedToTheOutputTypesBits) {
  struct Row {
    DataType type;
    float value;
    uint32_t lo, hi;
  };
  const Row rows[] = {
      {DataType::kFloat32, 1.0f, 0x3F800000u, 0},  {DataType::kFloat16, 1.0f, 0x3C00u, 0},
      {DataType::kFloat64, 1.0f, 0, 0x3FF00000u},   {DataType::kInt8, -10.6f, 0xF6u, 0},
      {DataType::kUint16, 10.6f, 10u, 0},           {DataType::kInt64, -2.0f, 0xFFFFFFFEu, 0xFFFFFFFFu},
  };
  for (const Row& row : rows) {
    ops::DiagonalMatrixDesc diag{Tensor(row.type, {1, 1, 3, 2}), -1, row.value};
    const Dispatch d = Plan(diag).at(0);
    EXPECT_EQ(d.kernel, "diagonal_matrix_b" + std::to_string(ops::ElementSize(row.type)));
    EXPECT_TRUE(d.inputs.empty());
    EXPECT_EQ(d.output, 0u);
    EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_OFFSET), 0xFFFFFFFFu);
    EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_VALUE_LO), row.lo) << ops::DataTypeName(row.type);
    EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_VALUE_HI), row.hi) << ops::DataTypeName(row.type);
  }
}

TEST(PlanReduce, ReducedAxesInAscendingOrderWithTheirStrides) {
  ops::ReduceDesc reduce{ops::ReduceFunction::kArgMax, Tensor(DataType::kInt16, {2, 3, 4}),
                         Tensor(DataType::kInt64, {1, 3, 1}), {2, 0}};
  const Dispatch d = Plan(reduce).at(0);
  EXPECT_EQ(d.kernel, "reduce_i32");
  EXPECT_EQ(d.inputs, std::vector<uint32_t>{0});
  EXPECT_EQ(d.output, 1u);
  EXPECT_EQ(d.params[DMLC_P_COUNT], 3u);
  EXPECT_EQ(Words(d.params, DMLC_P_OUT_STRIDES, 3), (std::vector<uint32_t>{3, 1, 1}));
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 3), (std::vector<uint32_t>{0, 4, 0}));
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_A, 2), (std::vector<uint32_t>{2, 4}));
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_B, 2), (std::vector<uint32_t>{12, 1}));
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_FUNCTION), 0u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_COUNT), 8u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_RANK), 2u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_OUT_BYTES), 8u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_IN_BYTES), 2u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_SIGNED), 1u);
}

TEST(PlanReduce, VariantFollowsTheInputType) {
  const std::pair<DataType, const char*> rows[] = {{DataType::kFloat32, "reduce_f32"}, {DataType::kFloat16, "reduce_f16"},
                                                   {DataType::kUint32, "reduce_i32"},  {DataType::kInt64, "reduce_i64"},
                                                   {DataType::kUint64, "reduce_i64"}};
  for (const auto& [type, kernel] : rows) {
    ops::ReduceDesc reduce{ops::ReduceFunction::kSum, Tensor(type, {4}), Tensor(type, {1}), {0}};
    const Dispatch d = Plan(reduce).at(0);
    EXPECT_EQ(d.kernel, kernel);
    EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_FUNCTION), 10u);
    EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_SIGNED), ops::IsSignedInteger(type) ? 1u : 0u);
  }
}

TEST(PlanDispatches, LargeWalksUseAGridStrideLoopWithinTheGroupLimit) {
  ops::DiagonalMatrixDesc diag{Tensor(DataType::kFloat32, {1000, 1000}), 0, 1.0f};
  const Dispatch d = Plan(diag, DeviceLimits{100}).at(0);
  EXPECT_EQ(d.group_count, 100u);
  EXPECT_EQ(d.params[DMLC_P_COUNT], 1000000u);
  EXPECT_EQ(d.params[DMLC_P_THREAD_STRIDE], 6400u);
}

TEST(PlanDispatches, BroadcastWalksBeyond32BitsAreRefused) {
  ops::JoinDesc join{{Tensor(DataType::kUint8, {65536, 65536}, {0, 0})}, Tensor(DataType::kUint8, {65536, 65536}, {0, 0}), 0};
  Result<std::vector<Dispatch>> plan = PlanDispatches(join, {});
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.error().rule, "one dispatch addresses at most 2^32 - 1 elements");
}

}  // namespace
}  // namespace dmlc::backends::gpu
