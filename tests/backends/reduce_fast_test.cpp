// The REDUCE fast paths (FLOAT32/FLOAT16): the AVX2 and AVX-512 span kernels against the portable ones (bit-equal;
// the exp kernels in exp_float_test.cpp), and whole reductions in the layouts that take
// the fast paths — long rows split into blocks over threads, tiled columns — against plain loops, with
// results that do not depend on the thread count and the generic kernels' exact zero and NaN choices.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "backends/cpu/exp_float.h"
#include "backends/cpu/reduce_simd.h"
#include "ops/float16.h"
#include "tests/backends/kernel_sets.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using cpu::simd::Accumulate;
using cpu::simd::kLanes;
using cpu::simd::ReduceKernels;
using ops::DataType;
using ops::ReduceFunction;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<float> RandomFloats(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-4, 4);
  std::vector<float> x(n);
  for (auto& v : x) v = u(rng);
  return x;
}

std::vector<const ReduceKernels*> KernelSets() { return FloatKernelSets<float>(); }

TEST(CpuReduceKernels, RowAndColumnSumsAreBitEqualAcrossKernelSets) {
  if (KernelSets().size() < 2) {
    GTEST_SKIP() << "no AVX2 or AVX-512 kernel set on this CPU or build: nothing to compare the portable set with";
  }
  // Two more than the longest row: the five-row column below starts at x[2] and spans 5 x (n / 5).
  const std::vector<float> x = RandomFloats(1002, 5);
  for (Accumulate kind : {Accumulate::kSum, Accumulate::kAbs, Accumulate::kSquare, Accumulate::kProduct}) {
    for (size_t n : {size_t{1}, size_t{15}, size_t{16}, size_t{20}, size_t{37}, size_t{48}, size_t{57}, size_t{1000}}) {
      const double init = kind == Accumulate::kProduct ? 1.0 : 0.0;
      std::vector<std::vector<double>> rows, columns;
      for (const ReduceKernels* k : KernelSets()) {
        const std::vector<double> total{k->row(kind, x.data(), n)};
        std::vector<double> acc(n, init);
        k->column(kind, x.data(), 1, 0, n, acc.data());
        k->column(kind, x.data() + 1, 1, 0, n - 1, acc.data());
        k->column(kind, x.data() + 2, 5, n / 5, n / 5, acc.data());  // a group of four rows, then one
        rows.push_back(total);
        columns.push_back(acc);
      }
      for (size_t i = 1; i < rows.size(); ++i) {
        EXPECT_EQ(rows[i], rows.front()) << KernelSets()[i]->name << " " << n;
        EXPECT_EQ(columns[i], columns.front()) << KernelSets()[i]->name << " " << n;
      }
    }
  }
  // Sums: element k lands in lane k % kLanes and lanes fold i with i + 8 first: 2^60 in lanes 0 and 8 cancels
  // before the 1 of lane 1 meets it, so the 1 survives; in any other lane, or folded in any other order,
  // it would be lost beside 2^60. Elements 16..33 go round the lanes again (but lanes 0 and 8).
  std::vector<float> x2(34, 0.0f);
  x2[0] = 0x1p60f;
  x2[1] = 1;
  x2[8] = -0x1p60f;
  double want = 1;
  for (size_t i = 16; i < x2.size(); ++i) {
    if (i % 8 == 0) continue;
    x2[i] = static_cast<float>(i);
    want += static_cast<double>(i);
  }
  for (const ReduceKernels* k : KernelSets()) {
    EXPECT_EQ(k->row(Accumulate::kSum, x2.data(), x2.size()), want) << k->name;
  }
}

// A row's squares summed as RowLanes<kSquare> says: element k into lane k % `lanes`, each lane in order,
// then lane i with lane i + lanes / 2, i + lanes / 4, and so on.
double SquaresInLanes(const std::vector<float>& x, size_t lanes) {
  std::vector<double> lane(lanes, 0.0);
  for (size_t k = 0; k < x.size(); ++k) lane[k % lanes] += static_cast<double>(x[k]) * x[k];
  for (size_t width = lanes / 2; width > 0; width /= 2) {
    for (size_t i = 0; i < width; ++i) lane[i] += lane[i + width];
  }
  return lane[0];
}

TEST(CpuReduceKernels, RowSquaresGoRoundThirtyTwoLanes) {
  // 2^54 in lane 0, where double's step is 4, and three squares of 2.25 at 16, 32 and 48. In 32 lanes the
  // 2.25 at 32 rounds lane 0 up to 2^54 + 4, lane 16 holds 4.5, and their fold gives 2^54 + 8; in 16 lanes
  // lane 0 would take all three, each rounding up, to 2^54 + 12. 49 elements: the last sixteen and one
  // more come after the vector loop.
  std::vector<float> x(49, 0.0f);
  x[0] = 0x1p27f;
  x[16] = x[32] = x[48] = 1.5f;
  const double want = SquaresInLanes(x, 32);
  ASSERT_EQ(want, 0x1p54 + 8);
  ASSERT_EQ(SquaresInLanes(x, 16), 0x1p54 + 12);
  for (const ReduceKernels* k : KernelSets()) {
    EXPECT_EQ(k->row(Accumulate::kSquare, x.data(), x.size()), want) << k->name;
  }
  // The fold: 2^54 in lane 0, 2.25 in lanes 16 and 24. Lane i with i + 16 first rounds 2^54 + 2.25 up to
  // 2^54 + 4, then lane 8's 2.25 takes it to 2^54 + 8; folding each sixteen first would add 4.5 to 2^54
  // at once and give 2^54 + 4.
  std::vector<float> y(32, 0.0f);
  y[0] = 0x1p27f;
  y[16] = y[24] = 1.5f;
  ASSERT_EQ(SquaresInLanes(y, 32), 0x1p54 + 8);
  for (const ReduceKernels* k : KernelSets()) {
    EXPECT_EQ(k->row(Accumulate::kSquare, y.data(), y.size()), 0x1p54 + 8) << k->name;
  }
}

TEST(CpuReduceKernels, ExtremesAndFindAgreeAcrossKernelSets) {
  std::vector<float> x = RandomFloats(77, 9);
  for (const ReduceKernels* k : KernelSets()) {
    bool nan = true;
    EXPECT_EQ(k->row_extreme(true, x.data(), x.size(), &nan), *std::max_element(x.begin(), x.end())) << k->name;
    EXPECT_FALSE(nan);
    EXPECT_EQ(k->row_extreme(false, x.data(), x.size(), &nan), *std::min_element(x.begin(), x.end())) << k->name;
    EXPECT_EQ(k->find(x.data(), x.size(), x[60]), 60u) << k->name;
    EXPECT_EQ(k->find(x.data(), x.size(), 100.0f), x.size()) << k->name;
  }
  x[41] = kNaN;
  x[70] = kNaN;
  for (const ReduceKernels* k : KernelSets()) {
    bool nan = false;
    k->row_extreme(true, x.data(), x.size(), &nan);
    EXPECT_TRUE(nan) << k->name;
    EXPECT_EQ(k->find(x.data(), x.size(), kNaN), 41u) << k->name;
  }
}

TEST(CpuReduceKernels, ColumnExtremeAndArgFollowTheSequentialRules) {
  // Two rows of 19 columns; row 1 has a NaN at column 3 and ties elsewhere; the arg's best starts NaN at
  // column 8 (a run whose first element is NaN).
  std::vector<float> row0 = RandomFloats(19, 3), row1 = row0;
  row1[3] = kNaN;
  row1[5] = row0[5] + 1;
  row1[8] = row0[8] + 1;
  for (const ReduceKernels* k : KernelSets()) {
    std::vector<float> acc(19, -std::numeric_limits<float>::infinity()), best = row0;  // row 0 seeds the bests
    best[8] = kNaN;
    std::vector<uint32_t> pos(19, 0);
    for (const auto* row : {&row0, &row1}) k->column_extreme(true, row->data(), 1, 0, 19, acc.data());
    k->column_arg(true, row1.data(), 1, 0, 19, 1, best.data(), pos.data());
    k->column_arg(true, row0.data(), 1, 0, 19, 2, best.data(), pos.data());  // a later equal row changes nothing
    for (size_t c = 0; c < 19; ++c) {
      EXPECT_EQ(acc[c], c == 3 ? row0[c] : std::max(row0[c], row1[c])) << k->name << " " << c;  // NaN never taken
      EXPECT_EQ(pos[c], c == 5 ? 1u : 0u) << k->name << " " << c;  // ties keep the first row; NaN 0 stays
    }
    EXPECT_TRUE(std::isnan(best[8])) << k->name;
  }
}

// The column kernels over many rows (groups of four, then single rows) against the portable kernels one
// row at a time, to the bit: 11 rows of 21 columns (two vectors and a scalar tail), NaNs in a group and
// in the single rows, ties across groups.
TEST(CpuReduceKernels, ColumnKernelsOverRowGroupsMatchRowByRow) {
  constexpr uint64_t kRows = 11, kCols = 21, kStride = 23;
  std::vector<float> x = RandomFloats(kRows * kStride, 21);
  for (uint64_t r : {2u, 9u}) x[r * kStride + 4] = kNaN;  // column 4: a NaN in a group, one after
  x[10 * kStride + 18] = kNaN;                           // column 18 (scalar tail): NaN in the last row
  x[6 * kStride + 7] = x[1 * kStride + 7] = 9.0f;        // column 7: a tie across groups
  const ReduceKernels& one = cpu::simd::PortableReduceKernels<float>();
  for (const ReduceKernels* k : KernelSets()) {
    for (bool max : {false, true}) {
      std::vector<float> extreme(kCols, max ? -1e30f : 1e30f), want_extreme = extreme;
      std::vector<float> best(kCols, max ? -1e30f : 1e30f), want_best = best;
      std::vector<uint32_t> pos(kCols, 0), want_pos = pos;
      k->column_extreme(max, x.data(), kRows, kStride, kCols, extreme.data());
      k->column_arg(max, x.data(), kRows, kStride, kCols, 5, best.data(), pos.data());
      for (uint64_t r = 0; r < kRows; ++r) {
        one.column_extreme(max, x.data() + r * kStride, 1, 0, kCols, want_extreme.data());
        one.column_arg(max, x.data() + r * kStride, 1, 0, kCols, 5 + static_cast<uint32_t>(r), want_best.data(),
                       want_pos.data());
      }
      for (uint64_t c = 0; c < kCols; ++c) {
        EXPECT_EQ(std::bit_cast<uint32_t>(extreme[c]), std::bit_cast<uint32_t>(want_extreme[c])) << k->name << c;
        EXPECT_EQ(std::bit_cast<uint32_t>(best[c]), std::bit_cast<uint32_t>(want_best[c])) << k->name << c;
        EXPECT_EQ(pos[c], want_pos[c]) << k->name << " " << max << " column " << c;
      }
      EXPECT_FALSE(std::isnan(extreme[4]) || std::isnan(best[4])) << k->name;  // NaN never taken
      EXPECT_EQ(pos[7], max ? 6u : want_pos[7]) << k->name;  // 9.0 first at row 1
    }
    for (Accumulate kind : {Accumulate::kSum, Accumulate::kProduct}) {
      std::vector<double> sums(kCols, 1.0), want = sums;
      k->column(kind, x.data(), kRows, kStride, kCols, sums.data());
      for (uint64_t r = 0; r < kRows; ++r) one.column(kind, x.data() + r * kStride, 1, 0, kCols, want.data());
      for (uint64_t c = 0; c < kCols; ++c) {
        if (!std::isnan(want[c])) EXPECT_EQ(sums[c], want[c]) << k->name << " column " << c;
        else EXPECT_TRUE(std::isnan(sums[c])) << k->name << " column " << c;
      }
    }
  }
}

// column_max against column_extreme row by row, to the bit: widths that take the 64-column chunks, single
// vectors and scalar columns, signed zeros and infinities; a NaN anywhere makes it give up.
TEST(CpuReduceKernels, ColumnMaxMatchesColumnExtremeAndGivesUpOnNaN) {
  constexpr uint64_t kStride = 150;
  std::vector<float> x = RandomFloats(5 * kStride, 12);
  x[3] = -0.0f;
  x[kStride + 3] = 0.0f;  // equal to the -0 above it: the first stays
  x[2 * kStride + 70] = std::numeric_limits<float>::infinity();
  x[9] = -std::numeric_limits<float>::infinity();
  for (const ReduceKernels* k : KernelSets()) {
    for (uint64_t rows : {1u, 2u, 5u}) {
      for (uint64_t n : {uint64_t{3}, uint64_t{8}, uint64_t{75}, uint64_t{kStride}}) {
        std::vector<float> peaks(n, -2.0f), want = peaks;
        ASSERT_TRUE(k->column_max(x.data(), rows, kStride, n, peaks.data())) << k->name;
        for (uint64_t r = 0; r < rows; ++r) k->column_extreme(true, x.data() + r * kStride, 1, 0, n, want.data());
        for (uint64_t c = 0; c < n; ++c) {
          EXPECT_EQ(std::bit_cast<uint32_t>(peaks[c]), std::bit_cast<uint32_t>(want[c]))
              << k->name << " rows " << rows << " column " << c;
        }
      }
    }
    for (uint64_t column : {uint64_t{10}, uint64_t{66}, uint64_t{73}, uint64_t{149}}) {  // chunk, vector, scalar
      std::vector<float> with_nan = x, peaks(kStride, 0.0f);
      with_nan[4 * kStride + column] = kNaN;
      EXPECT_FALSE(k->column_max(with_nan.data(), 5, kStride, kStride, peaks.data())) << k->name << " " << column;
    }
  }
}

Tensor RunReduce(ReduceFunction f, const Tensor& in, const ops::TensorDesc& out_desc, std::vector<uint32_t> axes,
                 int threads) {
  ops::ReduceDesc desc{f, in.desc, out_desc, std::move(axes)};
  Tensor out = MakeOutput(out_desc);
  EXPECT_TRUE(RunOnCpu(desc, {&in}, {&out}, threads).ok());
  EXPECT_TRUE(GapsUntouched(out));
  return out;
}

std::vector<double> IntegerValued(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(-8, 8);
  std::vector<double> x(n);
  for (auto& v : x) v = u(rng);
  return x;
}

// v rounded once to `type` (FLOAT32 or FLOAT16), as the reference stores it.
double Rounded(DataType type, double v) {
  return type == DataType::kFloat16 ? ops::HalfToFloat(ops::DoubleToHalf(v)) : static_cast<float>(v);
}

// One long row (blocks over threads) and a tall column set (tiles folded in order): integer values
// keep every sum exact, so plain loops give the expected numbers; thread counts must not matter.
TEST(CpuReduceFast, LongRowsAndTallColumnsMatchPlainLoopsForAnyThreadCount) {
  const uint32_t rows = 3000, cols = 40;  // 120000 elements: 8 row blocks, 6 column blocks
  for (DataType type : {DataType::kFloat32, DataType::kFloat16}) {
    const std::vector<double> x = IntegerValued(rows * cols, 11);
    const Tensor in = MakeTensor(Desc(type, {rows, cols}), x);
    const Tensor flat = MakeTensor(Desc(type, {1, rows * cols}), x);
    double total = 0, l1 = 0, squares = 0;
    std::vector<double> column_sum(cols, 0), column_max(cols, -kInf), column_arg(cols, 0);
    for (uint32_t r = 0; r < rows; ++r) {
      for (uint32_t c = 0; c < cols; ++c) {
        const double v = x[r * cols + c];
        total += v;
        l1 += std::fabs(v);
        squares += v * v;
        column_sum[c] += v;
        if (v > column_max[c]) {
          column_max[c] = v;
          column_arg[c] = r;
        }
      }
    }
    for (double& v : column_sum) v = Rounded(type, v);
    const double argmax = std::max_element(x.begin(), x.end()) - x.begin();
    for (int threads : {1, 2, 5}) {
      const std::string where = std::string(ops::DataTypeName(type)) + " threads " + std::to_string(threads);
      auto row = [&](ReduceFunction f, DataType out = DataType::kUnknown) {
        return ReadValues(RunReduce(f, flat, Desc(out == DataType::kUnknown ? type : out, {1, 1}), {1}, threads))[0];
      };
      EXPECT_EQ(row(ReduceFunction::kSum), Rounded(type, total)) << where;
      EXPECT_EQ(row(ReduceFunction::kL1), Rounded(type, l1)) << where;
      if (type == DataType::kFloat32) {
        EXPECT_EQ(row(ReduceFunction::kSumSquare), squares) << where;
      }
      EXPECT_EQ(row(ReduceFunction::kMax), 8) << where;
      EXPECT_EQ(row(ReduceFunction::kArgMax, DataType::kUint64), argmax) << where;
      EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kSum, in, Desc(type, {1, cols}), {0}, threads)), column_sum)
          << where;
      EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kMax, in, Desc(type, {1, cols}), {0}, threads)), column_max)
          << where;
      EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kArgMax, in, Desc(DataType::kUint32, {1, cols}), {0}, threads)),
                column_arg)
          << where;
    }
  }
}

// Random (non-integer) data: sums are not exact, but must not depend on the thread count.
TEST(CpuReduceFast, ResultsAreBitEqualAcrossThreadCounts) {
  const uint32_t rows = 1500, cols = 64;
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> u(-3, 3);
  std::vector<double> x(rows * cols);
  for (auto& v : x) v = u(rng);
  const Tensor in = MakeTensor(Desc(DataType::kFloat32, {rows, cols}), x);
  const Tensor flat = MakeTensor(Desc(DataType::kFloat32, {1, rows * cols}), x);
  for (ReduceFunction f : {ReduceFunction::kSum, ReduceFunction::kL2, ReduceFunction::kLogSumExp,
                           ReduceFunction::kMultiply, ReduceFunction::kAverage}) {
    const std::vector<double> row1 = ReadValues(RunReduce(f, flat, Desc(DataType::kFloat32, {1, 1}), {1}, 1));
    const std::vector<double> col1 = ReadValues(RunReduce(f, in, Desc(DataType::kFloat32, {1, cols}), {0}, 1));
    for (int threads : {2, 3, 8}) {
      EXPECT_EQ(ReadValues(RunReduce(f, flat, Desc(DataType::kFloat32, {1, 1}), {1}, threads)), row1)
          << ops::ReduceFunctionName(f) << " " << threads;
      EXPECT_EQ(ReadValues(RunReduce(f, in, Desc(DataType::kFloat32, {1, cols}), {0}, threads)), col1)
          << ops::ReduceFunctionName(f) << " " << threads;
    }
  }
}

// The fast paths' LOG_SUM_EXP against the exact value rounded to float: each term is within
// kExpOfDifferenceMaxError of exp(x - m) relatively, so log(sum) is within that much absolutely, and the
// result within that plus one ulp of the rounded reference.
::testing::AssertionResult LogSumExpNear(double got, double want) {
  if (got == want) return ::testing::AssertionSuccess();
  const float rounded = static_cast<float>(want);
  const double bound = cpu::simd::kExpOfDifferenceMaxError +
                       (std::nextafter(rounded, std::numeric_limits<float>::infinity()) - rounded);
  if (std::isfinite(want) && std::fabs(got - want) <= bound) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << got << " is not within " << bound << " of " << want;
}

TEST(CpuReduceFast, LogSumExpMatchesALongDoubleReference) {
  const uint32_t rows = 700, cols = 75;  // columns: a 64-column chunk, a vector and scalars for column_max
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> u(-30, 30);
  std::vector<double> x(rows * cols);
  for (auto& v : x) v = static_cast<float>(u(rng));
  auto reference = [&](uint32_t begin, uint32_t count, uint32_t step) {
    long double m = -INFINITY, s = 0;
    for (uint32_t i = 0; i < count; ++i) m = std::max<long double>(m, x[begin + i * step]);
    for (uint32_t i = 0; i < count; ++i) s += std::exp(static_cast<long double>(x[begin + i * step]) - m);
    return static_cast<double>(static_cast<float>(m + std::log(s)));
  };
  const Tensor in = MakeTensor(Desc(DataType::kFloat32, {rows, cols}), x);
  const std::vector<double> inner = ReadValues(RunReduce(ReduceFunction::kLogSumExp, in,
                                                         Desc(DataType::kFloat32, {rows, 1}), {1}, 2));
  const std::vector<double> outer = ReadValues(RunReduce(ReduceFunction::kLogSumExp, in,
                                                         Desc(DataType::kFloat32, {1, cols}), {0}, 2));
  for (uint32_t r = 0; r < rows; ++r) EXPECT_TRUE(LogSumExpNear(inner[r], reference(r * cols, cols, 1))) << r;
  for (uint32_t c = 0; c < cols; ++c) EXPECT_TRUE(LogSumExpNear(outer[c], reference(c, rows, cols))) << c;
}

// Adversarial columns over 1200 rows (3 column tiles, each with its own maximum, folded by rescaling;
// within a tile, groups of 32 rows whose maxima raise a running one) and the same values as rows: -inf,
// +inf, NaN, huge and subnormal values, tiles whose maxima differ by more than exp's range, and maxima
// that rise from group to group. Expected: the long double max-first reference, rounded once.
TEST(CpuReduceFast, LogSumExpAdversarialTilesMatchTheReferenceForAnyThreadCount) {
  constexpr uint32_t rows = 1200, cols = 12;
  const double inf = kInf, nan = std::numeric_limits<double>::quiet_NaN();
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> u(-3, 3);
  std::vector<double> x(rows * cols);
  for (uint32_t r = 0; r < rows; ++r) {
    const double v = static_cast<float>(u(rng));
    const uint32_t tile = r / 512;
    const double column[cols] = {
        tile == 0 ? -inf : v,                                    // a first tile of -inf adds nothing
        tile == 0 ? 80 + v : -1000 + v,                          // later tiles vanish under the first
        tile == 2 ? 50 + v : -1000 + v,                          // the maximum grows by 1050
        r == 1100 ? nan : v,                                     // NaN in the last tile
        r == 600 ? inf : v,                                      // +inf in the middle tile
        -inf,                                                    // nothing but -inf
        r == 700 ? 3e38 : (r % 2 == 0 ? -3e38 : 1e-40),          // huge and subnormal magnitudes
        static_cast<float>(v * 1e-38),                           // subnormal and tiny values
        r < 100 ? -inf : v,                                      // -inf groups, then one half -inf
        0.05 * r + v,                                            // the maximum rises in every group
        r == 40 ? nan : (r == 300 ? 90 + v : v),                 // NaN, then a higher maximum
        r == 33 ? inf : (r == 90 ? 1e30 : v),                    // +inf, then a huge finite value
    };
    for (uint32_t c = 0; c < cols; ++c) x[r * cols + c] = static_cast<float>(column[c]);
  }
  auto reference = [&](uint32_t c) {
    long double m = -INFINITY, sum = 0;
    bool any_nan = false;
    for (uint32_t r = 0; r < rows; ++r) {
      any_nan = any_nan || std::isnan(x[r * cols + c]);
      m = std::max<long double>(m, x[r * cols + c]);
    }
    if (any_nan) return nan;
    if (!std::isfinite(static_cast<double>(m))) return static_cast<double>(m);
    for (uint32_t r = 0; r < rows; ++r) sum += std::exp(static_cast<long double>(x[r * cols + c]) - m);
    return static_cast<double>(static_cast<float>(m + std::log(sum)));
  };
  std::vector<double> transposed(x.size());
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < cols; ++c) transposed[c * rows + r] = x[r * cols + c];
  }
  const Tensor in = MakeTensor(Desc(DataType::kFloat32, {rows, cols}), x);
  const Tensor in_rows = MakeTensor(Desc(DataType::kFloat32, {cols, rows}), transposed);
  for (int threads : {1, 2, 5}) {
    const std::vector<double> outer =
        ReadValues(RunReduce(ReduceFunction::kLogSumExp, in, Desc(DataType::kFloat32, {1, cols}), {0}, threads));
    const std::vector<double> inner = ReadValues(
        RunReduce(ReduceFunction::kLogSumExp, in_rows, Desc(DataType::kFloat32, {cols, 1}), {1}, threads));
    for (uint32_t c = 0; c < cols; ++c) {
      const double want = reference(c);
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(outer[c]) && std::isnan(inner[c])) << "column " << c << " threads " << threads;
      } else {
        EXPECT_TRUE(LogSumExpNear(outer[c], want)) << "column " << c << " threads " << threads;
        EXPECT_TRUE(LogSumExpNear(inner[c], want)) << "row " << c << " threads " << threads;
      }
    }
  }
}

float FloatFromBits(uint32_t bits) { return std::bit_cast<float>(bits); }

// The generic kernels return the first of equal extremes (+0 or -0) and skip NaN (-inf when every
// element is NaN).
TEST(CpuReduceFast, ZerosAndNaNAreTheGenericKernelsChoice) {
  const float nan_a = FloatFromBits(0x7fc00001), nan_b = FloatFromBits(0x7fc00002);
  struct Case {
    std::vector<float> values;
    uint32_t max_bits;
  };
  const Case cases[] = {
      {{-1, -0.0f, 0.0f, -2}, 0x80000000u},  // -0 first
      {{-1, 0.0f, -0.0f, -2}, 0x00000000u},  // +0 first
      {{1, nan_a, 5, nan_b, 2}, 0x40a00000u},  // 5: NaN skipped
      {{nan_a, nan_b}, 0xff800000u},           // -inf: no number
  };
  for (const Case& c : cases) {
    const uint32_t n = static_cast<uint32_t>(c.values.size());
    for (bool columns : {false, true}) {
      // Rows: {1, n} over axis 1. Columns: {n, 20} (every column the same values) over axis 0.
      const uint32_t width = columns ? 20 : 1;
      std::vector<float> data;
      for (float v : c.values) data.insert(data.end(), width, v);
      const ops::TensorDesc desc = columns ? Desc(DataType::kFloat32, {n, width}) : Desc(DataType::kFloat32, {1, n});
      const Tensor in = MakeRawTensor(desc, data);
      const Tensor out = RunReduce(ReduceFunction::kMax, in, Desc(DataType::kFloat32, {1, width}), {columns ? 0u : 1u}, 2);
      for (float v : ReadRaw<float>(out)) EXPECT_EQ(std::bit_cast<uint32_t>(v), c.max_bits) << columns;
    }
  }
}

TEST(CpuReduceFast, ArgMaxAcrossBlocksTakesTheFirstTieSkipsNaNAndALeadingNaNWins) {
  // 40000 elements = 3 row blocks; the maximum 9 at 30000 and 35000, nothing in block 0.
  std::vector<double> x(40000, 1);
  x[30000] = 9;
  x[35000] = 9;
  Tensor in = MakeTensor(Desc(DataType::kFloat32, {1, 40000}), x);
  for (int threads : {1, 4}) {
    EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kArgMax, in, Desc(DataType::kInt64, {1, 1}), {1}, threads))[0],
              30000);
  }
  x[20000] = std::numeric_limits<double>::quiet_NaN();
  x[39000] = std::numeric_limits<double>::quiet_NaN();
  in = MakeTensor(Desc(DataType::kFloat32, {1, 40000}), x);
  for (int threads : {1, 4}) {
    EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kArgMax, in, Desc(DataType::kInt64, {1, 1}), {1}, threads))[0],
              30000);
    EXPECT_TRUE(std::isnan(
        ReadValues(RunReduce(ReduceFunction::kLogSumExp, in, Desc(DataType::kFloat32, {1, 1}), {1}, threads))[0]));
  }
  x[0] = std::numeric_limits<double>::quiet_NaN();
  in = MakeTensor(Desc(DataType::kFloat32, {1, 40000}), x);
  for (int threads : {1, 4}) {
    EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kArgMax, in, Desc(DataType::kInt64, {1, 1}), {1}, threads))[0], 0);
    EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kMax, in, Desc(DataType::kFloat32, {1, 1}), {1}, threads))[0], 9);
  }
}

// Column ARGMIN/ARGMAX test a row group's extremes first and run the position kernel only on the chunks
// of columns they moved: bests, ties, zeros and NaNs placed on group edges (rows 31/32 of groups of 32),
// in the first, a middle and the tail chunk of 64 columns, against the sequential rule.
TEST(CpuReduceFast, ColumnArgsFindBestsTiesZerosAndNaNsInAnyRowGroup) {
  constexpr uint32_t kRows = 200, kColumns = 130;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (bool max : {false, true}) {
    const double best = max ? 9 : -9;
    std::vector<double> x(kRows * kColumns, 1);
    const auto at = [&](uint32_t r, uint32_t c) -> double& { return x[r * kColumns + c]; };
    at(150, 0) = best, at(170, 0) = best;      // a tie in a later group keeps the first
    at(31, 5) = best, at(32, 5) = best;        // a tie across a group edge
    for (uint32_t r = 0; r < kRows; ++r) at(r, 66) = max ? -1 : 3;
    at(10, 66) = -0.0, at(40, 66) = 0.0;       // equal zeros: the first
    at(100, 70) = best, at(120, 70) = nan, at(180, 70) = nan;  // NaNs after a best: skipped
    at(0, 100) = nan, at(50, 100) = best;      // a leading NaN wins
    at(199, 129) = best;                       // only the last row, in the tail chunk
    for (DataType type : {DataType::kFloat32, DataType::kFloat16}) {
      const Tensor in = MakeTensor(Desc(type, {kRows, kColumns}), x);
      for (int threads : {1, 2}) {
        const ReduceFunction f = max ? ReduceFunction::kArgMax : ReduceFunction::kArgMin;
        const std::vector<double> got = ReadValues(RunReduce(f, in, Desc(DataType::kUint32, {1, kColumns}), {0}, threads));
        for (uint32_t c = 0; c < kColumns; ++c) {
          double b = at(0, c);
          uint32_t want = 0;
          for (uint32_t r = 1; r < kRows; ++r) {
            const double v = at(r, c);
            if (max ? v > b : v < b) b = v, want = r;
          }
          EXPECT_EQ(got[c], want) << "max " << max << " column " << c << " " << ops::DataTypeName(type);
        }
      }
    }
  }
}

// MIN, MAX, ARGMIN and ARGMAX split tall columns into long tiles (about four a worker, more rows than the
// other functions' tiles): every row must land in exactly one tile, whatever the thread count.
TEST(CpuReduceFast, ExactColumnFunctionsOverLongTilesSeeEveryRow) {
  constexpr uint32_t kRows = 5000, kColumns = 40;
  const std::vector<float> r = RandomFloats(kRows * kColumns, 31);
  std::vector<double> x(r.begin(), r.end());
  x[4999 * kColumns + 3] = 9, x[1600 * kColumns + 7] = -9, x[2100 * kColumns + 7] = 9;
  x[3000 * kColumns + 9] = std::numeric_limits<double>::quiet_NaN();
  x[11] = std::numeric_limits<double>::quiet_NaN();  // column 11 leads with NaN
  const Tensor in = MakeTensor(Desc(DataType::kFloat32, {kRows, kColumns}), x);
  for (int threads : {1, 2, 3}) {
    for (bool max : {false, true}) {
      const std::vector<double> arg = ReadValues(RunReduce(max ? ReduceFunction::kArgMax : ReduceFunction::kArgMin,
                                                           in, Desc(DataType::kUint32, {1, kColumns}), {0}, threads));
      const std::vector<double> ext = ReadValues(RunReduce(max ? ReduceFunction::kMax : ReduceFunction::kMin, in,
                                                           Desc(DataType::kFloat32, {1, kColumns}), {0}, threads));
      for (uint32_t c = 0; c < kColumns; ++c) {
        double b = x[c], e = max ? -kInf : kInf;
        uint32_t at = 0;
        for (uint32_t row = 0; row < kRows; ++row) {
          const double v = x[row * kColumns + c];
          if (row > 0 && (max ? v > b : v < b)) b = v, at = row;
          if (max ? v > e : v < e) e = v;
        }
        const std::string where = "threads " + std::to_string(threads) + " max " + std::to_string(max) + " column " +
                                  std::to_string(c);
        EXPECT_EQ(arg[c], at) << where;
        EXPECT_EQ(ext[c], e) << where;
      }
      EXPECT_EQ(arg[11], 0) << threads;
    }
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
