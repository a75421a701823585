// The plain backend's element helpers: logical index -> coordinates -> byte offset, loads and stores
// (sign extension, wrap-around, FLOAT16 rounding) and index resolution.
#include "backends/plain/element.h"

#include <gtest/gtest.h>

#include <cstring>

#include "ops/float16.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::plain {
namespace {

using ops::DataType;
using testing::Desc;

TEST(PlainElement, CoordinatesAreRowMajor) {
  const ops::TensorDesc desc = Desc(DataType::kFloat32, {2, 3, 4});
  EXPECT_EQ(CoordinatesOf(desc, 0), (Coordinates{0, 0, 0}));
  EXPECT_EQ(CoordinatesOf(desc, 5), (Coordinates{0, 1, 1}));
  EXPECT_EQ(CoordinatesOf(desc, 23), (Coordinates{1, 2, 3}));
  EXPECT_EQ(ElementCount(desc), 24u);
}

TEST(PlainElement, ByteOffsetFollowsStrides) {
  EXPECT_EQ(ByteOffset(Desc(DataType::kFloat32, {2, 3}), {1, 2}), (1 * 3 + 2) * 4u);
  EXPECT_EQ(ByteOffset(Desc(DataType::kInt16, {2, 3}, {1, 5}), {1, 2}), (1 * 1 + 2 * 5) * 2u);
  EXPECT_EQ(ByteOffset(Desc(DataType::kFloat64, {2, 3}, {0, 1}), {1, 2}), 2 * 8u);  // broadcast rows
  EXPECT_EQ(SpannedBytes(Desc(DataType::kInt16, {2, 3}, {1, 5})), (1 + 2 * 5 + 1) * 2u);
  EXPECT_EQ(SpannedBytes(Desc(DataType::kUint8, {3})), 3u);
}

TEST(PlainElement, IntegersLoadSignExtendedAndStoreWrapped) {
  std::byte b[8] = {};
  b[0] = std::byte{0xFD};
  EXPECT_EQ(LoadInteger(b, DataType::kInt8), static_cast<uint64_t>(-3));
  EXPECT_EQ(LoadInteger(b, DataType::kUint8), 253u);
  StoreInteger(b, DataType::kInt16, 0x12345);  // 74565 mod 2^16
  int16_t i16;
  std::memcpy(&i16, b, 2);
  EXPECT_EQ(i16, 0x2345);
  StoreInteger(b, DataType::kInt32, static_cast<uint64_t>(-7));
  int32_t i32;
  std::memcpy(&i32, b, 4);
  EXPECT_EQ(i32, -7);
}

TEST(PlainElement, FloatsStoreRoundedOnceToNearestEven) {
  std::byte b[8] = {};
  StoreFloat(b, DataType::kFloat16, 2049.0);  // halfway between 2048 and 2050: to even, 2048
  EXPECT_EQ(LoadFloat(b, DataType::kFloat16), 2048.0);
  StoreFloat(b, DataType::kFloat16, 2049.0 + 1e-9);  // just above: 2050 (rounding through float would tie)
  EXPECT_EQ(LoadFloat(b, DataType::kFloat16), 2050.0);
  StoreFloat(b, DataType::kFloat32, 0.1);
  EXPECT_EQ(LoadFloat(b, DataType::kFloat32), static_cast<double>(0.1f));
}

TEST(PlainElement, NegativeIndicesCountFromTheEndForSignedTypesOnly) {
  EXPECT_EQ(ResolveIndex(static_cast<uint64_t>(-1), DataType::kInt32, 4), 3u);
  EXPECT_EQ(ResolveIndex(static_cast<uint64_t>(-4), DataType::kInt64, 4), 0u);
  EXPECT_EQ(ResolveIndex(static_cast<uint64_t>(-5), DataType::kInt64, 4), std::nullopt);
  EXPECT_EQ(ResolveIndex(4, DataType::kInt32, 4), std::nullopt);
  EXPECT_EQ(ResolveIndex(3, DataType::kUint32, 4), 3u);
  EXPECT_EQ(ResolveIndex(static_cast<uint64_t>(-1), DataType::kUint64, 4), std::nullopt);
}

}  // namespace
}  // namespace dmlc::backends::plain
