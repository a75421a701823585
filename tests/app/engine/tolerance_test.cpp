#include "app/engine/tolerance.h"
#include "tests/app/engine/reduce_desc.h"
#include "tests/ops/test_util.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace dmlc::app {
namespace {

using ops::DataType;
using ops::ReduceFunction;

using ops::testing::Tensor;
using testing::Reduce;

TEST(DefaultTolerance, DataMovementIsExact) {
  ops::JoinDesc join;
  join.InputTensors = {Tensor(DataType::kFloat32, {2}), Tensor(DataType::kFloat32, {2})};
  join.OutputTensor = Tensor(DataType::kFloat32, {4});
  const ToleranceRule rule = DefaultTolerance(join);
  EXPECT_TRUE(IsExact(rule.tolerance));
  EXPECT_EQ(rule.rule, "default: exact (data movement)");
  EXPECT_TRUE(IsExact(DefaultTolerance(ops::DiagonalMatrixDesc{Tensor(DataType::kFloat16, {1, 1, 2, 2})}).tolerance));
  EXPECT_TRUE(IsExact(DefaultTolerance(ops::OneHotDesc{}).tolerance));
  EXPECT_TRUE(IsExact(DefaultTolerance(ops::GatherNd1Desc{}).tolerance));
}

TEST(DefaultTolerance, SelectionsAndIntegersAreExact) {
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kMax, DataType::kFloat32, {4, 4}, {1})).rule,
            "default: exact (MIN/MAX select an input; -0 and +0 tie)");
  EXPECT_TRUE(IsExact(DefaultTolerance(Reduce(ReduceFunction::kMin, DataType::kFloat16, {4}, {0})).tolerance));
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kArgMax, DataType::kFloat32, DataType::kUint32, {8}, {0})).rule,
            "default: exact (integer output)");
  EXPECT_TRUE(IsExact(DefaultTolerance(Reduce(ReduceFunction::kSum, DataType::kInt32, {1000}, {0})).tolerance));
}

TEST(DefaultTolerance, SumsScaleWithLog2OfTheReducedCount) {
  // {3, 4} reduced over axis 1: N = 4, ceil(log2 4) = 2.
  const ToleranceRule sum = DefaultTolerance(Reduce(ReduceFunction::kSum, DataType::kFloat32, {3, 4}, {1}));
  EXPECT_EQ(sum.tolerance.ulp, 3u);
  EXPECT_FALSE(sum.tolerance.absolute.has_value());
  EXPECT_EQ(sum.rule,
            "default: ulp <= 1 + ceil(log2 N) = 3, N = 4; or, per element, |a - e| <= (N * eps * sum|x| + U) + "
            "2^-126, U = 3N * 2^-126");
  EXPECT_EQ(sum.data_bound, "(N * eps * sum|x| + U) + 2^-126, U = 3N * 2^-126");
  // Both axes of {3, 5}: N = 15, ceil(log2 15) = 4.
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kL1, DataType::kFloat32, {3, 5}, {0, 1})).tolerance.ulp, 5u);
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kSumSquare, DataType::kFloat16, {3, 5}, {0, 1})).tolerance.ulp, 6u);
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kAverage, DataType::kFloat32, {1, 1}, {0})).tolerance.ulp, 3u);
  // L2: 3 + ceil(log2 N / 2); N = 8 gives 3 + 2, N = 16 gives 3 + 2, N = 32 gives 3 + 3.
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kL2, DataType::kFloat32, {8}, {0})).tolerance.ulp, 5u);
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kL2, DataType::kFloat32, {16}, {0})).tolerance.ulp, 5u);
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kL2, DataType::kFloat32, {32}, {0})).tolerance.ulp, 6u);
}

TEST(DefaultTolerance, MultiplyIsLinearInN) {
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kMultiply, DataType::kFloat32, {2, 6}, {1})).tolerance.ulp, 7u);
}

TEST(DefaultTolerance, LogFunctionsAddAnAbsoluteBoundInEpsilons) {
  const ToleranceRule lse = DefaultTolerance(Reduce(ReduceFunction::kLogSumExp, DataType::kFloat16, {8}, {0}));
  EXPECT_EQ(lse.tolerance.ulp, 4u);
  EXPECT_EQ(lse.tolerance.absolute, 9 * 0x1p-10);  // (6 + 3) * eps(FLOAT16)
  const ToleranceRule ls = DefaultTolerance(Reduce(ReduceFunction::kLogSum, DataType::kFloat32, {1}, {0}));
  EXPECT_EQ(ls.tolerance.absolute, 4 * 0x1p-23);
  EXPECT_EQ(ls.rule,
            "default: ulp <= 4 or abs <= (4 + ceil(log2 N)) * eps, N = 1; or, per element, |a - e| <= (G + 4 * eps * "
            "(1 + |log sum| + G), G = -log(1 - B / sum), B = N * eps * sum|x| + U) + 2^-126, U = 3N * 2^-126");
}

TEST(DefaultTolerance, SummingFunctionsAlsoAdmitTheDataBound) {
  for (ReduceFunction f : {ReduceFunction::kSum, ReduceFunction::kAverage, ReduceFunction::kL1, ReduceFunction::kL2,
                           ReduceFunction::kSumSquare, ReduceFunction::kLogSum, ReduceFunction::kLogSumExp}) {
    EXPECT_FALSE(DefaultTolerance(Reduce(f, DataType::kFloat16, {4}, {0})).data_bound.empty())
        << ops::ReduceFunctionName(f);
  }
  // FLOAT64's reference sums in double too, in its own order: its error counts as much as the backend's.
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kSum, DataType::kFloat64, {4}, {0})).data_bound,
            "2N * eps * sum|x|");
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kSumSquare, DataType::kFloat16, {4}, {0})).data_bound,
            "(N + 1) * eps * sum x^2");
  // FLOAT32's may be flushed (flush_to_zero.h): U inside, the output's 2^-126 outside.
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kSumSquare, DataType::kFloat32, {4}, {0})).data_bound,
            "((N + 1) * eps * sum x^2 + U) + 2^-126, U = 3N * 2^-126");
  // A product's error is relative to the product, no cancellation: only its range. Integers stay exact.
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kMultiply, DataType::kFloat32, {4}, {0})).data_bound,
            "0, or any value when a partial product may leave the normal range");
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kSum, DataType::kInt32, {4}, {0})).data_bound, "");
  EXPECT_EQ(DefaultTolerance(Reduce(ReduceFunction::kMax, DataType::kFloat32, {4}, {0})).data_bound, "");
}

TEST(ToleranceFor, TheCaseWins) {
  TestCase c;
  c.desc = Reduce(ReduceFunction::kSum, DataType::kFloat32, {4}, {0});
  c.tolerance = Tolerance{std::nullopt, 0.5, 0.01};
  const ToleranceRule rule = ToleranceFor(c);
  EXPECT_EQ(rule.tolerance.absolute, 0.5);
  EXPECT_EQ(rule.rule, "case: |a - e| <= 0.5 + 0.01 * |e|");
  c.tolerance.reset();
  EXPECT_EQ(ToleranceFor(c).tolerance.ulp, 3u);
}

// --tolerance onnx gives ONNX node tests ONNX's own tolerance, and the rule names whose it is.
TEST(ToleranceFor, ATolerancesSourceNamesItInTheRule) {
  TestCase c;
  c.desc = Reduce(ReduceFunction::kSum, DataType::kFloat32, {4}, {0});
  c.tolerance = Tolerance{std::nullopt, 1e-7, 1e-3, "onnx"};
  EXPECT_EQ(ToleranceFor(c).rule, "onnx: |a - e| <= 1e-07 + 0.001 * |e|");
  EXPECT_EQ(ToleranceFor(c).data_bound, "");  // a stated tolerance replaces the data bound too
}

TEST(DescribeTolerance, StatesEachBound) {
  EXPECT_EQ(DescribeTolerance(Tolerance{}), "exact");
  EXPECT_EQ(DescribeTolerance(Tolerance{0, 0.0, 0.0}), "exact");
  EXPECT_EQ(DescribeTolerance(Tolerance{5, std::nullopt, std::nullopt}), "ulp <= 5");
  EXPECT_EQ(DescribeTolerance(Tolerance{2, 1e-06, std::nullopt}), "ulp <= 2 or |a - e| <= 1e-06 + 0 * |e|");
}

TEST(DescribeTolerance, StatesTheDataBoundWithItsLargestValue) {
  const ToleranceRule sum = DefaultTolerance(Reduce(ReduceFunction::kSum, DataType::kFloat32, {2, 1024}, {1}));
  const std::vector<double> bounds = {1.1e-4, 1.13e-4};
  EXPECT_EQ(DescribeTolerance(sum, bounds),
            "ulp <= 11, or, per element, |a - e| <= (N * eps * sum|x| + U) + 2^-126, U = 3N * 2^-126 (largest "
            "1.13e-04)");
  EXPECT_EQ(LargestBound(std::vector<double>{2.5e-7, std::nan("")}), " (largest 2.50e-07)");
  EXPECT_EQ(LargestBound({}), "");
  // Without a data bound, the tolerance alone.
  EXPECT_EQ(DescribeTolerance(DefaultTolerance(Reduce(ReduceFunction::kMax, DataType::kFloat32, {4}, {0})), {}),
            "exact");
}

TEST(DefaultTolerance, HalfPrecisionWidensAFloat16SumsBoundAndSaysWhy) {
  TestCase c;
  c.desc = Reduce(ReduceFunction::kSum, DataType::kFloat16, {64}, {0});
  const ToleranceRule plain = ToleranceFor(c);
  const ToleranceRule half = ToleranceFor(c, ops::kExecutionFlagAllowHalfPrecisionComputation);
  EXPECT_EQ(plain.tolerance.ulp, 7u);  // 1 + ceil(log2 64)
  EXPECT_EQ(half.tolerance.ulp, 65u);  // 1 + 64
  EXPECT_NE(half.rule.find("ALLOW_HALF_PRECISION_COMPUTATION"), std::string::npos) << half.rule;
  c.desc = Reduce(ReduceFunction::kSum, DataType::kFloat32, {64}, {0});
  EXPECT_EQ(ToleranceFor(c, ops::kExecutionFlagAllowHalfPrecisionComputation).tolerance.ulp, 7u);  // FLOAT32 as it was
}

}  // namespace
}  // namespace dmlc::app
