// The context's buffer pool on a real device (lavapipe in CI): buffers come back and are taken again by
// size class and kind, large ones, those past the pool's budget and those of a lost device are freed,
// and an operator built on reused buffers that hold an earlier operator's bytes still leaves its stride
// gaps as the caller gave them. Skips without a device.
#include <gtest/gtest.h>

#include "backends/vulkan/vulkan_context.h"
#include "backends/vulkan/vulkan_operator.h"
#include "tests/backends/gpu/tensors.h"
#include "tests/backends/vulkan/context_fixture.h"

namespace dmlc::backends::vulkan {
namespace {

using ops::DataType;
using gpu::testing::Bytes;
using gpu::testing::Tensor;
using gpu::testing::Values;

constexpr VkBufferUsageFlags kStorage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
constexpr VkBufferUsageFlags kTransfer = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

using VulkanBufferPool = testing::VulkanContextTest;

TEST(BufferPoolSizeClass, PowersOfTwoFrom256) {
  EXPECT_EQ(BufferPool::SizeClass(1), 256u);
  EXPECT_EQ(BufferPool::SizeClass(256), 256u);
  EXPECT_EQ(BufferPool::SizeClass(257), 512u);
  EXPECT_EQ(BufferPool::SizeClass(1000), 1024u);
  EXPECT_EQ(BufferPool::SizeClass((VkDeviceSize{1} << 33) + 1), VkDeviceSize{1} << 34);
}

TEST_F(VulkanBufferPool, BuffersComeBackByClassAndKind) {
  BufferPool& pool = context_->buffers();
  Result<DeviceBuffer> a = pool.Take(1000, kStorage, false);
  ASSERT_TRUE(a.ok()) << a.error().ToString();
  EXPECT_EQ(a->capacity, 1024u);
  const VkBuffer handle = a->buffer.get();
  pool.Give(std::move(*a));
  EXPECT_EQ(pool.kept_count(), 1u);
  EXPECT_EQ(pool.kept_bytes(), 1024u);
  // Another kind, or another class, is a new buffer; the same class and kind is the kept one.
  Result<DeviceBuffer> host = pool.Take(1000, kTransfer, true);
  ASSERT_TRUE(host.ok());
  EXPECT_NE(host->buffer.get(), handle);
  EXPECT_NE(host->mapped, nullptr);
  Result<DeviceBuffer> larger = pool.Take(2000, kStorage, false);
  ASSERT_TRUE(larger.ok());
  EXPECT_NE(larger->buffer.get(), handle);
  Result<DeviceBuffer> again = pool.Take(513, kStorage, false);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->buffer.get(), handle);
  EXPECT_EQ(pool.kept_count(), 0u);
  for (DeviceBuffer* b : {&*host, &*larger, &*again}) pool.Give(std::move(*b));
  EXPECT_EQ(pool.kept_bytes(), 1024u + 1024u + 2048u);
  pool.Clear();
  EXPECT_EQ(pool.kept_count(), 0u);
}

TEST_F(VulkanBufferPool, LargeBuffersAndThosePastTheBudgetAreFreed) {
  BufferPool& pool = context_->buffers();
  Result<DeviceBuffer> large = pool.Take(BufferPool::kLargest + 1, kStorage, false);
  ASSERT_TRUE(large.ok()) << large.error().ToString();
  EXPECT_EQ(large->capacity, BufferPool::kLargest + 1);  // past the largest class: its exact size
  pool.Give(std::move(*large));
  EXPECT_EQ(pool.kept_count(), 0u);
  // Four of the largest class fill the budget; a fifth is freed.
  std::vector<DeviceBuffer> taken;
  for (int i = 0; i < 5; ++i) {
    Result<DeviceBuffer> b = pool.Take(BufferPool::kLargest, kStorage, false);
    ASSERT_TRUE(b.ok()) << b.error().ToString();
    taken.push_back(std::move(*b));
  }
  for (DeviceBuffer& b : taken) pool.Give(std::move(b));
  EXPECT_EQ(pool.kept_count(), 4u);
  EXPECT_EQ(pool.kept_bytes(), BufferPool::kKeptBytes);
  pool.Clear();
}

TEST_F(VulkanBufferPool, ALostDevicesBuffersAreFreedNotKept) {
  BufferPool& pool = context_->buffers();
  Result<DeviceBuffer> before = pool.Take(1000, kStorage, false);
  Result<DeviceBuffer> after = pool.Take(1000, kStorage, false);
  ASSERT_TRUE(before.ok() && after.ok());
  pool.Give(std::move(*before));
  EXPECT_EQ(pool.kept_count(), 1u);
  context_->MarkLost();
  pool.Give(std::move(*after));
  EXPECT_EQ(pool.kept_count(), 1u);  // the one kept before stays until the context goes
}

TEST_F(VulkanBufferPool, AnOperatorOnReusedBuffersKeepsTheCallersStrideGaps) {
  // UINT8 rows of 5 in a row pitch of 8 (bytes 5..7 gaps), run twice: the second operator takes the
  // first one's buffers, which hold its 0xAA gaps, and must leave the 0x55 the caller gives now.
  const ops::JoinDesc join{{Tensor(DataType::kUint8, {2, 3}), Tensor(DataType::kUint8, {2, 2})},
                           Tensor(DataType::kUint8, {2, 5}, {8, 1}),
                           1};
  const std::vector<std::byte> a = Bytes(std::vector<uint8_t>{1, 2, 3, 4, 5, 6}, 8);
  const std::vector<std::byte> b = Bytes(std::vector<uint8_t>{7, 8, 9, 10}, 4);
  const std::vector<ConstBuffer> in = {a, b};
  Result<std::vector<gpu::Dispatch>> plan = gpu::PlanDispatches(join, context_->limits());
  ASSERT_TRUE(plan.ok());
  for (std::byte fill : {std::byte{0xAA}, std::byte{0x55}}) {
    const bool second = fill == std::byte{0x55};
    EXPECT_EQ(context_->buffers().kept_count(), second ? 5u : 0u);  // three tensors, staging, parameters
    Result<std::unique_ptr<PreparedOperator>> op = VulkanOperator::Create(context_, join, *plan);
    ASSERT_TRUE(op.ok()) << op.error().ToString();
    EXPECT_EQ(context_->buffers().kept_count(), 0u);
    std::vector<std::byte> output(16, fill);
    const std::vector<MutableBuffer> out = {output};
    ASSERT_TRUE((*op)->Execute(in, out).ok());
    const uint8_t f = static_cast<uint8_t>(fill);
    EXPECT_EQ(Values<uint8_t>(output), (std::vector<uint8_t>{1, 2, 3, 7, 8, f, f, f, 4, 5, 6, 9, 10, f, f, f}));
  }
}

}  // namespace
}  // namespace dmlc::backends::vulkan
