#include "app/bench/workloads.h"

#include <gtest/gtest.h>

#include <limits>

#include <set>
#include <tuple>

#include "ops/operators/diagonal_matrix.h"
#include "ops/operators/gather_nd1.h"
#include "ops/operators/join.h"
#include "ops/operators/one_hot.h"
#include "ops/operators/reduce.h"
#include "tests/bench/named_workload.h"

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
  auto gather = MakeNamed("GATHER_ND1", DataType::kFloat32, k64MiB);
  ASSERT_TRUE(gather.ok()) << gather.error().ToString();
  EXPECT_EQ(std::get<ops::GatherNd1Desc>(gather->desc).OutputTensor.Sizes, (Sizes{16384, 1024}));
  EXPECT_EQ(gather->bytes_moved, 2 * k64MiB + 16384 * 4);
  EXPECT_EQ(gather->index_limit, 16384u);

  auto join = MakeNamed("JOIN", DataType::kFloat32, k64MiB);
  ASSERT_TRUE(join.ok()) << join.error().ToString();
  EXPECT_EQ(std::get<ops::JoinDesc>(join->desc).InputTensors[1].Sizes, (Sizes{1, 1, 16384, 512}));
  EXPECT_EQ(join->bytes_moved, 2 * k64MiB);

  auto copy = MakeJoinCopy(DataType::kFloat32, k64MiB);
  ASSERT_TRUE(copy.ok()) << copy.error().ToString();
  EXPECT_EQ(std::get<ops::JoinDesc>(copy->desc).InputCount(), 1u);
  EXPECT_EQ(copy->bytes_moved, 2 * k64MiB);

  auto one_hot = MakeNamed("ONE_HOT", DataType::kFloat32, k64MiB);
  ASSERT_TRUE(one_hot.ok()) << one_hot.error().ToString();
  EXPECT_EQ(one_hot->bytes_moved, k64MiB + 16384 * 4 + 2 * 4);
  EXPECT_EQ(one_hot->index_limit, 1024u);

  auto diagonal = MakeNamed("DIAGONAL_MATRIX", DataType::kFloat32, k64MiB);
  ASSERT_TRUE(diagonal.ok()) << diagonal.error().ToString();
  EXPECT_EQ(std::get<ops::DiagonalMatrixDesc>(diagonal->desc).OutputTensor.Sizes, (Sizes{1, 1, 4096, 4096}));
  EXPECT_EQ(diagonal->bytes_moved, k64MiB);
}

TEST(WorkloadsTest, SmallestRungIsASmallMatrix) {
  auto reduce = MakeReduce(ReduceFunction::kMax, DataType::kFloat16, ReduceAxis::kOuter, 1024);
  ASSERT_TRUE(reduce.ok()) << reduce.error().ToString();
  EXPECT_EQ(std::get<ops::ReduceDesc>(reduce->desc).InputTensor.Sizes, (Sizes{1, 1, 16, 32}));
  auto diagonal = MakeNamed("DIAGONAL_MATRIX", DataType::kFloat16, 1024);
  ASSERT_TRUE(diagonal.ok()) << diagonal.error().ToString();
  EXPECT_EQ(std::get<ops::DiagonalMatrixDesc>(diagonal->desc).OutputTensor.Sizes, (Sizes{1, 1, 22, 22}));
}

// ONNX's Trilu (upper) as ONNX Runtime's DirectML provider runs it: an input, zeros below the diagonal.
TEST(WorkloadsTest, Diagonal1IsTriluUpperOverTheMatrix) {
  auto w = MakeNamed("DIAGONAL_MATRIX1", DataType::kFloat32, 64 << 10);
  ASSERT_TRUE(w.ok()) << w.error().ToString();
  const auto& d = std::get<ops::DiagonalMatrix1Desc>(w->desc);
  ASSERT_TRUE(d.InputTensor.has_value());
  EXPECT_EQ(d.InputTensor->Sizes, d.OutputTensor.Sizes);
  EXPECT_EQ(d.DiagonalFillBegin, std::numeric_limits<int32_t>::min());
  EXPECT_EQ(d.DiagonalFillEnd, 0);
  EXPECT_EQ(d.Value, (ops::TypedScalar{DataType::kFloat32, 0}));
  EXPECT_EQ(w->bytes_moved, 2u * (64 << 10));
}

TEST(WorkloadPlanTest, QuickPlan) {
  auto plan = WorkloadPlan({true, k64MiB});
  ASSERT_TRUE(plan.ok()) << plan.error().ToString();
  // Two sizes x (JOIN1, GATHER_ND1, JOIN, ONE_HOT, DIAGONAL_MATRIX, DIAGONAL_MATRIX1 + 4 functions x 2 axes).
  ASSERT_EQ(plan->size(), 28u);
  EXPECT_EQ((*plan)[0].name, "JOIN1/FLOAT32");
  EXPECT_EQ((*plan)[5].name, "DIAGONAL_MATRIX1/FLOAT32");
  EXPECT_EQ((*plan)[6].name, "REDUCE_SUM/FLOAT32/inner");
  EXPECT_EQ((*plan)[13].name, "REDUCE_LOG_SUM_EXP/FLOAT32/outer");
  EXPECT_EQ((*plan)[14].size_bytes, uint64_t{4} << 20);
}

TEST(WorkloadPlanTest, FullPlanValidatesEveryDesc) {
  auto plan = WorkloadPlan({false, k64MiB});
  ASSERT_TRUE(plan.ok()) << plan.error().ToString();
  // Five sizes x (11 types x 6 data-movement + 2 axes x the 72 (function, type) pairs the tables allow:
  // ARGMIN/ARGMAX and MIN/MAX 10 types each, SUM/MULTIPLY and L1/SUM_SQUARE 6, the four float-only 2).
  EXPECT_EQ(plan->size(), 5u * (66 + 2 * (4 * 10 + 4 * 6 + 4 * 2)));
}

// The sweep: one size, every operator and function on exactly the types its table lists at the highest
// level (read here from the tables themselves, row by row).
TEST(WorkloadPlanTest, QuickSweepIsTheWholeMatrixAtOneSize) {
  auto plan = WorkloadPlan({true, k64MiB, {}, true});
  ASSERT_TRUE(plan.ok()) << plan.error().ToString();
  std::set<std::string> names;
  for (const Workload& w : *plan) {
    EXPECT_EQ(w.size_bytes, uint64_t{4} << 20) << w.name;
    EXPECT_TRUE(names.insert(w.name).second) << w.name;
  }
  std::set<std::string> expected;
  const auto row_types = [](const ops::SupportTable& table, std::string_view tensor) {
    for (const auto& row : table.levels.back().tensors) {
      if (row.tensor == tensor) return row.data_types.ToVector();
    }
    ADD_FAILURE() << table.name << " has no row " << tensor;
    return std::vector<DataType>{};
  };
  for (const auto& [name, table, tensor] :
       {std::tuple{"GATHER_ND1", &ops::GatherNd1SupportTable(), "InputTensor"},
        std::tuple{"JOIN", &ops::JoinSupportTable(), "InputTensors"},
        std::tuple{"JOIN1", &ops::JoinSupportTable(), "InputTensors"},
        std::tuple{"ONE_HOT", &ops::OneHotSupportTable(), "OutputTensor"},
        std::tuple{"DIAGONAL_MATRIX", &ops::DiagonalMatrixSupportTable(), "OutputTensor"},
        std::tuple{"DIAGONAL_MATRIX1", &ops::DiagonalMatrix1SupportTable(), "OutputTensor"}}) {
    for (DataType type : row_types(*table, tensor)) expected.insert(std::string(name) + "/" + std::string(ops::DataTypeName(type)));
  }
  for (ReduceFunction f : ops::kAllReduceFunctions) {
    for (DataType type : row_types(ops::ReduceSupportTable(f), "InputTensor")) {
      for (const char* axis : {"/inner", "/outer"}) {
        expected.insert("REDUCE_" + std::string(ops::ReduceFunctionName(f)) + "/" +
                        std::string(ops::DataTypeName(type)) + axis);
      }
    }
  }
  EXPECT_EQ(names, expected);
  EXPECT_EQ(names.count("REDUCE_ARGMAX/INT8/outer"), 1u);
  EXPECT_EQ(names.count("DIAGONAL_MATRIX/FLOAT64"), 1u);
  EXPECT_EQ(names.count("REDUCE_LOG_SUM_EXP/INT32/inner"), 0u);
  EXPECT_EQ(names.count("REDUCE_MAX/FLOAT64/inner"), 0u);
}

TEST(WorkloadPlanTest, DtypesSelectTheTypes) {
  auto plan = WorkloadPlan({false, 1024, {DataType::kInt8, DataType::kFloat16}});
  ASSERT_TRUE(plan.ok()) << plan.error().ToString();
  // 2 types x 6 data-movement; ARGMIN/ARGMAX, MIN/MAX: both types; the other eight: FLOAT16 only.
  EXPECT_EQ(plan->size(), 12u + 2 * (4 * 2 + 8));
  EXPECT_EQ((*plan)[0].name, "JOIN1/FLOAT16");
  EXPECT_EQ((*plan)[6].name, "JOIN1/INT8");
  for (const Workload& w : *plan) EXPECT_EQ(w.name.find("FLOAT32"), std::string::npos) << w.name;
}

TEST(SizeLadderTest, SweepKeepsTheTop) {
  EXPECT_EQ(SizeLadder({false, k64MiB, {}, true}), (std::vector<uint64_t>{k64MiB}));
  EXPECT_EQ(SizeLadder({true, k64MiB, {}, true}), (std::vector<uint64_t>{uint64_t{4} << 20}));
}

}  // namespace
}  // namespace dmlc::app::bench
