#include "app/engine/error_bound.h"
#include "tests/app/engine/reduce_desc.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <span>
#include <vector>

#include "app/engine/compare.h"
#include "app/engine/tolerance.h"
#include "tests/app/engine/bytes.h"

namespace dmlc::app {
namespace {

using ops::DataType;
using testing::Bytes;
using ops::ReduceFunction;
using testing::Reduce;

constexpr double kEps32 = 0x1p-23;

std::vector<double> Bounds(ReduceFunction f, std::vector<float> values) {
  const ops::ReduceDesc desc = Reduce(f, DataType::kFloat32, {static_cast<uint32_t>(values.size())}, {0});
  return DataErrorBounds(desc, Bytes(values));
}

TEST(DataErrorBounds, SumIsNTimesEpsTimesTheMagnitudeOfEachOutput) {
  // Sizes {2, 4} stored column by column (Strides {1, 2}), reduced over axis 0: N = 2, four outputs.
  // Logical rows [1, -2, 3, -4] and [0.5, 2, -3, 8]; sum|x| per column 1.5, 4, 6, 12.
  const ops::ReduceDesc desc = Reduce(ReduceFunction::kSum, DataType::kFloat32, {2, 4}, {0}, {1, 2});
  const std::vector<float> buffer = {1, 0.5f, -2, 2, 3, -3, -4, 8};
  EXPECT_EQ(DataErrorBounds(desc, Bytes(buffer)),
            (std::vector<double>{2 * kEps32 * 1.5, 2 * kEps32 * 4, 2 * kEps32 * 6, 2 * kEps32 * 12}));
  // L1 sums |x| alike.
  EXPECT_EQ(Bounds(ReduceFunction::kL1, {1, -2, 3, -4}), std::vector<double>{4 * kEps32 * 10});
}

TEST(DataErrorBounds, EpsilonIsTheOutputTypes) {
  const ops::ReduceDesc half = Reduce(ReduceFunction::kSum, DataType::kFloat16, {2}, {0});
  const std::vector<uint16_t> one_and_two = {0x3c00, 0x4000};
  EXPECT_EQ(DataErrorBounds(half, Bytes(one_and_two)), std::vector<double>{2 * 0x1p-10 * 3});
  // FLOAT64: 2N, the reference summing in double as well.
  const ops::ReduceDesc dbl = Reduce(ReduceFunction::kSum, DataType::kFloat64, {2}, {0});
  EXPECT_EQ(DataErrorBounds(dbl, Bytes(std::vector<double>{1, -1})), std::vector<double>{4 * 0x1p-52 * 2});
}

TEST(DataErrorBounds, AverageDividesTheSumsBoundAndAddsTheDivision) {
  // {2, -2, 4}: sum|x| = 8, B = 3 eps 8 = 24 eps; (B + 3 eps (8 + B)) / 3 = 16 eps + 24 eps^2.
  EXPECT_DOUBLE_EQ(Bounds(ReduceFunction::kAverage, {2, -2, 4})[0], 16 * kEps32 + 24 * kEps32 * kEps32);
}

TEST(DataErrorBounds, SquaresAndTheirRoot) {
  // {3, 4}: sum x^2 = 25, B2 = (N + 1) eps 25 = 75 eps.
  EXPECT_EQ(Bounds(ReduceFunction::kSumSquare, {3, 4}), std::vector<double>{75 * kEps32});
  // L2 = 5; first order B2 / (2 L2) = 7.5 eps, plus sqrt's 5 ULP of 5 = 25 eps.
  EXPECT_NEAR(Bounds(ReduceFunction::kL2, {3, 4})[0], 32.5 * kEps32, 1e-3 * kEps32);
  // All zeros in FLOAT16: no error to bound.
  const ops::ReduceDesc half = Reduce(ReduceFunction::kL2, DataType::kFloat16, {2}, {0});
  EXPECT_EQ(DataErrorBounds(half, Bytes(std::vector<uint16_t>{0, 0})), std::vector<double>{0});
}

// FLOAT32 may flush (flush_to_zero.h): U = 3N * 2^-126 inside the sum's bound, 2^-126 for the output.
TEST(DataErrorBounds, Float32FlushesAreChargedPerOperation) {
  // {2^-149, 2^-149}: 2 eps 2^-148 + 6 * 2^-126, then the output's 2^-126; exact in double.
  EXPECT_EQ(Bounds(ReduceFunction::kSum, {0x1p-149f, 0x1p-149f}), std::vector<double>{0x1p-170 + 7 * 0x1p-126});
  // L2 of {2^-70}: the square, 2^-140, is below the normal range; a flushed square makes the result 0,
  // 2^-70 from the reference, and the bound (sqrt of B2 = 2 eps 2^-140 + 3 * 2^-126) admits it.
  const double l2 = Bounds(ReduceFunction::kL2, {0x1p-70f})[0];
  EXPECT_GT(l2, 0x1p-70);
  EXPECT_LT(l2, 0x1p-61);
  // All zeros: only the flushes, sqrt(6 * 2^-126) and its roundings.
  EXPECT_NEAR(Bounds(ReduceFunction::kL2, {0, 0})[0], std::sqrt(6 * 0x1p-126), 1e-6 * std::sqrt(6 * 0x1p-126));
}

TEST(DataErrorBounds, LogSumIsTheSumsRelativeBoundPlusLogsOwnError) {
  // {1, 2, 3, 4}: sum 10, B = 40 eps; first order B / sum = 4 eps, plus 4 eps (1 + log 10).
  EXPECT_NEAR(Bounds(ReduceFunction::kLogSum, {1, 2, 3, 4})[0], (4 + 4 * (1 + std::log(10.0))) * kEps32,
              1e-3 * kEps32);
  // A sum within its own bound of 0 may come out 0 or negative: the log's error is unbounded.
  EXPECT_EQ(Bounds(ReduceFunction::kLogSum, {1, -0.9999999f})[0], std::numeric_limits<double>::infinity());
}

// fuzz's finding (cpu judged by plain): LOG_SUM of {-0.5, 0.5, -2^-149} is NaN summed in one order and
// -inf in another; a sum within its error of 0 has no known sign, so any answer passes. A sum surely
// negative gives NaN, compared exactly, as are sums over an infinity.
TEST(DataErrorBounds, LogSumOfASumWithinItsErrorOfZeroAdmitsAnyAnswer) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(Bounds(ReduceFunction::kLogSum, {-0.5, 0.5, -0x1p-149})[0], inf);
  EXPECT_EQ(Bounds(ReduceFunction::kLogSum, {-1, -2})[0], 0);
  const float finf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(Bounds(ReduceFunction::kSum, {1, finf})[0], 0);
  EXPECT_EQ(Bounds(ReduceFunction::kL2, {1, -finf})[0], 0);
}

// fuzz's findings on an NVIDIA H200: a FLOAT32 SUM whose partial sums pass FLT_MAX in one order is inf
// there, the double reference finite; LOG_SUM of a sum past FLT_MAX is inf, or NaN beside an infinite
// term. Terms whose magnitudes add past the largest finite value admit any answer.
TEST(DataErrorBounds, TermsThatMayOverflowInSomeOrderAdmitAnyAnswer) {
  const double inf = std::numeric_limits<double>::infinity();
  const float big = 3e38f, finf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(Bounds(ReduceFunction::kSum, {big, big, -big})[0], inf);
  EXPECT_EQ(Bounds(ReduceFunction::kLogSum, {big, big})[0], inf);
  EXPECT_EQ(Bounds(ReduceFunction::kLogSum, {finf, -big, -big})[0], inf);
  EXPECT_EQ(Bounds(ReduceFunction::kL2, {2e19f, 2e19f})[0], inf);  // sum x^2 = 8e38
  // Below the largest value nothing overflows: an infinite term is compared exactly, a finite sum bounded.
  EXPECT_EQ(Bounds(ReduceFunction::kSum, {finf, -big})[0], 0);
  EXPECT_LT(Bounds(ReduceFunction::kSum, {big, -big})[0], inf);
  const ops::ReduceDesc half = Reduce(ReduceFunction::kSum, DataType::kFloat16, {2}, {0});
  EXPECT_EQ(DataErrorBounds(half, Bytes(std::vector<uint16_t>{0x7bff, 0x7bff})), std::vector<double>{inf});  // 65504 * 2
}

// fuzz's findings on an NVIDIA H200: FLOAT32 products whose partial products leave the normal range in
// some order (inf, 0 or NaN there) admit any answer; others keep the ULP bound alone (a bound of 0).
TEST(DataErrorBounds, ProductsThatMayLeaveTheNormalRangeAdmitAnyAnswer) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(Bounds(ReduceFunction::kMultiply, {0x1p100f, 0x1p100f, 0x1p-100f, 0x1p-100f})[0], inf);
  EXPECT_EQ(Bounds(ReduceFunction::kMultiply, {0x1p-100f, 0x1p-40f})[0], inf);
  EXPECT_EQ(Bounds(ReduceFunction::kMultiply, {0, 0x1p100f, 0x1p100f})[0], inf);  // inf * 0 in one order
  EXPECT_EQ(Bounds(ReduceFunction::kMultiply, {0x1p100f, 0x1p27f, 0x1p-120f, 0})[0], 0);
  EXPECT_EQ(Bounds(ReduceFunction::kMultiply, {2, 3, -0.5f})[0], 0);
}

TEST(DataErrorBounds, LogSumExpShiftsByTheMaximum) {
  // {0, 0}: S = 2 terms of 1; B = 2 eps 2 + eps (4 + 4) = 12 eps; first order B / S = 6 eps, plus
  // 4 eps (1 + 0 + log 2).
  EXPECT_NEAR(Bounds(ReduceFunction::kLogSumExp, {0, 0})[0], (6 + 4 * (1 + std::log(2.0))) * kEps32, 1e-3 * kEps32);
  // Shifting every input shifts the result: only 4 eps |max| more for the final addition's rounding.
  EXPECT_NEAR(Bounds(ReduceFunction::kLogSumExp, {100, 100})[0], (6 + 4 * (101 + std::log(2.0))) * kEps32,
              1e-3 * kEps32);
  // A term of exp(-inf) = 0 adds no error of its own, only N = 3: B = 3 eps 2 + 8 eps = 14 eps.
  EXPECT_NEAR(Bounds(ReduceFunction::kLogSumExp, {0, 0, -std::numeric_limits<float>::infinity()})[0],
              (7 + 4 * (1 + std::log(2.0))) * kEps32, 1e-3 * kEps32);
}

TEST(HasDataErrorBound, OnlyTheArithmeticFloatFunctions) {
  EXPECT_TRUE(HasDataErrorBound(Reduce(ReduceFunction::kSum, DataType::kFloat16, {4}, {0})));
  EXPECT_FALSE(HasDataErrorBound(Reduce(ReduceFunction::kSum, DataType::kInt32, {4}, {0})));
  EXPECT_TRUE(HasDataErrorBound(Reduce(ReduceFunction::kMultiply, DataType::kFloat32, {4}, {0})));
  EXPECT_FALSE(HasDataErrorBound(Reduce(ReduceFunction::kMultiply, DataType::kInt32, {4}, {0})));
  EXPECT_FALSE(HasDataErrorBound(Reduce(ReduceFunction::kMin, DataType::kFloat32, {4}, {0})));
  EXPECT_FALSE(HasDataErrorBound(Reduce(ReduceFunction::kArgMax, DataType::kFloat32, DataType::kUint32, {4}, {0})));
}

// Pairwise (tree) summation in float, as a GPU reduces.
float PairwiseSum(std::span<const float> x) {
  if (x.size() == 1) return x[0];
  const size_t half = x.size() / 2;
  return PairwiseSum(x.first(half)) + PairwiseSum(x.subspan(half));
}

// 1024 values in [-1, 1) that cancel to exactly 2^-10: 512 random multiples of 2^-23, then their
// negatives rotated by one place (so the two halves' trees round differently), the first value raised
// by 2^-10. Every partial sum is exact in double, so the reference's result is 2^-10 exactly.
std::vector<float> CancellingValues() {
  std::mt19937 generator(7);  // the standard fixes mt19937's sequence
  std::vector<float> x(1024);
  for (size_t i = 0; i < 512; ++i) x[i] = static_cast<float>((generator() >> 8) * 0x1p-23 - 1.0);
  for (size_t i = 0; i < 512; ++i) x[512 + i] = -x[(i + 1) % 512];
  x[0] += 0x1p-10f;
  return x;
}

CompareResult CompareWithDefault(const ops::ReduceDesc& desc, float expected, float actual,
                                 std::span<const double> bounds) {
  CompareResult result;
  CompareTensor(desc.OutputTensor, "OutputTensor", Bytes(std::vector<float>{expected}),
                Bytes(std::vector<float>{actual}), DefaultTolerance(desc).tolerance, 10, result, {.element_bounds = bounds});
  return result;
}

TEST(DataErrorBounds, ACancellingSumThatMissesTheUlpBoundPassesTheDataBound) {
  const std::vector<float> x = CancellingValues();
  const ops::ReduceDesc desc = Reduce(ReduceFunction::kSum, DataType::kFloat32, {1024}, {0});
  const float expected = 0x1p-10f;
  const float pairwise = PairwiseSum(x);
  const std::vector<double> bounds = DataErrorBounds(desc, Bytes(x));
  ASSERT_EQ(bounds.size(), 1u);

  // The ULP bound alone (1 + ceil(log2 1024) = 11) fails the honest float result...
  ASSERT_EQ(DefaultTolerance(desc).tolerance.ulp, 11u);
  const CompareResult ulp_only = CompareWithDefault(desc, expected, pairwise, {});
  EXPECT_EQ(ulp_only.mismatches, 1u);
  EXPECT_GT(ulp_only.max_ulp, 11);
  // ...well within N * eps * sum|x|, which admits it.
  EXPECT_LT(std::fabs(pairwise - expected), bounds[0]);
  EXPECT_TRUE(CompareWithDefault(desc, expected, pairwise, bounds).passed());
  // A result off by more than the bound still fails.
  const float wrong = static_cast<float>(expected + 2 * bounds[0]);
  EXPECT_EQ(CompareWithDefault(desc, expected, wrong, bounds).mismatches, 1u);
}

}  // namespace
}  // namespace dmlc::app
