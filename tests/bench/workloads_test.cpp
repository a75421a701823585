#include "app/bench/workloads.h"

#include <gtest/gtest.h>

namespace dmlc::app::bench {
namespace {

constexpr uint64_t k64MiB = uint64_t{64} << 20;
using ops::DataType;
using ops::ReduceFunction;
using Sizes = std::vector<uint32_t>;

TEST(SizeLadderTest, SixteenfoldStepsUpToTheMaximum) {
  EXPECT_EQ(SizeLadder({false, k64MiB}),
            (std::vector<uint64_t>{1024, 16384, 262144, uint64_t{4} << 20, k64MiB}));
  EXPECT_EQ(SizeLadder({false, uint64_t{1} << 30}).back(), uint64_t{1} << 30);
  EXPECT_EQ(SizeLadder({false, uint64_t{1} << 30}).size(), 6u);
  EXPECT_EQ(SizeLadder({true, k64MiB}), (std::vector<uint64_t>{65536, uint64_t{4} << 20}));
  EXPECT_EQ(SizeLadder({true, uint64_t{1} << 20}), (std::vector<uint64_t>{65536}));
}

TEST(WorkloadsTest, ReduceInnerAndOuterAt64MiB) {
  auto inner = MakeReduce(ReduceFunction::kSum, DataType::kFloat32, ReduceAxis::kInner, k64MiB);
  ASSERT_TRUE(inner.ok()) << inner.error().ToString();
  EXPECT_EQ(inner->name, "REDUCE_SUM/FLOAT32/inner");
  const auto& desc = std::get<ops::ReduceDesc>(inner->desc);
  EXPECT_EQ(desc.InputTensor.Sizes, (Sizes{1, 1, 16384, 1024}));
  EXPECT_EQ(desc.OutputTensor.Sizes, (Sizes{1, 1, 16384, 1}));
  EXPECT_EQ(desc.Axes, (Sizes{3}));
  EXPECT_EQ(inner->bytes_moved, k64MiB + 16384 * 4);
  EXPECT_EQ(inner->shape, "in {1,1,16384,1024} out {1,1,16384,1}");

  auto outer = MakeReduce(ReduceFunction::kArgMax, DataType::kFloat16, ReduceAxis::kOuter, k64MiB);
  ASSERT_TRUE(outer.ok()) << outer.error().ToString();
  EXPECT_EQ(outer->name, "REDUCE_ARGMAX/FLOAT16/outer");
  const auto& arg = std::get<ops::ReduceDesc>(outer->desc);
  EXPECT_EQ(arg.InputTensor.Sizes, (Sizes{1, 1, 32768, 1024}));
  EXPECT_EQ(arg.OutputTensor.Sizes, (Sizes{1, 1, 1, 1024}));
  EXPECT_EQ(arg.OutputTensor.DataType, DataType::kUint32);
  EXPECT_EQ(outer->bytes_moved, k64MiB + 1024 * 4);
}

TEST(WorkloadsTest, DataMovementShapesAndBytes) {
  auto gather = MakeGather(DataType::kFloat32, k64MiB);
  ASSERT_TRUE(gather.ok()) << gather.error().ToString();
  EXPECT_EQ(std::get<ops::GatherNd1Desc>(gather->desc).OutputTensor.Sizes, (Sizes{16384, 1024}));
  EXPECT_EQ(gather->bytes_moved, 2 * k64MiB + 16384 * 4);
  EXPECT_EQ(gather->index_limit, 16384u);

  auto join = MakeJoin(DataType::kFloat32, k64MiB);
  ASSERT_TRUE(join.ok()) << join.error().ToString();
  EXPECT_EQ(std::get<ops::JoinDesc>(join->desc).InputTensors[1].Sizes, (Sizes{1, 1, 16384, 512}));
  EXPECT_EQ(join->bytes_moved, 2 * k64MiB);

  auto copy = MakeJoinCopy(DataType::kFloat32, k64MiB);
  ASSERT_TRUE(copy.ok()) << copy.error().ToString();
  EXPECT_EQ(std::get<ops::JoinDesc>(copy->desc).InputCount(), 1u);
  EXPECT_EQ(copy->bytes_moved, 2 * k64MiB);

  auto one_hot = MakeOneHot(DataType::kFloat32, k64MiB);
  ASSERT_TRUE(one_hot.ok()) << one_hot.error().ToString();
  EXPECT_EQ(one_hot->bytes_moved, k64MiB + 16384 * 4 + 2 * 4);
  EXPECT_EQ(one_hot->index_limit, 1024u);

  auto diagonal = MakeDiagonal(DataType::kFloat32, k64MiB);
  ASSERT_TRUE(diagonal.ok()) << diagonal.error().ToString();
  EXPECT_EQ(std::get<ops::DiagonalMatrixDesc>(diagonal->desc).OutputTensor.Sizes, (Sizes{1, 1, 4096, 4096}));
  EXPECT_EQ(diagonal->bytes_moved, k64MiB);
}

TEST(WorkloadsTest, SmallestRungIsASmallMatrix) {
  auto reduce = MakeReduce(ReduceFunction::kMax, DataType::kFloat16, ReduceAxis::kOuter, 1024);
  ASSERT_TRUE(reduce.ok()) << reduce.error().ToString();
  EXPECT_EQ(std::get<ops::ReduceDesc>(reduce->desc).InputTensor.Sizes, (Sizes{1, 1, 16, 32}));
  auto diagonal = MakeDiagonal(DataType::kFloat16, 1024);
  ASSERT_TRUE(diagonal.ok()) << diagonal.error().ToString();
  EXPECT_EQ(std::get<ops::DiagonalMatrixDesc>(diagonal->desc).OutputTensor.Sizes, (Sizes{1, 1, 22, 22}));
}

TEST(WorkloadPlanTest, QuickPlan) {
  auto plan = WorkloadPlan({true, k64MiB});
  ASSERT_TRUE(plan.ok()) << plan.error().ToString();
  // Two sizes x (JOIN1, GATHER_ND1, JOIN, ONE_HOT, DIAGONAL_MATRIX + 4 functions x 2 axes).
  ASSERT_EQ(plan->size(), 26u);
  EXPECT_EQ((*plan)[0].name, "JOIN1/FLOAT32");
  EXPECT_EQ((*plan)[5].name, "REDUCE_SUM/FLOAT32/inner");
  EXPECT_EQ((*plan)[12].name, "REDUCE_LOG_SUM_EXP/FLOAT32/outer");
  EXPECT_EQ((*plan)[13].size_bytes, uint64_t{4} << 20);
}

TEST(WorkloadPlanTest, FullPlanValidatesEveryDesc) {
  auto plan = WorkloadPlan({false, k64MiB});
  ASSERT_TRUE(plan.ok()) << plan.error().ToString();
  // Five sizes x (2 types x 5 data-movement + 2 types x 12 functions x 2 axes + INT32 x 8 functions x 2).
  EXPECT_EQ(plan->size(), 5u * (10 + 48 + 16));
}

}  // namespace
}  // namespace dmlc::app::bench
