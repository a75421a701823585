#include "ops/float16.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

namespace dmlc::ops {
namespace {

bool IsHalfNaN(uint16_t h) { return (h & 0x7C00) == 0x7C00 && (h & 0x03FF) != 0; }

// Floats that stress rounding: every half's value, its float neighbours, the exact midpoints between
// consecutive halves (and their neighbours), out-of-range values, float subnormals, NaN payloads, and
// a deterministic spread of random bit patterns.
std::vector<float> StressFloats() {
  std::vector<float> out;
  for (uint32_t h = 0; h < 0x7C00; ++h) {
    const float value = portable::HalfToFloat(static_cast<uint16_t>(h));
    const float next = portable::HalfToFloat(static_cast<uint16_t>(h + 1));
    const float midpoint = static_cast<float>((double(value) + double(next)) / 2);  // exact in float
    for (float f : {value, std::nextafter(value, 0.0f), std::nextafter(value, 1e9f), midpoint,
                    std::nextafter(midpoint, 0.0f), std::nextafter(midpoint, 1e9f)}) {
      out.push_back(f);
      out.push_back(-f);
    }
  }
  const float specials[] = {0.0f,
                            65504.0f,
                            65519.996f,
                            65520.0f,
                            65536.0f,
                            1e10f,
                            std::numeric_limits<float>::max(),
                            std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::denorm_min(),
                            std::numeric_limits<float>::min(),
                            std::ldexp(1.0f, -25),
                            std::ldexp(1.0f, -26),
                            std::ldexp(3.0f, -26)};
  for (float f : specials) {
    out.push_back(f);
    out.push_back(-f);
  }
  for (uint32_t bits : {0x7FC00000u, 0x7F800001u, 0x7FBFFFFFu, 0xFFC12345u, 0x7FFFE000u, 0x7F802000u}) {
    out.push_back(std::bit_cast<float>(bits));
  }
  uint64_t state = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 1 << 20; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    out.push_back(std::bit_cast<float>(static_cast<uint32_t>(state >> 32)));
  }
  return out;
}

TEST(Float16, KnownValues) {
  EXPECT_EQ(portable::HalfToFloat(0x3C00), 1.0f);
  EXPECT_EQ(portable::HalfToFloat(0xC000), -2.0f);
  EXPECT_EQ(portable::HalfToFloat(0x7BFF), 65504.0f);
  EXPECT_EQ(portable::HalfToFloat(0x0400), std::ldexp(1.0f, -14));
  EXPECT_EQ(portable::HalfToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(portable::HalfToFloat(0x03FF), std::ldexp(1023.0f, -24));
  EXPECT_EQ(portable::HalfToFloat(0x7C00), std::numeric_limits<float>::infinity());
  EXPECT_EQ(portable::HalfToFloat(0xFC00), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(std::bit_cast<uint32_t>(portable::HalfToFloat(0x8000)), 0x80000000u);
  EXPECT_TRUE(std::isnan(portable::HalfToFloat(0x7E00)));
  EXPECT_TRUE(std::isnan(portable::HalfToFloat(0x7C01)));
}

struct RoundCase {
  float in;
  uint16_t out;
};

TEST(Float16, FloatToHalfRoundsToNearestEven) {
  const RoundCase cases[] = {
      {1.0f, 0x3C00},
      {1.0f + std::ldexp(1.0f, -11), 0x3C00},                          // halfway, to even
      {1.0f + std::ldexp(3.0f, -11), 0x3C02},                          // halfway, to even (up)
      {1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20), 0x3C01},  // just above halfway
      {65504.0f, 0x7BFF},
      {65519.996f, 0x7BFF},  // just below the overflow midpoint
      {65520.0f, 0x7C00},    // the midpoint rounds to infinity
      {1e10f, 0x7C00},
      {-1e10f, 0xFC00},
      {std::ldexp(1.0f, -24), 0x0001},  // smallest subnormal
      {std::ldexp(1.0f, -25), 0x0000},  // halfway to it: even is zero
      {std::nextafter(std::ldexp(1.0f, -25), 1.0f), 0x0001},
      {std::ldexp(3.0f, -25), 0x0002},     // 1.5 units: to even 2
      {std::ldexp(5.0f, -25), 0x0002},     // 2.5 units: to even 2
      {std::ldexp(2047.0f, -25), 0x0400},  // subnormal rounds up to the smallest normal
      {std::ldexp(1.0f, -14), 0x0400},
      {std::numeric_limits<float>::denorm_min(), 0x0000},
      {-std::numeric_limits<float>::denorm_min(), 0x8000},
      {-0.0f, 0x8000},
      {std::numeric_limits<float>::infinity(), 0x7C00},
  };
  for (const RoundCase& c : cases) {
    EXPECT_EQ(portable::FloatToHalf(c.in), c.out) << c.in;
    EXPECT_EQ(FloatToHalf(c.in), c.out) << c.in;
  }
}

TEST(Float16, NaNStaysNaN) {
  for (uint32_t bits : {0x7FC00000u, 0x7F800001u, 0xFFFFFFFFu, 0x7FA00000u}) {
    const uint16_t h = portable::FloatToHalf(std::bit_cast<float>(bits));
    EXPECT_TRUE(IsHalfNaN(h)) << std::hex << bits;
    EXPECT_EQ(h & 0x8000, (bits >> 16) & 0x8000);
  }
  EXPECT_TRUE(IsHalfNaN(DoubleToHalf(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_TRUE(IsHalfNaN(DoubleToHalf(std::bit_cast<double>(0x7FF0000000000001ull))));  // low-payload sNaN
}

TEST(Float16, AllHalvesRoundTripThroughFloat) {
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const uint16_t half = static_cast<uint16_t>(h);
    const uint16_t back = portable::FloatToHalf(portable::HalfToFloat(half));
    if (IsHalfNaN(half)) {
      ASSERT_TRUE(IsHalfNaN(back)) << std::hex << h;
      ASSERT_EQ(back & 0x8000, half & 0x8000);
    } else {
      ASSERT_EQ(back, half) << std::hex << h;
      ASSERT_EQ(DoubleToHalf(portable::HalfToFloat(half)), half) << std::hex << h;
    }
  }
}

TEST(Float16, F16CAgreesWithPortableOnAllHalves) {
  if (!HasF16C()) GTEST_SKIP() << "CPU without F16C";
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const uint16_t half = static_cast<uint16_t>(h);
    ASSERT_EQ(std::bit_cast<uint32_t>(f16c::HalfToFloat(half)), std::bit_cast<uint32_t>(portable::HalfToFloat(half)))
        << std::hex << h;
  }
}

TEST(Float16, F16CAgreesWithPortableOnStressFloats) {
  if (!HasF16C()) GTEST_SKIP() << "CPU without F16C";
  for (float f : StressFloats()) {
    ASSERT_EQ(f16c::FloatToHalf(f), portable::FloatToHalf(f)) << std::hex << std::bit_cast<uint32_t>(f);
  }
}

TEST(Float16, DoubleToHalfAgreesWithFloatPathOnFloats) {
  // A float converts to double exactly, so rounding it once from double must give the same half.
  for (float f : StressFloats()) {
    ASSERT_EQ(DoubleToHalf(f), portable::FloatToHalf(f)) << std::hex << std::bit_cast<uint32_t>(f);
  }
}

TEST(Float16, DoubleToHalfRoundsOnce) {
  // Each value rounds differently when it goes through float first: float rounding lands on a half
  // midpoint (or on the overflow threshold) and the second rounding then goes the wrong way.
  const double above_tie = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  EXPECT_EQ(DoubleToHalf(above_tie), 0x3C01);
  EXPECT_EQ(portable::FloatToHalf(static_cast<float>(above_tie)), 0x3C00);

  const double above_subnormal_tie = std::ldexp(1.0, -25) + std::ldexp(1.0, -60);
  EXPECT_EQ(DoubleToHalf(above_subnormal_tie), 0x0001);
  EXPECT_EQ(portable::FloatToHalf(static_cast<float>(above_subnormal_tie)), 0x0000);

  const double below_overflow = 65520.0 - std::ldexp(1.0, -20);
  EXPECT_EQ(DoubleToHalf(below_overflow), 0x7BFF);
  EXPECT_EQ(portable::FloatToHalf(static_cast<float>(below_overflow)), 0x7C00);

  EXPECT_EQ(DoubleToHalf(65520.0), 0x7C00);
  EXPECT_EQ(DoubleToHalf(1e300), 0x7C00);
  EXPECT_EQ(DoubleToHalf(-1e300), 0xFC00);
  EXPECT_EQ(DoubleToHalf(std::numeric_limits<double>::denorm_min()), 0x0000);
  EXPECT_EQ(DoubleToHalf(-std::numeric_limits<double>::denorm_min()), 0x8000);
  EXPECT_EQ(DoubleToHalf(std::ldexp(1.0, -30)), 0x0000);
  EXPECT_EQ(DoubleToHalf(-0.0), 0x8000);
  EXPECT_EQ(DoubleToHalf(0.1), 0x2E66);
  EXPECT_EQ(DoubleToHalf(-std::numeric_limits<double>::infinity()), 0xFC00);
}

TEST(Float16, BulkMatchesScalar) {
  std::vector<uint16_t> halves(0x10000 + 13);  // a tail that is not a multiple of the vector width
  for (size_t i = 0; i < halves.size(); ++i) halves[i] = static_cast<uint16_t>(i * 7919u);
  std::vector<float> floats(halves.size());
  HalfToFloat(halves.data(), floats.data(), halves.size());
  for (size_t i = 0; i < halves.size(); ++i) {
    ASSERT_EQ(std::bit_cast<uint32_t>(floats[i]), std::bit_cast<uint32_t>(portable::HalfToFloat(halves[i]))) << i;
  }
  const std::vector<float> stress = StressFloats();
  std::vector<uint16_t> back(stress.size());
  FloatToHalf(stress.data(), back.data(), stress.size());
  for (size_t i = 0; i < stress.size(); ++i) ASSERT_EQ(back[i], portable::FloatToHalf(stress[i])) << i;
  EXPECT_EQ(HalfToFloat(uint16_t{0x3C00}), 1.0f);
  EXPECT_EQ(FloatToHalf(1.0f), 0x3C00);
}

}  // namespace
}  // namespace dmlc::ops
