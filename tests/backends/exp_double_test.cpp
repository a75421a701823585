// ExpDouble (backends/cpu/exp_double.h), the exp behind REDUCE LOG_SUM_EXP's fast paths: within 2 ulp of
// std::exp everywhere (grid, random and boundary arguments), exact special values, and the AVX2 exp
// kernels bit-equal to the portable ones on adversarial inputs (infinities, NaN, subnormals, huge values).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "backends/cpu/exp_double.h"
#include "backends/cpu/reduce_simd.h"

namespace dmlc::backends::testing {
namespace {

using cpu::simd::ExpDouble;
using cpu::simd::kLanes;
using cpu::simd::ReduceKernels;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr float kFloatInf = std::numeric_limits<float>::infinity();

// Distance in ulps between two non-negative results: their bit patterns are ordered like their values,
// across binades and into the subnormals. Infinity and NaN count only as themselves.
double UlpDistance(double got, double want) {
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got) ? 0 : kInf;
  if (std::isinf(want) || std::isinf(got)) return got == want ? 0 : kInf;
  const int64_t d = std::bit_cast<int64_t>(got) - std::bit_cast<int64_t>(want);  // no overflow: both >= 0
  return static_cast<double>(d < 0 ? -d : d);
}

// The largest distance over `ts`, and the argument where it occurs.
std::pair<double, double> WorstUlps(const std::vector<double>& ts) {
  std::pair<double, double> worst{0, 0};
  for (double t : ts) {
    const double d = UlpDistance(ExpDouble(t), std::exp(t));
    if (d > worst.first) worst = {d, t};
  }
  return worst;
}

TEST(CpuExpDouble, WithinTwoUlpOfStdExpOnAGridFromUnderflowToOverflow) {
  // Every result class: zero (below -745.13), subnormal, normal, and +inf (above 709.78).
  std::vector<double> ts;
  for (double t = -746.5; t < 711; t += 0.000731) ts.push_back(t);
  const auto [ulps, at] = WorstUlps(ts);
  EXPECT_LE(ulps, 2) << "t=" << at;
}

TEST(CpuExpDouble, WithinTwoUlpOfStdExpOnRandomArguments) {
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> wide(-750, 712), exponent(-60, 0);
  std::vector<double> ts;
  for (int i = 0; i < 500000; ++i) {
    ts.push_back(wide(rng));
    const double small = std::exp2(exponent(rng));  // |t| from 2^-60 to 1: the reduction's r is t itself
    ts.push_back(i % 2 == 0 ? small : -small);
  }
  const auto [ulps, at] = WorstUlps(ts);
  EXPECT_LE(ulps, 2) << "t=" << at;
}

TEST(CpuExpDouble, BoundariesAndSpecialValues) {
  // Around the main range's edges, the last normal and the last subnormal result, and overflow.
  std::vector<double> ts;
  for (double edge : {-708.0, 708.0, -708.3964185322641, -745.1332191019411, 709.782712893384}) {
    double t = edge;
    for (int i = 0; i < 200; ++i) t = std::nextafter(t, -kInf);
    for (int i = 0; i < 400; ++i, t = std::nextafter(t, kInf)) ts.push_back(t);
  }
  const auto [ulps, at] = WorstUlps(ts);
  EXPECT_LE(ulps, 2) << "t=" << at;

  EXPECT_EQ(ExpDouble(0.0), 1.0);
  EXPECT_EQ(ExpDouble(-0.0), 1.0);
  EXPECT_EQ(ExpDouble(std::numeric_limits<double>::denorm_min()), 1.0);
  EXPECT_EQ(ExpDouble(-kInf), 0.0);
  EXPECT_FALSE(std::signbit(ExpDouble(-kInf)));
  EXPECT_EQ(ExpDouble(-746.0), 0.0);
  EXPECT_EQ(ExpDouble(-1e300), 0.0);
  EXPECT_EQ(ExpDouble(kInf), kInf);
  EXPECT_EQ(ExpDouble(709.79), kInf);
  EXPECT_EQ(ExpDouble(1e300), kInf);
  EXPECT_TRUE(std::isnan(ExpDouble(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_EQ(ExpDouble(-745.0), std::exp(-745.0));  // 4.9e-324, the smallest subnormal
  EXPECT_EQ(ExpDouble(1.0), std::exp(1.0));
}

// Adversarial floats for the exp kernels: each with the maximum of its row as m where that is finite.
std::vector<float> AdversarialFloats() {
  std::vector<float> x = {0.0f, -0.0f, 1.0f, -1.0f, 3e38f, -3e38f, std::numeric_limits<float>::max(),
                          std::numeric_limits<float>::lowest(), std::numeric_limits<float>::denorm_min(),
                          -std::numeric_limits<float>::denorm_min(), 1e-40f, -kFloatInf, kFloatInf,
                          std::numeric_limits<float>::quiet_NaN(), -707.9f, -708.1f, -745.2f, -746.0f,
                          708.5f, 709.9f, 88.7f, -103.9f};
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-800, 50);
  while (x.size() < 301) x.push_back(u(rng));
  return x;
}

bool BitEqual(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

TEST(CpuExpDouble, ExpKernelsAreBitEqualAcrossKernelSetsOnAdversarialInputs) {
  const ReduceKernels& portable = cpu::simd::PortableReduceKernels();
  const ReduceKernels* avx2 = cpu::simd::Avx2ReduceKernels();
  if (avx2 == nullptr) GTEST_SKIP() << "this CPU has no AVX2+FMA: only the portable kernels exist";
  const std::vector<float> x = AdversarialFloats();
  // Rows: every start offset and length mixes vector blocks, blocks with out-of-range lanes and tails.
  for (double m : {0.0, 50.0, 709.9, -745.2, 3e38, -3e38}) {
    for (size_t begin : {size_t{0}, size_t{5}, size_t{13}}) {
      for (size_t n : {size_t{1}, size_t{16}, size_t{33}, x.size() - begin}) {
        std::vector<double> a(kLanes, 0.25), b(kLanes, 0.25);
        portable.row_exp(x.data() + begin, n, m, a.data());
        avx2->row_exp(x.data() + begin, n, m, b.data());
        EXPECT_TRUE(BitEqual(a, b)) << "m=" << m << " begin=" << begin << " n=" << n;
      }
    }
  }
  // Columns: per-column maxima from the same adversarial set, shifted so each column differs.
  std::vector<float> maxima(x.size());
  for (size_t c = 0; c < x.size(); ++c) maxima[c] = x[(c * 7 + 3) % x.size()];
  for (size_t n : {size_t{3}, size_t{4}, size_t{37}, x.size()}) {
    std::vector<double> a(n, 1.5), b(n, 1.5);
    portable.column_exp(x.data(), n, maxima.data(), a.data());
    avx2->column_exp(x.data(), n, maxima.data(), b.data());
    EXPECT_TRUE(BitEqual(a, b)) << "n=" << n;
  }
}

TEST(CpuExpDouble, ExpKernelsAddExpDoubleIntoTheLanes) {
  // lanes[k % 16] += exp(x[k] - m): with 17 elements lane 0 gets x[0] and x[16] in that order.
  std::vector<float> x(17);
  for (size_t k = 0; k < x.size(); ++k) x[k] = -0.5f * static_cast<float>(k);
  for (const ReduceKernels* k : {&cpu::simd::PortableReduceKernels(), cpu::simd::Avx2ReduceKernels()}) {
    if (k == nullptr) continue;
    std::vector<double> lanes(kLanes, 0.0);
    k->row_exp(x.data(), x.size(), 1.0, lanes.data());
    EXPECT_EQ(lanes[0], ExpDouble(-1.0) + ExpDouble(-9.0)) << k->name;
    EXPECT_EQ(lanes[5], ExpDouble(-3.5)) << k->name;
    std::vector<double> acc(3, 2.0);
    const float m[3] = {0, -kFloatInf, 1};
    k->column_exp(x.data(), 3, m, acc.data());
    EXPECT_EQ(acc[0], 2.0 + ExpDouble(0.0)) << k->name;
    EXPECT_EQ(acc[2], 2.0 + ExpDouble(-2.0)) << k->name;
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
