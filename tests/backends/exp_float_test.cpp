// ExpOfDifference (backends/cpu/exp_float.h), the exp behind REDUCE LOG_SUM_EXP's fast paths: within
// 1 ulp of the correctly rounded exp(x - m) and within kExpOfDifferenceMaxError of it, also where x - m
// rounds in float; exact at the maximum and 0 below the floor; and the AVX2 exp kernels bit-equal to the
// portable ones and adding the terms in the documented lane order.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "backends/cpu/exp_float.h"
#include "backends/cpu/reduce_simd.h"

namespace dmlc::backends::testing {
namespace {

using cpu::simd::ExpOfDifference;
using cpu::simd::kExpOfDifferenceFloor;
using cpu::simd::kExpOfDifferenceMaxError;
using cpu::simd::kLanes;
using cpu::simd::ReduceKernels;

constexpr float kFloatInf = std::numeric_limits<float>::infinity();

struct Worst {
  double relative = 0;  // against exp(x - m) in double (x - m is exact in double for these arguments)
  int64_t ulps = 0;     // against that value rounded to float
  float x = 0, m = 0;
};

// Checks pairs (x, m), x <= m, whose difference is at or above the floor.
Worst Measure(const std::vector<std::pair<float, float>>& pairs) {
  Worst w;
  for (const auto& [x, m] : pairs) {
    const double exact = std::exp(static_cast<double>(x) - static_cast<double>(m));
    const float got = ExpOfDifference(x, m);
    const double relative = std::fabs(got - exact) / exact;
    const int64_t ulps = std::bit_cast<int32_t>(got) - std::bit_cast<int32_t>(static_cast<float>(exact));
    if (relative > w.relative) w = {relative, std::max(w.ulps, std::abs(ulps)), x, m};
    w.ulps = std::max(w.ulps, std::abs(ulps));
  }
  return w;
}

TEST(CpuExpOfDifference, WithinOneUlpOnAGridOfDifferencesDownToTheFloor) {
  std::vector<std::pair<float, float>> pairs;
  for (float t = kExpOfDifferenceFloor + 0.5f; t <= 0; t += 0.0001371f) pairs.push_back({t, 0.0f});
  for (float t = kExpOfDifferenceFloor + 0.5f; t <= 0; t += 0.0003713f) pairs.push_back({t - 3.25f, -3.25f});
  const Worst w = Measure(pairs);
  EXPECT_LE(w.ulps, 1) << "x=" << w.x << " m=" << w.m;
  EXPECT_LE(w.relative, kExpOfDifferenceMaxError) << "x=" << w.x << " m=" << w.m;
}

// Random maxima up to 2^20 in magnitude: there x - m rounds in float (by up to 0.03 at 2^20, an error of
// 3% in the term), and only the exact TwoSum difference keeps the terms accurate.
TEST(CpuExpOfDifference, WithinOneUlpWhereTheDifferenceRoundsInFloat) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> exponent(-20, 20), difference(kExpOfDifferenceFloor, 0);
  std::vector<std::pair<float, float>> pairs;
  while (pairs.size() < 2000000) {
    const float m = (pairs.size() % 2 ? 1.0f : -1.0f) * std::exp2(exponent(rng));
    const float x = m + difference(rng);
    if (x <= m && static_cast<double>(x) - m >= kExpOfDifferenceFloor) pairs.push_back({x, m});
  }
  const Worst w = Measure(pairs);
  EXPECT_LE(w.ulps, 1) << "x=" << w.x << " m=" << w.m;
  EXPECT_LE(w.relative, kExpOfDifferenceMaxError) << "x=" << w.x << " m=" << w.m;
}

TEST(CpuExpOfDifference, ExactAtTheMaximumAndZeroBelowTheFloor) {
  for (float m : {0.0f, -0.0f, 1.0f, -87.5f, 3e38f, -3e38f, 1e-40f}) EXPECT_EQ(ExpOfDifference(m, m), 1.0f) << m;
  EXPECT_EQ(ExpOfDifference(-kFloatInf, 0.0f), 0.0f);
  EXPECT_EQ(ExpOfDifference(-kFloatInf, -3e38f), 0.0f);
  EXPECT_EQ(ExpOfDifference(-3e38f, 3e38f), 0.0f);  // x - m overflows to -inf
  EXPECT_EQ(ExpOfDifference(-87.01f, 0.0f), 0.0f);
  EXPECT_EQ(ExpOfDifference(-1000.0f, 0.0f), 0.0f);
  const float last = ExpOfDifference(kExpOfDifferenceFloor, 0.0f);  // the smallest term: still normal
  EXPECT_GE(last, std::numeric_limits<float>::min());
  EXPECT_NEAR(last, std::exp(static_cast<double>(kExpOfDifferenceFloor)), 1e-7 * last);
}

// Adversarial rows for the exp kernels: -inf, huge, tiny and subnormal values, differences across the
// floor, random values; each set with its maximum.
std::vector<float> AdversarialFloats(float shift) {
  std::vector<float> x = {0.0f, -0.0f, 1.0f, -1.0f, -3e38f, std::numeric_limits<float>::lowest(),
                          std::numeric_limits<float>::denorm_min(), -std::numeric_limits<float>::denorm_min(),
                          1e-40f, -kFloatInf, -86.99f, -87.0f, -87.01f, -103.9f, -0.5f};
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-100, 0);
  while (x.size() < 301) x.push_back(u(rng));
  for (float& v : x) v += shift;
  return x;
}

bool BitEqual(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

TEST(CpuExpOfDifference, ExpKernelsAreBitEqualAcrossKernelSetsOnAdversarialInputs) {
  const ReduceKernels& portable = cpu::simd::PortableReduceKernels<float>();
  std::vector<const ReduceKernels*> vector_sets;  // AVX2 and AVX-512, where the CPU has them
  for (const ReduceKernels* k : {cpu::simd::Avx2ReduceKernels<float>(), cpu::simd::Avx512ReduceKernels<float>()}) {
    if (k != nullptr) vector_sets.push_back(k);
  }
  if (vector_sets.empty()) GTEST_SKIP() << "this CPU has no AVX2+FMA: only the portable kernels exist";
  for (float shift : {0.0f, 50.0f, -1e6f, 3e38f}) {
    const std::vector<float> x = AdversarialFloats(shift);
    float m = -kFloatInf;
    for (float v : x) m = std::max(m, v);
    // Rows: every start offset and length mixes vector blocks and tails.
    for (size_t begin : {size_t{0}, size_t{5}, size_t{13}}) {
      for (size_t n : {size_t{1}, size_t{16}, size_t{33}, x.size() - begin}) {
        const double a = portable.row_exp(x.data() + begin, n, m, {});
        for (const ReduceKernels* k : vector_sets) {
          const double b = k->row_exp(x.data() + begin, n, m, {});
          EXPECT_TRUE(BitEqual({a}, {b})) << k->name << " shift=" << shift << " begin=" << begin << " n=" << n;
        }
      }
    }
    // Columns: 1 to 5 rows (pairs and a single), each column's maximum at or above its elements, by
    // differences that cross the floor. Row r starts r * 7 floats on, so rows overlap and mix elements.
    for (size_t rows : {size_t{1}, size_t{2}, size_t{5}}) {
      const size_t stride = 7;
      for (size_t n : {size_t{3}, size_t{8}, size_t{37}, x.size() - (rows - 1) * stride}) {
        std::vector<float> maxima(n, -kFloatInf);
        for (size_t r = 0; r < rows; ++r) {
          for (size_t c = 0; c < n; ++c) {
            maxima[c] = std::max({maxima[c], x[r * stride + c], x[(c * 7 + 3) % x.size()]});
          }
        }
        std::vector<double> a(n, 1.5);
        portable.column_exp(x.data(), rows, stride, n, maxima.data(), a.data(), {});
        for (const ReduceKernels* k : vector_sets) {
          std::vector<double> b(n, 1.5);
          k->column_exp(x.data(), rows, stride, n, maxima.data(), b.data(), {});
          EXPECT_TRUE(BitEqual(a, b)) << k->name << " shift=" << shift << " rows=" << rows << " n=" << n;
        }
      }
    }
  }
}

TEST(CpuExpOfDifference, ExpKernelsAddTheTermsIntoTheLanes) {
  // lanes[k % 16] += exp(x[k] - m), folded by CombineLanes: with 17 elements lane 0 gets x[0] and x[16] in
  // that order.
  std::vector<float> x(17);
  for (size_t k = 0; k < x.size(); ++k) x[k] = -0.5f * static_cast<float>(k);
  for (const ReduceKernels* k : {&cpu::simd::PortableReduceKernels<float>(), cpu::simd::Avx2ReduceKernels<float>(),
                                 cpu::simd::Avx512ReduceKernels<float>()}) {
    if (k == nullptr) continue;
    std::vector<double> lanes(kLanes);
    for (size_t j = 0; j < kLanes; ++j) lanes[j] = ExpOfDifference(x[j], 1.0f);
    lanes[0] += ExpOfDifference(x[16], 1.0f);
    EXPECT_NEAR(lanes[5], std::exp(-3.5), 1e-7 * std::exp(-3.5));
    const double total = k->row_exp(x.data(), x.size(), 1.0f, {});
    EXPECT_EQ(total, cpu::simd::CombineLanes(cpu::simd::Accumulate::kSum, lanes.data())) << k->name;
    EXPECT_NEAR(total, std::exp(-1.0) * (1 - std::exp(-8.5)) / (1 - std::exp(-0.5)), 1e-6) << k->name;
    std::vector<double> acc(9, 2.0);
    const float m[9] = {0, 1, 2, 3, 4, 5, 6, 7, -1};
    k->column_exp(x.data(), 1, 0, 9, m, acc.data(), {});
    EXPECT_EQ(acc[0], 2.0 + 1.0) << k->name;
    EXPECT_EQ(acc[2], 2.0 + double{ExpOfDifference(-1.0f, 2.0f)}) << k->name;
    EXPECT_EQ(acc[8], 2.0 + double{ExpOfDifference(-4.0f, -1.0f)}) << k->name;  // the tail
    // Three rows of 5 columns, 4 apart (a pair, then one row): each column adds its rows in row order.
    std::vector<double> rows(5, 0.0);
    const float peak[5] = {0, 0, 0, 0, 0};
    k->column_exp(x.data(), 3, 4, 5, peak, rows.data(), {});
    const auto term = [&](size_t i) { return double{ExpOfDifference(x[i], 0.0f)}; };
    EXPECT_EQ(rows[0], (term(0) + term(4)) + term(8)) << k->name;
    EXPECT_EQ(rows[4], (term(4) + term(8)) + term(12)) << k->name;
    EXPECT_NEAR(rows[1], std::exp(-0.5) + std::exp(-2.5) + std::exp(-4.5), 1e-7) << k->name;
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
