// The context's fences, query pools and descriptor pools on a real device (lavapipe in CI): an
// operator's come back when it goes and the next operator takes them, so a run of operators holds one
// of each however long it is, every operator still computing its own outputs (a reused descriptor pool's
// sets are allocated anew and name the new operator's buffers); what comes back is renewed (a descriptor
// pool reset) or destroyed; a full pool destroys what it cannot keep; a lost device's objects are
// destroyed, not kept. Skips without a device.
#include <gtest/gtest.h>

#include "backends/vulkan/object_pool.h"
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

class VulkanObjectPool : public testing::VulkanContextTest {
 protected:
  size_t Kept() const {
    const Recyclers& r = context_->recyclers();
    return r.fences.kept_count() + r.queries.kept_count() + r.descriptors.kept_count();
  }
};

TEST_F(VulkanObjectPool, OperatorsOneAfterAnotherShareOneOfEach) {
  const ops::JoinDesc join{{Tensor(DataType::kUint32, {2, 1}), Tensor(DataType::kUint32, {2, 2})},
                           Tensor(DataType::kUint32, {2, 3}), 1};
  Result<std::vector<gpu::Dispatch>> plan = gpu::PlanDispatches(join, context_->limits());
  ASSERT_TRUE(plan.ok());
  const size_t each = context_->timestamp_valid_bits() != 0 ? 3 : 2;  // a query pool where there are timestamps
  EXPECT_EQ(Kept(), 0u);
  for (uint32_t i = 0; i < 20; ++i) {
    Result<std::unique_ptr<PreparedOperator>> op = VulkanOperator::Create(context_, join, *plan);
    ASSERT_TRUE(op.ok()) << op.error().ToString();
    EXPECT_EQ(Kept(), 0u) << "operator " << i << " took the last one's";
    const std::vector<std::byte> a = Bytes(std::vector<uint32_t>{i, 100 + i}, 8);
    const std::vector<std::byte> b = Bytes(std::vector<uint32_t>{1, 2, 3, 4}, 16);
    const std::vector<ConstBuffer> in = {a, b};
    std::vector<std::byte> output(24);
    const std::vector<MutableBuffer> out = {output};
    ASSERT_TRUE((*op)->Execute(in, out).ok());
    EXPECT_EQ(Values<uint32_t>(output), (std::vector<uint32_t>{i, 1, 2, 100 + i, 3, 4})) << "operator " << i;
    op->reset();
    EXPECT_EQ(Kept(), each);
  }
}

TEST_F(VulkanObjectPool, AFullPoolDestroysWhatItCannotKeep) {
  FencePool& fences = context_->recyclers().fences;
  std::vector<DeviceChild<VkFence>> taken;
  for (size_t i = 0; i <= FencePool::kKept; ++i) {
    Result<DeviceChild<VkFence>> fence = fences.Take(0);
    ASSERT_TRUE(fence.ok()) << fence.error().ToString();
    taken.push_back(std::move(*fence));
  }
  for (DeviceChild<VkFence>& fence : taken) fences.Give(0, std::move(fence));
  EXPECT_EQ(fences.kept_count(), FencePool::kKept);
}

// A given-back object is renewed before it is kept (a descriptor pool is reset, its sets freed: drivers
// need not refuse a set past a pool's size, lavapipe does not, so the renewal is what is checked); one
// that cannot be renewed is destroyed.
TEST_F(VulkanObjectPool, WhatIsGivenBackIsRenewedOrDestroyed) {
  const VulkanApi& api = context_->api();
  const VkDevice device = context_->device();
  std::vector<VkFence> renewed;
  bool renewable = true;
  FencePool fences(
      [&](int) {
        const VkFenceCreateInfo info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        return CreateChild(device, api.vkCreateFence, api.vkDestroyFence, info, "vkCreateFence");
      },
      [&](VkFence fence) {
        renewed.push_back(fence);
        return renewable;
      });
  Result<DeviceChild<VkFence>> a = fences.Take(0);
  Result<DeviceChild<VkFence>> b = fences.Take(0);
  ASSERT_TRUE(a.ok() && b.ok());
  const VkFence handle = a->get();
  fences.Give(0, std::move(*a));
  EXPECT_EQ(renewed, std::vector<VkFence>{handle});
  EXPECT_EQ(fences.kept_count(), 1u);
  renewable = false;
  fences.Give(0, std::move(*b));
  EXPECT_EQ(fences.kept_count(), 1u);
  Result<DeviceChild<VkFence>> again = fences.Take(0);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->get(), handle);
}

TEST_F(VulkanObjectPool, ALostDevicesObjectsAreDestroyedNotKept) {
  FencePool& fences = context_->recyclers().fences;
  Result<DeviceChild<VkFence>> before = fences.Take(0);
  Result<DeviceChild<VkFence>> after = fences.Take(0);
  ASSERT_TRUE(before.ok() && after.ok());
  fences.Give(0, std::move(*before));
  EXPECT_EQ(fences.kept_count(), 1u);
  context_->MarkLost();
  EXPECT_EQ(fences.kept_count(), 0u);
  fences.Give(0, std::move(*after));
  EXPECT_EQ(fences.kept_count(), 0u);
}

}  // namespace
}  // namespace dmlc::backends::vulkan
