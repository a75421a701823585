#include "app/engine/guarded_buffer.h"
#include "tests/ops/test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace dmlc::app {
namespace {

using ops::testing::Tensor;

TEST(GuardedBuffer, StartsAsSentinelWithGuardAfterTheBuffer) {
  GuardedBuffer b(Tensor(ops::DataType::kFloat32, {2, 3}));
  EXPECT_EQ(b.buffer().size(), 24u);
  EXPECT_EQ(b.storage().size(), 24u + kGuardBytes);
  for (std::byte x : b.storage()) ASSERT_EQ(x, kSentinelByte);
  EXPECT_EQ(b.FindOutOfBoundsWrite(), std::nullopt);
}

TEST(GuardedBuffer, LogicalWritesAreFine) {
  GuardedBuffer b(Tensor(ops::DataType::kFloat32, {2, 3}));
  for (std::byte& x : b.buffer()) x = std::byte{0};
  EXPECT_EQ(b.FindOutOfBoundsWrite(), std::nullopt);
}

TEST(GuardedBuffer, WriteIntoTheGuardIsNamedByOffset) {
  GuardedBuffer b(Tensor(ops::DataType::kFloat32, {2, 3}));
  b.storage()[24 + 3] = std::byte{0};
  EXPECT_EQ(b.FindOutOfBoundsWrite(),
            "out-of-bounds write: byte 27 (guard region, TotalTensorSizeInBytes 24) was changed");
}

// A model's output starts from its resource's bytes: a byte outside the logical elements is a write
// when it no longer holds them; the guard after the buffer stays sentinel.
TEST(GuardedBuffer, StartsFromInitialContents) {
  const ops::TensorDesc desc = Tensor(ops::DataType::kFloat16, {3});  // 6 bytes of elements in 8
  std::vector<std::byte> initial(8);
  for (size_t i = 0; i < initial.size(); ++i) initial[i] = std::byte(i + 1);
  GuardedBuffer b(desc, initial);
  EXPECT_TRUE(std::equal(initial.begin(), initial.end(), b.buffer().begin()));
  EXPECT_EQ(b.storage()[8], kSentinelByte);
  for (size_t i = 0; i < 6; ++i) b.buffer()[i] = std::byte{0};  // the logical elements
  EXPECT_EQ(b.FindOutOfBoundsWrite(), std::nullopt);
  b.buffer()[7] = std::byte{8};  // the value already there: unseen
  EXPECT_EQ(b.FindOutOfBoundsWrite(), std::nullopt);
  b.buffer()[7] = std::byte{0};
  EXPECT_EQ(b.FindOutOfBoundsWrite(),
            "out-of-bounds write: byte 7 (padding after the last element, TotalTensorSizeInBytes 8) was changed");
}

TEST(GuardedBuffer, WriteIntoPaddingAfterThePackedElements) {
  // FLOAT16 {3}: 6 bytes of elements, rounded up to 8.
  GuardedBuffer b(Tensor(ops::DataType::kFloat16, {3}));
  ASSERT_EQ(b.buffer().size(), 8u);
  b.buffer()[6] = std::byte{1};
  EXPECT_EQ(b.FindOutOfBoundsWrite(),
            "out-of-bounds write: byte 6 (padding after the last element, TotalTensorSizeInBytes 8) was changed");
}

TEST(GuardedBuffer, WriteIntoAStrideGap) {
  // Sizes {2,2}, Strides {4,1}: elements 0,1,4,5 are logical; 2,3 are the gap (bytes 8..15).
  GuardedBuffer b(Tensor(ops::DataType::kFloat32, {2, 2}, {4, 1}));
  ASSERT_EQ(b.buffer().size(), 24u);
  for (size_t e : {0, 1, 4, 5}) b.buffer()[e * 4] = std::byte{0};
  EXPECT_EQ(b.FindOutOfBoundsWrite(), std::nullopt);
  b.buffer()[13] = std::byte{0};
  EXPECT_EQ(b.FindOutOfBoundsWrite(),
            "out-of-bounds write: byte 13 (stride gap, TotalTensorSizeInBytes 24) was changed");
}

TEST(GuardedBuffer, ReportsTheLowestChangedByte) {
  GuardedBuffer b(Tensor(ops::DataType::kInt32, {2}, {2}));  // elements 0 and 2; gap element 1
  b.storage()[b.buffer().size()] = std::byte{0};
  b.buffer()[4] = std::byte{0};
  EXPECT_EQ(b.FindOutOfBoundsWrite(),
            "out-of-bounds write: byte 4 (stride gap, TotalTensorSizeInBytes 12) was changed");
}

}  // namespace
}  // namespace dmlc::app
