// The FLOAT16 kernels of the REDUCE fast paths (reduce_simd.h's sets over Half elements, widened as they
// load) and the whole FLOAT16 reductions that use them. Each Half kernel, portable, AVX2 and AVX-512,
// must give the float kernels' bits on the widened data, on every kind of half: subnormals, signed
// zeros, infinities, NaN (sums: any NaN for a NaN; see SameSum), and sums must add exact runs.
// Whole reductions are held to the plain reference byte for byte wherever double accumulation makes
// the result independent of order (SUM, L1, AVERAGE, LOG_SUM on data whose sums
// are exact in double; SUM_SQUARE, L2 and MULTIPLY on data whose squares and products are exact), and
// MIN, MAX, ARGMIN, ARGMAX always (ties, NaN skipped or leading, signed zeros); LOG_SUM_EXP within one half ulp.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <tuple>

#include "backends/cpu/cpu_backend.h"
#include "backends/cpu/reduce_simd.h"
#include "ops/float16.h"
#include "tests/backends/kernel_sets.h"
#include "tests/backends/plain/run_plain.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using cpu::Half;
using cpu::simd::Accumulate;
using cpu::simd::HalfReduceKernels;
using cpu::simd::kLanes;
using cpu::simd::kRun;
using ops::DataType;
using ops::ReduceFunction;

enum class Values {
  kAnything,  // every bit pattern: NaN, infinities, zeros, subnormals
  kFinite,    // finite halves of magnitude <= 1024 (subnormals and both zeros included): exact sums
  kSmall,     // multiples of 1/64 in [-4, 4] and powers of two: exact squares and products
};

std::vector<uint16_t> RandomHalves(size_t n, uint32_t seed, Values kind) {
  std::mt19937 rng(seed);
  std::vector<uint16_t> x(n);
  for (auto& h : x) {
    for (;;) {
      h = static_cast<uint16_t>(rng());
      if (kind == Values::kSmall) {
        const uint32_t pick = rng() % 8;
        h = pick == 0   ? ops::FloatToHalf(pick % 2 ? 2.0f : 0.5f)
            : pick == 1 ? ops::FloatToHalf(-1.0f)
                        : ops::FloatToHalf(static_cast<float>(static_cast<int>(rng() % 513) - 256) / 64);
        break;
      }
      const float v = ops::HalfToFloat(h);
      if (kind == Values::kAnything || (std::isfinite(v) && std::fabs(v) <= 1024)) break;
    }
  }
  return x;
}

std::vector<float> Widened(const std::vector<uint16_t>& h) {
  std::vector<float> f(h.size());
  for (size_t i = 0; i < h.size(); ++i) f[i] = ops::HalfToFloat(h[i]);
  return f;
}

// Each Half kernel set with the float set of the same implementation (a CPU has both or neither).
std::vector<std::pair<const HalfReduceKernels*, const cpu::simd::ReduceKernels*>> HalfKernelSets() {
  const auto halves = FloatKernelSets<Half>();
  const auto floats = FloatKernelSets<float>();
  std::vector<std::pair<const HalfReduceKernels*, const cpu::simd::ReduceKernels*>> sets;
  for (size_t i = 0; i < halves.size(); ++i) sets.emplace_back(halves[i], floats.at(i));
  return sets;
}

// Float bits, so NaN payloads and signed zeros count.
std::vector<uint32_t> Bits(const std::vector<float>& v) {
  std::vector<uint32_t> bits(v.size());
  std::memcpy(bits.data(), v.data(), v.size() * sizeof(float));
  return bits;
}

// Against the float kernels of the same implementation (portable or AVX2): NaN payloads out of sums are
// each implementation's own (vector and scalar operations pick different operands' NaN).
//
// Sums are held to the same doubles, and a NaN to any NaN: FLOAT16 sums and L1 sums add exact runs of a
// lane's elements (and, with AVX-512, of a column's rows) where the float kernels add them one by one
// (reduce_simd.h RunLength),
// the same doubles while every partial sum is exact in double, as at these sizes, but a NaN out of a run
// is the run's own; and where two NaNs meet in a column, a square's multiply and add contracted into one
// FMA in one instantiation and not in the other pick different ones.
::testing::AssertionResult SameSum(double got, double want) {
  if (std::bit_cast<uint64_t>(got) == std::bit_cast<uint64_t>(want) || (got != got && want != want)) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << std::hexfloat << got << " against " << want;
}

TEST(CpuReduceHalfKernels, EveryHalfKernelGivesTheFloatKernelsBitsOnWidenedData) {
  constexpr uint64_t kStride = 75, kRows = 9;  // columns: vectors and a tail; rows: two groups of four and one
  for (Values kind : {Values::kAnything, Values::kFinite}) {
    const std::vector<uint16_t> raw = RandomHalves(kStride * kRows, 17, kind);
    const auto* h = reinterpret_cast<const Half*>(raw.data());
    const std::vector<float> f = Widened(raw);
    for (const auto& [k, float_set] : HalfKernelSets()) {
      const cpu::simd::ReduceKernels& ref = *float_set;
      const std::string where = std::string(k->name) + (kind == Values::kAnything ? " anything" : " finite");
      for (uint64_t n : {uint64_t{1}, uint64_t{17}, uint64_t{40}, kStride * kRows}) {
        for (Accumulate a : {Accumulate::kSum, Accumulate::kAbs, Accumulate::kSquare, Accumulate::kProduct}) {
          EXPECT_TRUE(SameSum(k->row(a, h, n), ref.row(a, f.data(), n))) << where << " row " << n;
        }
        for (bool max : {false, true}) {
          bool want_nan = false, got_nan = false;
          const float want = ref.row_extreme(max, f.data(), n, &want_nan);
          EXPECT_EQ(std::bit_cast<uint32_t>(k->row_extreme(max, h, n, &got_nan)), std::bit_cast<uint32_t>(want))
              << where;
          EXPECT_EQ(got_nan, want_nan) << where;
        }
        for (float v : {f[n / 2], 0.0f, std::numeric_limits<float>::quiet_NaN(), 12345.0f}) {
          EXPECT_EQ(k->find(h, n, v), ref.find(f.data(), n, v)) << where << " find " << v;
        }
      }
      for (Accumulate a : {Accumulate::kSum, Accumulate::kAbs, Accumulate::kSquare, Accumulate::kProduct}) {
        // 9 rows of 74 columns (two groups of four and one), and 40 rows of 15 (ten groups).
        for (const auto& [rows, stride, n] :
             {std::tuple{kRows, kStride, kStride - 1}, std::tuple{uint64_t{40}, uint64_t{16}, uint64_t{15}}}) {
          std::vector<double> want(n, 1.0), got = want;
          ref.column(a, f.data() + 1, rows, stride, n, want.data());
          k->column(a, h + 1, rows, stride, n, got.data());
          for (uint64_t c = 0; c < n; ++c) {
            EXPECT_TRUE(SameSum(got[c], want[c])) << where << " column " << rows << " x " << n << " at " << c;
          }
        }
      }
      for (bool max : {false, true}) {
        std::vector<float> want(kStride, 0.5f), got = want, want_best = want, got_best = want;
        std::vector<uint32_t> want_pos(kStride, 7), got_pos = want_pos;
        ref.column_extreme(max, f.data(), kRows, kStride, kStride, want.data());
        k->column_extreme(max, h, kRows, kStride, kStride, got.data());
        EXPECT_EQ(Bits(got), Bits(want)) << where << " column_extreme";
        ref.column_arg(max, f.data(), kRows, kStride, kStride, 3, want_best.data(), want_pos.data());
        k->column_arg(max, h, kRows, kStride, kStride, 3, got_best.data(), got_pos.data());
        EXPECT_EQ(Bits(got_best), Bits(want_best)) << where << " column_arg";
        EXPECT_EQ(got_pos, want_pos) << where << " column_arg";
      }
      std::vector<float> want_peaks(kStride, -1.0f), got_peaks = want_peaks;
      const bool want_ok = ref.column_max(f.data(), kRows, kStride, kStride, want_peaks.data());
      EXPECT_EQ(k->column_max(h, kRows, kStride, kStride, got_peaks.data()), want_ok) << where;
      if (want_ok) {
        EXPECT_EQ(Bits(got_peaks), Bits(want_peaks)) << where << " column_max";
      }
      if (kind == Values::kFinite) {  // the exp kernels' contract: finite maxima at or above every element
        std::vector<float> m(kStride, 1024.0f);
        std::vector<double> want_c(kStride, 0.0), got_c = want_c;
        EXPECT_EQ(k->row_exp(h, kStride * kRows, 1024.0f, {}), ref.row_exp(f.data(), kStride * kRows, 1024.0f, {}))
            << where << " row_exp";
        ref.column_exp(f.data(), kRows, kStride, kStride, m.data(), want_c.data(), {});
        k->column_exp(h, kRows, kStride, kStride, m.data(), got_c.data(), {});
        EXPECT_EQ(got_c, want_c) << where << " column_exp";
      }
    }
  }
}

struct Layout {
  const char* name;
  std::vector<uint32_t> sizes;
  std::vector<uint32_t> axes;
};

// Which data keeps a function's result independent of the order of accumulation.
Values ExactValuesFor(ReduceFunction f) {
  switch (f) {
    case ReduceFunction::kSum:
    case ReduceFunction::kL1:
    case ReduceFunction::kAverage:
    case ReduceFunction::kLogSum:
    case ReduceFunction::kLogSumExp: return Values::kFinite;
    case ReduceFunction::kSumSquare:
    case ReduceFunction::kL2:
    case ReduceFunction::kMultiply: return Values::kSmall;
    default: return Values::kAnything;
  }
}

// A run's sixteen smallest subnormals (2^-24 each) join a lane that holds 8200 * 65504, past 2^29, where
// double's step is 2^-23: one by one each is a tie that rounds away, as one run they add 2^-20 exactly.
// The FLOAT32 kernels on the same values add them one by one and lose them. The last run of bigs holds
// eight tinies too: summing a run in float without splitting its elements would lose those.
TEST(CpuReduceHalfKernels, SumsAddEachRunOfSixteenExactly) {
  constexpr uint64_t kBig = 8200;
  const uint16_t big = ops::FloatToHalf(65504.0f), tiny = 0x0001;
  std::vector<uint16_t> row((kBig + kRun) * kLanes, 0);  // lane 0: kBig bigs, then a run of tinies
  for (uint64_t i = 0; i < kBig + kRun; ++i) row[i * kLanes] = i < kBig ? big : tiny;
  std::vector<uint16_t> negative = row;  // L1 of the negated values: the same sums
  for (uint16_t& v : negative) v = v == 0 ? 0 : static_cast<uint16_t>(v | 0x8000);
  const double exact = kBig * 65504.0 + 0x1p-20, rounded = kBig * 65504.0;
  ASSERT_NE(exact, rounded);
  const auto* h = reinterpret_cast<const Half*>(row.data());
  const std::vector<float> f = Widened(row);
  for (const auto& [k, float_set] : HalfKernelSets()) {
    EXPECT_EQ(k->row(Accumulate::kSum, h, row.size()), exact) << k->name;
    EXPECT_EQ(k->row(Accumulate::kAbs, reinterpret_cast<const Half*>(negative.data()), row.size()), exact) << k->name;
    EXPECT_EQ(float_set->row(Accumulate::kSum, f.data(), f.size()), rounded) << k->name;
  }
}

// Infinities and NaN in runs: a run holding an infinity sums to it (its low part would be NaN: inf -
// inf), +inf and -inf in one lane make NaN, and so does a NaN before an infinity; L1 takes magnitudes.
// Each in a whole block of kLanes * kRun elements and in the short block after it.
TEST(CpuReduceHalfKernels, RunsKeepInfinitiesAndNaN) {
  const uint16_t inf = 0x7C00, minus_inf = 0xFC00, nan = 0x7E00, one = ops::FloatToHalf(1.0f);
  constexpr uint64_t kBlock = kLanes * kRun, kN = kBlock + 40;
  struct Row {
    const char* what;
    std::vector<std::pair<uint64_t, uint16_t>> planted;  // (position, bits)
    double sum, l1;  // expected; NaN: any NaN
  };
  const double kNan = std::numeric_limits<double>::quiet_NaN(), kInf = std::numeric_limits<double>::infinity();
  const Row rows[] = {
      {"+inf in a whole block", {{3 + 5 * kLanes, inf}}, kInf, kInf},
      {"-inf in the short block", {{kBlock + 20, minus_inf}}, -kInf, kInf},
      {"+inf and -inf in one lane's run", {{7, inf}, {7 + 2 * kLanes, minus_inf}}, kNan, kInf},
      {"+inf and -inf in one lane, two blocks", {{7, inf}, {7 + kBlock, minus_inf}}, kNan, kInf},
      {"NaN, then +inf in its lane", {{9, nan}, {9 + kLanes, inf}}, kNan, kNan},
  };
  for (const Row& r : rows) {
    std::vector<uint16_t> x(kN, one);
    for (const auto& [at, bits] : r.planted) x[at] = bits;
    const auto* h = reinterpret_cast<const Half*>(x.data());
    for (const auto& [k, float_set] : HalfKernelSets()) {
      for (const auto& [a, want] : {std::pair{Accumulate::kSum, r.sum}, std::pair{Accumulate::kAbs, r.l1}}) {
        const double got = k->row(a, h, kN);
        if (want != want) {
          EXPECT_TRUE(got != got) << k->name << " " << r.what << ": " << got;
        } else {
          EXPECT_EQ(got, want) << k->name << " " << r.what;
        }
      }
    }
  }
}

// Column sums and L1 sums, which the AVX-512 set adds as runs of kRun rows: every column's sum is exact
// in double here (as in the callers' tiles), so each set must give the exact value. A run holding
// 65504 and 2^-24s, or 2048 and 2^-20s, loses the small ones when summed in float unsplit; rows cut the
// runs and the groups of four rows (1, 15, 16, 17, 37), columns a vector and its tail (37) or more than
// the AVX-512 kernel's strip of 1024 (1037), the sums start from acc[c] = 0.5, and the accumulators past
// the last column must stay as they are.
TEST(CpuReduceHalfKernels, ColumnSumsAreExactAcrossRunsAndGroups) {
  constexpr uint64_t kGuards = 8;
  constexpr double kGuard = 123.0;
  const uint16_t big = ops::FloatToHalf(65504.0f), tiny = 0x0001, mid = ops::FloatToHalf(2048.0f),
                 small = ops::FloatToHalf(0x1p-20f);
  const std::pair<uint64_t, uint64_t> shapes[] = {{1, 37}, {15, 37}, {16, 37}, {17, 37}, {37, 37}, {17, 1037}};
  for (const auto& [rows, columns] : shapes) {
    const uint64_t stride = columns + 3;
    std::vector<uint16_t> x(rows * stride, 0);
    std::vector<double> exact(columns + kGuards, 0.5), magnitudes = exact;
    for (uint64_t r = 0; r < rows; ++r) {
      for (uint64_t c = 0; c < columns; ++c) {
        const bool lead = r % 5 == c % 5;  // a big value now and then, small ones around it
        const uint16_t v = c % 2 == 0 ? (lead ? big : tiny) : (lead ? mid : small);
        const uint16_t signed_v = (r + c) % 3 == 0 ? static_cast<uint16_t>(v | 0x8000) : v;
        x[r * stride + c] = signed_v;
        exact[c] += ops::HalfToFloat(signed_v);  // exact: every partial sum fits in double
        magnitudes[c] += std::fabs(ops::HalfToFloat(signed_v));
      }
    }
    std::fill(exact.begin() + static_cast<std::ptrdiff_t>(columns), exact.end(), kGuard);
    std::fill(magnitudes.begin() + static_cast<std::ptrdiff_t>(columns), magnitudes.end(), kGuard);
    const auto* h = reinterpret_cast<const Half*>(x.data());
    for (const auto& [k, float_set] : HalfKernelSets()) {
      std::vector<double> sums(columns + kGuards, 0.5);
      std::fill(sums.begin() + static_cast<std::ptrdiff_t>(columns), sums.end(), kGuard);
      std::vector<double> l1 = sums;
      k->column(Accumulate::kSum, h, rows, stride, columns, sums.data());
      k->column(Accumulate::kAbs, h, rows, stride, columns, l1.data());
      EXPECT_EQ(sums, exact) << k->name << " " << rows << " x " << columns;
      EXPECT_EQ(l1, magnitudes) << k->name << " " << rows << " x " << columns;
    }
  }
}

// Infinities and NaN in column runs, as RunsKeepInfinitiesAndNaN along rows: a run holding an infinity
// sums to it, +inf and -inf in one column make NaN (in one run and in two), so does a NaN before an
// infinity; L1 takes magnitudes. 21 rows: a whole run and a short one.
TEST(CpuReduceHalfKernels, ColumnRunsKeepInfinitiesAndNaN) {
  const uint16_t inf = 0x7C00, minus_inf = 0xFC00, nan = 0x7E00, one = ops::FloatToHalf(1.0f);
  constexpr uint64_t kRows = kRun + 5, kColumns = 20;
  const double kNan = std::numeric_limits<double>::quiet_NaN(), kInf = std::numeric_limits<double>::infinity();
  struct Planted {
    uint64_t column;
    std::vector<std::pair<uint64_t, uint16_t>> rows;  // (row, bits)
    double sum, l1;  // expected; NaN: any NaN
  };
  const Planted planted[] = {
      {1, {{5, inf}}, kInf, kInf},
      {3, {{kRun + 2, minus_inf}}, -kInf, kInf},
      {6, {{0, inf}, {9, minus_inf}}, kNan, kInf},
      {17, {{2, inf}, {kRun + 1, minus_inf}}, kNan, kInf},
      {19, {{4, nan}, {kRun, inf}}, kNan, kNan},
  };
  std::vector<uint16_t> x(kRows * kColumns, one);
  for (const Planted& p : planted) {
    for (const auto& [r, bits] : p.rows) x[r * kColumns + p.column] = bits;
  }
  const auto* h = reinterpret_cast<const Half*>(x.data());
  for (const auto& [k, float_set] : HalfKernelSets()) {
    for (const auto& [a, is_l1] : {std::pair{Accumulate::kSum, false}, std::pair{Accumulate::kAbs, true}}) {
      std::vector<double> got(kColumns, 0.0);
      k->column(a, h, kRows, kColumns, kColumns, got.data());
      for (uint64_t c = 0; c < kColumns; ++c) {
        double want = static_cast<double>(kRows);
        for (const Planted& p : planted) {
          if (p.column == c) want = is_l1 ? p.l1 : p.sum;
        }
        if (want != want) {
          EXPECT_TRUE(got[c] != got[c]) << k->name << " column " << c << ": " << got[c];
        } else {
          EXPECT_EQ(got[c], want) << k->name << " column " << c;
        }
      }
    }
  }
}

// FLOAT16 REDUCE on cpu (1 and 3 threads; in place and at an odd address) against plain.
TEST(CpuReduceHalf, EveryFunctionAndLayoutMatchesThePlainBackend) {
  const Layout layouts[] = {
      {"rows", {37, 300}, {1}},
      {"long rows in blocks", {2, 20000}, {1}},
      {"tall columns in tiles", {1500, 33}, {0}},
      {"wide columns in strips", {20, 2100}, {0}},
      {"columns under a kept axis", {3, 200, 45}, {1}},
  };
  for (ReduceFunction f : ops::kAllReduceFunctions) {
    for (const Layout& layout : layouts) {
      const std::string where = std::string(ops::ReduceFunctionName(f)) + " " + layout.name;
      std::vector<uint32_t> out_sizes = layout.sizes;
      for (uint32_t a : layout.axes) out_sizes[a] = 1;
      const ops::TensorDesc in_desc = Desc(DataType::kFloat16, layout.sizes);
      const uint64_t n = ops::ElementCount(in_desc.Sizes).value();
      const Tensor in = MakeRawTensor(in_desc, RandomHalves(n, 23, ExactValuesFor(f)));
      const DataType out_type = ops::IsArgReduce(f) ? DataType::kUint32 : DataType::kFloat16;
      const ops::ReduceDesc desc{f, in_desc, Desc(out_type, out_sizes), layout.axes};
      Tensor want = MakeOutput(desc.OutputTensor);
      ASSERT_TRUE(RunOnPlain(desc, {&in}, {&want}).ok()) << where;
      // Equal bits, except that a NaN result may carry another NaN's payload (the reference promises NaN,
      // not which); LOG_SUM_EXP within one half ulp.
      const auto expect_agree = [&](const Tensor& got, const std::string& how) {
        if (ops::IsArgReduce(f)) {
          EXPECT_EQ(got.bytes, want.bytes) << where << how;
          return;
        }
        const std::vector<uint16_t> g = ReadRaw<uint16_t>(got), w = ReadRaw<uint16_t>(want);
        for (size_t i = 0; i < g.size(); ++i) {
          if (std::isnan(ops::HalfToFloat(w[i]))) {
            EXPECT_TRUE(std::isnan(ops::HalfToFloat(g[i]))) << where << how << " " << i;
          } else if (f == ReduceFunction::kLogSumExp) {
            EXPECT_LE(std::abs(int{g[i]} - int{w[i]}), 1) << where << how << " " << i;
          } else {
            EXPECT_EQ(g[i], w[i]) << where << how << " " << i;
          }
        }
      };
      for (int threads : {1, 3}) {
        Tensor got = MakeOutput(desc.OutputTensor);
        ASSERT_TRUE(RunOnCpu(desc, {&in}, {&got}, threads).ok()) << where;
        expect_agree(got, " threads " + std::to_string(threads));
      }
      // The same input one byte into a buffer: not aligned for FLOAT16, so widened for the float kernels.
      std::vector<std::byte> storage(in.bytes.size() + 1);
      std::copy(in.bytes.begin(), in.bytes.end(), storage.begin() + 1);
      cpu::CpuBackend backend(2);
      auto op = backend.Prepare(desc);
      ASSERT_TRUE(op.ok()) << where;
      Tensor got = MakeOutput(desc.OutputTensor);
      const std::vector<ConstBuffer> inputs{ConstBuffer(storage.data() + 1, in.bytes.size())};
      const std::vector<MutableBuffer> outputs{MutableBuffer(got.bytes)};
      ASSERT_TRUE((*op)->Execute(inputs, outputs).ok()) << where;
      expect_agree(got, " misaligned");
    }
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
