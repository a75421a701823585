#include "app/engine/compare.h"
#include "tests/app/engine/bytes.h"
#include "tests/ops/test_util.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace dmlc::app {
namespace {

using ops::DataType;
using testing::Bytes;

using ops::testing::Tensor;

template <class T>
CompareResult Compare(DataType type, const std::vector<T>& expected, const std::vector<T>& actual, Tolerance tol,
                      std::vector<uint32_t> sizes = {}, std::vector<uint32_t> strides = {}, size_t max_reported = 10) {
  if (sizes.empty()) sizes = {static_cast<uint32_t>(expected.size())};
  const ops::TensorDesc desc = Tensor(type, sizes, strides);
  std::vector<std::byte> e = Bytes(expected), a = Bytes(actual);
  e.resize(std::max<size_t>(e.size(), desc.TotalTensorSizeInBytes));
  a.resize(std::max<size_t>(a.size(), desc.TotalTensorSizeInBytes));
  CompareResult result;
  CompareTensor(desc, "OutputTensor", e, a, tol, max_reported, result);
  return result;
}

const Tolerance kExact{};
Tolerance Ulp(uint64_t n) { return Tolerance{n, std::nullopt, std::nullopt}; }
Tolerance Abs(double a, double r) { return Tolerance{std::nullopt, a, r}; }

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }

TEST(UlpDistance, CountsRepresentableValuesAcrossZero) {
  EXPECT_EQ(UlpDistance(Bits(1.0f), Bits(std::nextafter(1.0f, 2.0f)), 32), 1u);
  EXPECT_EQ(UlpDistance(Bits(1.0f), Bits(1.0f), 32), 0u);
  EXPECT_EQ(UlpDistance(Bits(0.0f), Bits(-0.0f), 32), 0u);
  // The smallest subnormals on either side of zero are two steps apart.
  EXPECT_EQ(UlpDistance(0x00000001u, 0x80000001u, 32), 2u);
  EXPECT_EQ(UlpDistance(Bits(1.0f), Bits(-1.0f), 32), 2u * 0x3f800000u);
  EXPECT_EQ(UlpDistance(0x3c00, 0x3c01, 16), 1u);             // FLOAT16 1.0 and its successor
  EXPECT_EQ(UlpDistance(0x7bff, 0x7c00, 16), 1u);             // FLOAT16 max and +inf
  EXPECT_EQ(UlpDistance(std::bit_cast<uint64_t>(1.0), std::bit_cast<uint64_t>(std::nextafter(1.0, 0.0)), 64), 1u);
  // Largest finite of opposite signs: the distance still fits in 64 bits.
  EXPECT_EQ(UlpDistance(0x7fefffffffffffffu, 0xffefffffffffffffu, 64), 2u * 0x7fefffffffffffffu);
}

TEST(CompareTensor, Float32ExactAndUlpBounds) {
  const float one_up = std::nextafter(1.0f, 2.0f);
  CompareResult exact = Compare<float>(DataType::kFloat32, {1.0f, 2.0f}, {one_up, 2.0f}, kExact);
  EXPECT_EQ(exact.mismatches, 1u);
  EXPECT_EQ(exact.elements, 2u);
  EXPECT_EQ(exact.max_ulp, 1.0);
  EXPECT_EQ(exact.max_abs_error, static_cast<double>(one_up) - 1.0);
  ASSERT_EQ(exact.first.size(), 1u);
  EXPECT_EQ(exact.first[0].coordinates, std::vector<uint32_t>{0});
  EXPECT_EQ(std::get<double>(exact.first[0].expected), 1.0);
  EXPECT_EQ(std::get<double>(exact.first[0].actual), static_cast<double>(one_up));
  EXPECT_EQ(exact.first[0].ulp, 1.0);

  EXPECT_TRUE(Compare<float>(DataType::kFloat32, {1.0f, 2.0f}, {one_up, 2.0f}, Ulp(1)).passed());
  const float two_up = std::nextafter(one_up, 2.0f);
  CompareResult over = Compare<float>(DataType::kFloat32, {1.0f}, {two_up}, Ulp(1));
  EXPECT_EQ(over.mismatches, 1u);
  EXPECT_EQ(over.max_ulp, 2.0);
}

TEST(CompareTensor, AbsoluteAndRelativeBound) {
  EXPECT_TRUE(Compare<float>(DataType::kFloat32, {100.0f}, {100.5f}, Abs(0, 0.01)).passed());   // bound 1
  EXPECT_FALSE(Compare<float>(DataType::kFloat32, {100.0f}, {100.5f}, Abs(0, 0.001)).passed()); // bound 0.1
  EXPECT_TRUE(Compare<float>(DataType::kFloat32, {100.0f}, {100.5f}, Abs(0.5, 0)).passed());
  // Either bound suffices: the ULP bound fails (far more than 3 ULP) but the absolute one holds.
  EXPECT_TRUE(Compare<float>(DataType::kFloat32, {100.0f}, {100.5f}, Tolerance{3, 0.5, std::nullopt}).passed());
}

TEST(CompareTensor, NanEqualsNanWhateverThePayload) {
  const float quiet = std::numeric_limits<float>::quiet_NaN();
  const float payload = std::bit_cast<float>(0x7fc00123u);
  EXPECT_TRUE(Compare<float>(DataType::kFloat32, {quiet}, {payload}, kExact).passed());
  CompareResult r = Compare<float>(DataType::kFloat32, {quiet}, {1.0f}, Ulp(1000));
  EXPECT_EQ(r.mismatches, 1u);
  EXPECT_TRUE(std::isinf(r.max_ulp));
  EXPECT_TRUE(std::isinf(r.first[0].abs_error));
  EXPECT_TRUE(std::isnan(std::get<double>(r.first[0].expected)));
}

TEST(CompareTensor, SignedZerosEqualOnlyWhenSomeErrorIsAllowed) {
  EXPECT_FALSE(Compare<float>(DataType::kFloat32, {0.0f}, {-0.0f}, kExact).passed());
  EXPECT_FALSE(Compare<float>(DataType::kFloat32, {0.0f}, {-0.0f}, Ulp(0)).passed());
  EXPECT_TRUE(Compare<float>(DataType::kFloat32, {0.0f}, {-0.0f}, Ulp(1)).passed());
  EXPECT_TRUE(Compare<float>(DataType::kFloat32, {-0.0f}, {0.0f}, Abs(1e-9, 0)).passed());
}

TEST(CompareTensor, InfinitiesMustMatchExactly) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(Compare<float>(DataType::kFloat32, {inf, -inf}, {inf, -inf}, kExact).passed());
  // A relative bound times an infinite expected value would admit anything; infinities are exact.
  EXPECT_FALSE(Compare<float>(DataType::kFloat32, {inf}, {3.4e38f}, Abs(0, 1)).passed());
  EXPECT_FALSE(Compare<float>(DataType::kFloat32, {inf}, {std::numeric_limits<float>::max()}, Ulp(5)).passed());
}

TEST(CompareTensor, Float16UsesHalfUlps) {
  // 1.0 and the next FLOAT16 value: 1 ULP, 2^-10 apart.
  CompareResult r = Compare<uint16_t>(DataType::kFloat16, {0x3c00}, {0x3c01}, kExact);
  EXPECT_EQ(r.mismatches, 1u);
  EXPECT_EQ(r.max_ulp, 1.0);
  EXPECT_EQ(r.max_abs_error, 0x1p-10);
  EXPECT_EQ(std::get<double>(r.first[0].actual), 1.0 + 0x1p-10);
  EXPECT_TRUE(Compare<uint16_t>(DataType::kFloat16, {0x3c00}, {0x3c01}, Ulp(1)).passed());
  EXPECT_TRUE(Compare<uint16_t>(DataType::kFloat16, {0x7e00}, {0x7e01}, kExact).passed());  // NaNs
}

TEST(CompareTensor, Float64) {
  CompareResult r = Compare<double>(DataType::kFloat64, {1.0}, {std::nextafter(1.0, 2.0)}, Ulp(0));
  EXPECT_EQ(r.max_ulp, 1.0);
  EXPECT_EQ(r.max_abs_error, 0x1p-52);
}

TEST(CompareTensor, IntegersAreExactWhateverTheTolerance) {
  CompareResult r = Compare<int8_t>(DataType::kInt8, {-128, 5}, {127, 5}, Abs(1000, 1));
  EXPECT_EQ(r.mismatches, 1u);
  EXPECT_EQ(r.max_abs_error, 255.0);
  EXPECT_EQ(std::get<int64_t>(r.first[0].expected), -128);
  EXPECT_EQ(std::get<int64_t>(r.first[0].actual), 127);

  CompareResult u = Compare<uint64_t>(DataType::kUint64, {0}, {std::numeric_limits<uint64_t>::max()}, kExact);
  EXPECT_EQ(std::get<uint64_t>(u.first[0].actual), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(u.max_abs_error, 18446744073709551615.0);

  CompareResult i = Compare<int64_t>(DataType::kInt64, {std::numeric_limits<int64_t>::min()},
                                     {std::numeric_limits<int64_t>::max()}, kExact);
  EXPECT_EQ(i.max_ulp, 18446744073709551615.0);
  EXPECT_TRUE(Compare<uint32_t>(DataType::kUint32, {7, 8}, {7, 8}, kExact).passed());
  EXPECT_FALSE(Compare<int16_t>(DataType::kInt16, {-1}, {1}, kExact).passed());
  EXPECT_FALSE(Compare<uint8_t>(DataType::kUint8, {0}, {1}, kExact).passed());
  EXPECT_FALSE(Compare<int32_t>(DataType::kInt32, {0}, {1}, kExact).passed());
  EXPECT_FALSE(Compare<uint16_t>(DataType::kUint16, {0}, {1}, kExact).passed());
}

TEST(CompareTensor, WalksOnlyLogicalElementsThroughStrides) {
  // Sizes {2,2} with row stride 3: buffer elements 2 and 5... are gaps; only 0,1,3,4 are logical.
  const std::vector<float> expected = {1, 2, -7, 3, 4};
  const std::vector<float> actual = {1, 2, 99, 3, 5};
  CompareResult r = Compare<float>(DataType::kFloat32, expected, actual, kExact, {2, 2}, {3, 1});
  EXPECT_EQ(r.elements, 4u);
  EXPECT_EQ(r.mismatches, 1u);
  ASSERT_EQ(r.first.size(), 1u);
  EXPECT_EQ(r.first[0].coordinates, (std::vector<uint32_t>{1, 1}));
  EXPECT_EQ(std::get<double>(r.first[0].actual), 5.0);
}

TEST(CompareTensor, BroadcastStrideReadsOneElementManyTimes) {
  // Sizes {3} with stride 0: all three logical elements are buffer element 0.
  CompareResult r = Compare<int32_t>(DataType::kInt32, {4}, {6}, kExact, {3}, {0});
  EXPECT_EQ(r.elements, 3u);
  EXPECT_EQ(r.mismatches, 3u);
  EXPECT_EQ(r.first[2].coordinates, std::vector<uint32_t>{2});
}

TEST(CompareTensor, ReportsOnlyTheFirstMismatchesButCountsAll) {
  CompareResult r = Compare<int32_t>(DataType::kInt32, {1, 2, 3, 4}, {0, 2, 0, 0}, kExact, {2, 2}, {}, 2);
  EXPECT_EQ(r.mismatches, 3u);
  ASSERT_EQ(r.first.size(), 2u);
  EXPECT_EQ(r.first[0].coordinates, (std::vector<uint32_t>{0, 0}));
  EXPECT_EQ(r.first[1].coordinates, (std::vector<uint32_t>{1, 0}));
  EXPECT_EQ(r.max_abs_error, 4.0);
}

TEST(CompareTensor, ElementBoundsAdmitEachElementWithinItsOwnBound) {
  // Sizes {2, 2} with row stride 3; bounds per logical element in row-major order.
  const ops::TensorDesc desc = Tensor(DataType::kFloat32, {2, 2}, {3, 1});
  const std::vector<std::byte> expected = Bytes<float>({1, 2, 0, 3, 4});
  const std::vector<std::byte> actual = Bytes<float>({1.5f, 2.5f, 0, 3, 4.25f});
  const std::vector<double> bounds = {0.5, 0.25, 0, 0.25};
  CompareResult r;
  CompareTensor(desc, "OutputTensor", expected, actual, kExact, 10, r, {.element_bounds = bounds});
  // (0,0) is 0.5 off within 0.5; (0,1) 0.5 off beyond 0.25; (1,1) 0.25 off within 0.25.
  EXPECT_EQ(r.mismatches, 1u);
  EXPECT_EQ(r.first[0].coordinates, (std::vector<uint32_t>{0, 1}));
  // An element within the ULP bound passes whatever its element bound.
  const float one_up = std::nextafter(1.0f, 2.0f);
  CompareResult ulp;
  CompareTensor(Tensor(DataType::kFloat32, {1}), "OutputTensor", Bytes<float>({1}), Bytes<float>({one_up}), Ulp(1),
                10, ulp, {.element_bounds = std::vector<double>{0}});
  EXPECT_TRUE(ulp.passed());
  // Integers stay exact.
  CompareResult integers;
  CompareTensor(Tensor(DataType::kInt32, {1}), "OutputTensor", Bytes<int32_t>({1}), Bytes<int32_t>({2}), kExact, 10,
                integers, {.element_bounds = std::vector<double>{5}});
  EXPECT_EQ(integers.mismatches, 1u);
}

// An infinite element bound (the data leave the result undetermined) admits any answer, NaN and -inf
// included; a finite one still refuses NaN against -inf.
TEST(CompareTensor, AnInfiniteElementBoundAdmitsAnyAnswer) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), minus_inf = -std::numeric_limits<float>::infinity();
  CompareResult undetermined;
  CompareTensor(Tensor(DataType::kFloat32, {2}), "OutputTensor", Bytes<float>({nan, 1}), Bytes<float>({minus_inf, -7}),
                kExact, 10, undetermined, {.element_bounds = std::vector<double>{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()}});
  EXPECT_TRUE(undetermined.passed());
  CompareResult bounded;
  CompareTensor(Tensor(DataType::kFloat32, {1}), "OutputTensor", Bytes<float>({nan}), Bytes<float>({minus_inf}), kExact,
                10, bounded, {.element_bounds = std::vector<double>{1e30}});
  EXPECT_EQ(bounded.mismatches, 1u);
}

// An alternative expected buffer (the flushed reference) admits an element that fails against the
// expected one; the mismatch reported for one that fails both is against the expected value.
TEST(CompareTensor, AnAlternativeAdmitsWhatItMatchesUnderTheSameTolerance) {
  const ops::TensorDesc floats = Tensor(DataType::kFloat32, {3});
  const std::vector<std::byte> expected = Bytes<float>({0x1p-140f, 1, 2});
  const std::vector<std::byte> alternative = Bytes<float>({0, 1, 2});
  const float two_up = std::nextafter(2.0f, 3.0f);
  CompareResult r;
  CompareTensor(floats, "OutputTensor", expected, Bytes<float>({0, 1, std::nextafter(two_up, 3.0f)}), Ulp(1), 10, r,
                {.alternative = alternative});
  EXPECT_EQ(r.mismatches, 1u);
  EXPECT_EQ(r.first[0].coordinates, (std::vector<uint32_t>{2}));
  EXPECT_EQ(std::get<double>(r.first[0].expected), 2.0);
  CompareResult within;
  CompareTensor(floats, "OutputTensor", expected, Bytes<float>({0, 1, two_up}), Ulp(1), 10, within,
                {.alternative = alternative});
  EXPECT_TRUE(within.passed());

  const ops::TensorDesc indices = Tensor(DataType::kUint32, {2});
  CompareResult ints;
  CompareTensor(indices, "OutputTensor", Bytes<uint32_t>({1, 1}), Bytes<uint32_t>({0, 2}), kExact, 10, ints,
                {.alternative = Bytes<uint32_t>({0, 0})});
  EXPECT_EQ(ints.mismatches, 1u);
  EXPECT_EQ(ints.first[0].coordinates, (std::vector<uint32_t>{1}));
}

TEST(CompareTensor, ZeroSignsEqualWhenTheCallerSaysSo) {
  const ops::TensorDesc desc = Tensor(DataType::kFloat32, {2});
  CompareResult strict, tied;
  CompareTensor(desc, "OutputTensor", Bytes<float>({0.0f, -0.0f}), Bytes<float>({-0.0f, 0.0f}), kExact, 10, strict);
  EXPECT_EQ(strict.mismatches, 2u);
  CompareTensor(desc, "OutputTensor", Bytes<float>({0.0f, -0.0f}), Bytes<float>({-0.0f, 0.0f}), kExact, 10, tied,
                {.zero_signs_equal = true});
  EXPECT_TRUE(tied.passed());
}

TEST(CompareTensor, AccumulatesOverSeveralOutputs) {
  const ops::TensorDesc desc = Tensor(DataType::kInt32, {1});
  const std::vector<std::byte> one = Bytes<int32_t>({1}), two = Bytes<int32_t>({2});
  CompareResult r;
  CompareTensor(desc, "A", one, one, kExact, 10, r);
  CompareTensor(desc, "B", one, two, kExact, 10, r);
  EXPECT_EQ(r.elements, 2u);
  EXPECT_EQ(r.mismatches, 1u);
  EXPECT_EQ(r.first[0].tensor, "B");
}

TEST(CompareTensor, KeepsTheWorstMismatchesLargestFirstWithTheirBits) {
  // ULP distances 1, 3, 2, 7, 5, 4, 6 from 1.0f: the five worst are 7, 6, 5, 4, 3.
  std::vector<float> expected(7, 1.0f), actual;
  for (uint32_t ulp : {1u, 3u, 2u, 7u, 5u, 4u, 6u}) actual.push_back(std::bit_cast<float>(Bits(1.0f) + ulp));
  const CompareResult r = Compare<float>(DataType::kFloat32, expected, actual, kExact, {}, {}, 2);
  ASSERT_EQ(r.worst.size(), kWorstMismatches);
  std::vector<double> ulps;
  for (const Mismatch& m : r.worst) ulps.push_back(m.ulp);
  EXPECT_EQ(ulps, (std::vector<double>{7, 6, 5, 4, 3}));
  EXPECT_EQ(r.worst[0].coordinates, (std::vector<uint32_t>{3}));
  EXPECT_EQ(r.worst[0].expected_bits, 0x3f800000u);
  EXPECT_EQ(r.worst[0].actual_bits, 0x3f800007u);
  EXPECT_EQ(r.first.size(), 2u);  // max_reported bounds the first, not the worst
}

TEST(CompareTensor, IntegerBitsAreTheTypesOwnWidth) {
  const CompareResult r = Compare<int8_t>(DataType::kInt8, {-1}, {2}, kExact);
  ASSERT_EQ(r.first.size(), 1u);
  EXPECT_EQ(r.first[0].expected_bits, 0xffu);
  EXPECT_EQ(r.first[0].actual_bits, 0x02u);
}

TEST(CompareTensor, DrawsEachFailingOutputOnItsErrorMap) {
  // 2 x 4, every odd column wrong by 1 ULP, and one element NaN against a number.
  std::vector<float> expected(8, 1.0f), actual(8, 1.0f);
  for (size_t i : {1, 3, 5, 7}) actual[i] = std::nextafter(1.0f, 2.0f);
  actual[4] = std::numeric_limits<float>::quiet_NaN();
  const CompareResult r = Compare<float>(DataType::kFloat32, expected, actual, kExact, {2, 4});
  ASSERT_EQ(r.maps.size(), 1u);
  const ErrorMap& map = r.maps[0];
  EXPECT_EQ(map.tensor, "OutputTensor");
  EXPECT_EQ(map.grid, (std::vector<uint32_t>{2, 4}));
  EXPECT_EQ(map.failed_level, (std::vector<uint8_t>{0, 255, 0, 255, 255, 255, 0, 255}));
  EXPECT_EQ(map.error_level, (std::vector<uint8_t>{0, 1, 0, 1, 255, 1, 0, 1}));
}

TEST(CompareTensor, PassingOutputsHaveNoMapAndAtMostFourAreDrawn) {
  const ops::TensorDesc desc = Tensor(DataType::kInt32, {1});
  const std::vector<std::byte> one = Bytes<int32_t>({1}), two = Bytes<int32_t>({2});
  CompareResult r;
  CompareTensor(desc, "Passing", one, one, kExact, 10, r);
  EXPECT_TRUE(r.maps.empty());
  for (int i = 0; i < 6; ++i) CompareTensor(desc, "Output" + std::to_string(i), one, two, kExact, 10, r);
  ASSERT_EQ(r.maps.size(), kMaxErrorMaps);
  EXPECT_EQ(r.maps[3].tensor, "Output3");
  EXPECT_EQ(r.maps[3].failed_level, (std::vector<uint8_t>{255}));
}

}  // namespace
}  // namespace dmlc::app
