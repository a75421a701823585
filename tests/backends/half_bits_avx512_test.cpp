// The AVX-512 FLOAT16 row_extreme and find on bit patterns (backends/cpu/half_bits_avx512.h), as the
// AVX-512 Half kernel set hands them out, against a
// scalar loop over the widened halves, on rows built to reach each branch of the bit rule: only
// positive, only negative, mixed signs, zeros of both signs, subnormals, infinities, NaNs of either sign
// (the second pass), nothing but NaN; every length from 1 to 200, so the 64-element steps and every tail.
#include <gtest/gtest.h>

#include <bit>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "backends/cpu/reduce_simd.h"
#include "ops/float16.h"

namespace dmlc::backends::testing {
namespace {

using cpu::Half;

// The kernels as the AVX-512 Half set hands them out; nullptr without AVX-512.
const cpu::simd::HalfReduceKernels* Avx512() { return cpu::simd::Avx512ReduceKernels<Half>(); }

// What the row is drawn from.
enum class Mix {
  kPositive, kNegative, kBothSigns, kZeros,
  kNegativeZeroAmongPositives, kPositiveZeroAmongNegatives,  // the one zero is the minimum (maximum)
  kWithPositiveNaN, kWithNegativeNaN, kOnlyNaN
};

uint16_t Draw(std::mt19937& rng, Mix mix) {
  const auto number = [&] {  // any non-NaN magnitude: subnormals, normals, infinity
    uint16_t m;
    do m = static_cast<uint16_t>(rng() & 0x7fff); while (m > 0x7c00);
    return m;
  };
  const uint16_t sign = (rng() & 1) != 0 ? 0x8000 : 0;
  const uint16_t nan = static_cast<uint16_t>(0x7c01 + rng() % 0x3ff);
  switch (mix) {
    case Mix::kPositive: return number();
    case Mix::kNegative: return static_cast<uint16_t>(number() | 0x8000);
    case Mix::kBothSigns: return static_cast<uint16_t>(number() | sign);
    case Mix::kZeros: return rng() % 4 == 0 ? static_cast<uint16_t>(number() | sign) : sign;
    case Mix::kNegativeZeroAmongPositives: return rng() % 4 == 0 ? uint16_t{0x8000} : number();
    case Mix::kPositiveZeroAmongNegatives: return rng() % 4 == 0 ? uint16_t{0} : static_cast<uint16_t>(number() | 0x8000);
    case Mix::kWithPositiveNaN: return rng() % 16 == 0 ? nan : static_cast<uint16_t>(number() | sign);
    case Mix::kWithNegativeNaN: return rng() % 16 == 0 ? static_cast<uint16_t>(nan | 0x8000) : static_cast<uint16_t>(number() | sign);
    case Mix::kOnlyNaN: return static_cast<uint16_t>(nan | sign);
  }
  return 0;
}

struct Scalar {
  float value;
  bool nan;
};

// The contract's answer: the extreme of the numbers (+-inf without any), and whether a NaN was seen.
Scalar ScalarExtreme(bool max, const std::vector<uint16_t>& x) {
  Scalar s{max ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity(), false};
  for (uint16_t h : x) {
    const float v = ops::HalfToFloat(h);
    s.nan = s.nan || v != v;
    if (max ? v > s.value : v < s.value) s.value = v;
  }
  return s;
}

uint64_t ScalarFind(const std::vector<uint16_t>& x, float v) {
  for (uint64_t k = 0; k < x.size(); ++k) {
    const float e = ops::HalfToFloat(x[k]);
    if (e == v || (v != v && e != e)) return k;
  }
  return x.size();
}

TEST(CpuHalfBitsAvx512, RowExtremeAndFindMatchAScalarLoopOnEveryKindOfRow) {
  if (Avx512() == nullptr) GTEST_SKIP() << "no AVX-512 on this CPU";
  std::mt19937 rng(5);
  for (Mix mix : {Mix::kPositive, Mix::kNegative, Mix::kBothSigns, Mix::kZeros, Mix::kNegativeZeroAmongPositives,
                  Mix::kPositiveZeroAmongNegatives, Mix::kWithPositiveNaN, Mix::kWithNegativeNaN, Mix::kOnlyNaN}) {
    for (uint64_t n = 1; n <= 200; ++n) {
      std::vector<uint16_t> x(n);
      for (auto& h : x) h = Draw(rng, mix);
      const auto* halves = reinterpret_cast<const Half*>(x.data());
      const std::string where = "mix " + std::to_string(static_cast<int>(mix)) + " n " + std::to_string(n);
      for (bool max : {false, true}) {
        const Scalar want = ScalarExtreme(max, x);
        bool nan = !want.nan;
        const float got = Avx512()->row_extreme(max, halves, n, &nan);
        EXPECT_EQ(nan, want.nan) << where;
        // Which zero comes back is open; any other value to the bit.
        if (want.value == 0) {
          EXPECT_EQ(got, 0.0f) << where << " max " << max;
        } else {
          EXPECT_EQ(std::bit_cast<uint32_t>(got), std::bit_cast<uint32_t>(want.value)) << where << " max " << max;
        }
      }
      const float absent_from_half = 1.0f + 0x1p-20f;  // between two halves
      for (float v : {ops::HalfToFloat(x[rng() % n]), ops::HalfToFloat(x[n - 1]), 0.0f, -0.0f,
                      std::numeric_limits<float>::quiet_NaN(), absent_from_half, 65504.0f}) {
        EXPECT_EQ(Avx512()->find(halves, n, v), ScalarFind(x, v)) << where << " find " << v;
      }
    }
  }
}

TEST(CpuHalfBitsAvx512, AnEmptyRowGivesTheContractsInfinity) {
  if (Avx512() == nullptr) GTEST_SKIP() << "no AVX-512 on this CPU";
  bool nan = true;
  EXPECT_EQ(Avx512()->row_extreme(true, nullptr, 0, &nan), -std::numeric_limits<float>::infinity());
  EXPECT_FALSE(nan);
  nan = true;
  EXPECT_EQ(Avx512()->row_extreme(false, nullptr, 0, &nan), std::numeric_limits<float>::infinity());
  EXPECT_FALSE(nan);
  EXPECT_EQ(Avx512()->find(nullptr, 0, 1.0f), 0u);
}

}  // namespace
}  // namespace dmlc::backends::testing
