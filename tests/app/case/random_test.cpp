// The random initializer's output is part of the case format: these values pin it, so any change to
// the generator (which would silently change every random case) fails here.
#include "app/case/random.h"

#include <gtest/gtest.h>

#include <vector>

namespace dmlc::app {
namespace {

using ops::DataType;

TEST(RandomTest, SplitMix64MatchesTheReferenceSequence) {
  // Seed 0: the published first outputs of Vigna's splitmix64.c.
  SplitMix64 bits(0);
  EXPECT_EQ(bits.Next(), 0xE220A8397B1DCDAFull);
  EXPECT_EQ(bits.Next(), 0x6E789E6AA1B965F4ull);
  EXPECT_EQ(bits.Next(), 0x06C45D188009454Full);
}

template <class T>
std::vector<T> Draw(uint64_t seed, Scalar min, Scalar max, DataType type, int n) {
  Result<RandomElements> r = RandomElements::Create(seed, min, max, type);
  EXPECT_TRUE(r.ok()) << r.error().ToString();
  std::vector<T> out;
  for (int i = 0; i < n; ++i) out.push_back(std::get<T>(r->Next()));
  return out;
}

TEST(RandomTest, Float64UsesTheTop53Bits) {
  // value = -1 + 2 * (draw >> 11) * 2^-53.
  std::vector<double> v = Draw<double>(0, Scalar{-1.0}, Scalar{1.0}, DataType::kFloat64, 3);
  EXPECT_EQ(v[0], -1.0 + 2.0 * static_cast<double>(0xE220A8397B1DCDAFull >> 11) * 0x1p-53);
  EXPECT_EQ(v[1], -1.0 + 2.0 * static_cast<double>(0x6E789E6AA1B965F4ull >> 11) * 0x1p-53);
  EXPECT_DOUBLE_EQ(v[0], 0.7666216164272852);
}

TEST(RandomTest, Float32AndFloat16UseTheTop24Bits) {
  std::vector<double> v = Draw<double>(0, Scalar{int64_t{0}}, Scalar{int64_t{8}}, DataType::kFloat32, 2);
  EXPECT_EQ(v[0], 8.0 * static_cast<double>(0xE220A8u) * 0x1p-24);
  EXPECT_EQ(v[0], 7.066486358642578);
  EXPECT_EQ(v[1], 8.0 * static_cast<double>(0x6E789Eu) * 0x1p-24);
  EXPECT_EQ(Draw<double>(0, Scalar{int64_t{0}}, Scalar{int64_t{8}}, DataType::kFloat16, 2), v);
}

TEST(RandomTest, IntegersAreUniformInTheInclusiveRange) {
  // n = 10; the rejection threshold (2^64 - 10) mod 10 = 6 rejects nothing here.
  EXPECT_EQ(Draw<int64_t>(0, Scalar{int64_t{-5}}, Scalar{int64_t{4}}, DataType::kInt32, 3),
            (std::vector<int64_t>{-5 + static_cast<int64_t>(0xE220A8397B1DCDAFull % 10),
                                  -5 + static_cast<int64_t>(0x6E789E6AA1B965F4ull % 10),
                                  -5 + static_cast<int64_t>(0x06C45D188009454Full % 10)}));
  EXPECT_EQ(Draw<int64_t>(0, Scalar{int64_t{-5}}, Scalar{int64_t{4}}, DataType::kInt32, 3),
            (std::vector<int64_t>{0, -5, 4}));
  EXPECT_EQ(Draw<uint64_t>(7, Scalar{int64_t{0}}, Scalar{int64_t{255}}, DataType::kUint8, 4),
            (std::vector<uint64_t>{215, 28, 2, 203}));
}

TEST(RandomTest, FullUint64RangeTakesTheRawBits) {
  std::vector<uint64_t> v =
      Draw<uint64_t>(0, Scalar{int64_t{0}}, Scalar{uint64_t{0xFFFFFFFFFFFFFFFFull}}, DataType::kUint64, 1);
  EXPECT_EQ(v[0], 0xE220A8397B1DCDAFull);
}

struct BadRange {
  const char* name;
  Scalar min;
  Scalar max;
  DataType type;
  const char* message;
};

class RandomBadRangeTest : public ::testing::TestWithParam<BadRange> {};

TEST_P(RandomBadRangeTest, IsRejected) {
  const BadRange& c = GetParam();
  Result<RandomElements> r = RandomElements::Create(1, c.min, c.max, c.type);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find(c.message), std::string::npos) << r.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, RandomBadRangeTest,
    ::testing::Values(
        BadRange{"Reversed", Scalar{int64_t{3}}, Scalar{int64_t{2}}, DataType::kInt8, "min 3 is greater than max 2"},
        BadRange{"OutOfType", Scalar{int64_t{0}}, Scalar{int64_t{300}}, DataType::kUint8, "max 300 is out of range for UINT8"},
        BadRange{"Fraction", Scalar{0.5}, Scalar{int64_t{2}}, DataType::kInt16, "min 0.5 is not an integer"},
        BadRange{"NonFinite", Scalar{0.0}, Scalar{std::numeric_limits<double>::infinity()}, DataType::kFloat32,
                 "is not finite and ordered"},
        BadRange{"FloatReversed", Scalar{1.0}, Scalar{0.0}, DataType::kFloat64, "is not finite and ordered"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace dmlc::app
