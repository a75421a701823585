// The owned handle type every Vulkan object of the backend lives in: one destroy per object, none for
// an empty or moved-from owner, members destroyed in the reverse of their order, and a failed creation
// leaving nothing to destroy. Fake handles and destroy functions: no Vulkan device needed.
#include "backends/vulkan/owned.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace dmlc::backends::vulkan {
namespace {

std::vector<std::string> destroyed;  // "fence 1 of device 7", in call order

VkDevice FakeDevice(uintptr_t n) { return reinterpret_cast<VkDevice>(n); }
VkFence FakeFence(uintptr_t n) { return reinterpret_cast<VkFence>(n); }

VKAPI_ATTR void VKAPI_CALL DestroyFence(VkDevice device, VkFence fence, const VkAllocationCallbacks*) {
  destroyed.push_back("fence " + std::to_string(reinterpret_cast<uintptr_t>(fence)) + " of device " +
                      std::to_string(reinterpret_cast<uintptr_t>(device)));
}

VKAPI_ATTR void VKAPI_CALL DestroyDevice(VkDevice device, const VkAllocationCallbacks*) {
  destroyed.push_back("device " + std::to_string(reinterpret_cast<uintptr_t>(device)));
}

VKAPI_ATTR VkResult VKAPI_CALL CreateFence(VkDevice, const VkFenceCreateInfo* info, const VkAllocationCallbacks*,
                                           VkFence* fence) {
  if (info->flags != 0) return VK_ERROR_OUT_OF_DEVICE_MEMORY;
  *fence = FakeFence(5);
  return VK_SUCCESS;
}

DeviceChild<VkFence> Fence(uintptr_t n) { return {FakeFence(n), {FakeDevice(7), &DestroyFence}}; }

class OwnedTest : public ::testing::Test {
 protected:
  void SetUp() override { destroyed.clear(); }
};

TEST_F(OwnedTest, DestroysOnceWhenItGoes) {
  { DeviceChild<VkFence> fence = Fence(1); }
  EXPECT_EQ(destroyed, std::vector<std::string>{"fence 1 of device 7"});
  { DeviceChild<VkFence> empty; }
  EXPECT_EQ(destroyed.size(), 1u);
}

TEST_F(OwnedTest, AMoveHandsOverOwnership) {
  DeviceChild<VkFence> a = Fence(1);
  DeviceChild<VkFence> b = std::move(a);
  EXPECT_FALSE(a);
  EXPECT_EQ(b.get(), FakeFence(1));
  DeviceChild<VkFence> c = Fence(2);
  c = std::move(b);  // c's own fence goes now
  EXPECT_EQ(destroyed, std::vector<std::string>{"fence 2 of device 7"});
  c.reset();
  c.reset();
  EXPECT_EQ(destroyed, (std::vector<std::string>{"fence 2 of device 7", "fence 1 of device 7"}));
}

TEST_F(OwnedTest, MembersGoInReverseOrder) {
  struct Owner {
    OwnedDevice device{FakeDevice(7), {&DestroyDevice}};
    DeviceChild<VkFence> first = Fence(1);
    DeviceChild<VkFence> second = Fence(2);
  };
  { Owner owner; }
  EXPECT_EQ(destroyed, (std::vector<std::string>{"fence 2 of device 7", "fence 1 of device 7", "device 7"}));
}

TEST_F(OwnedTest, ARootWithoutItsDestroyFunctionIsLeftAlone) {
  { OwnedDevice device(FakeDevice(7), {nullptr}); }  // loading the table failed on vkDestroyDevice
  EXPECT_TRUE(destroyed.empty());
}

TEST_F(OwnedTest, CreateChildOwnsWhatSucceededAndNamesWhatFailed) {
  VkFenceCreateInfo info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  {
    Result<DeviceChild<VkFence>> fence = CreateChild(FakeDevice(7), &CreateFence, &DestroyFence, info, "vkCreateFence");
    ASSERT_TRUE(fence.ok());
    EXPECT_EQ(fence->get(), FakeFence(5));
  }
  EXPECT_EQ(destroyed, std::vector<std::string>{"fence 5 of device 7"});
  info.flags = VK_FENCE_CREATE_SIGNALED_BIT;
  Result<DeviceChild<VkFence>> failed = CreateChild(FakeDevice(7), &CreateFence, &DestroyFence, info, "vkCreateFence");
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().message, "vkCreateFence failed: VK_ERROR_OUT_OF_DEVICE_MEMORY");
  EXPECT_EQ(destroyed.size(), 1u);
}

}  // namespace
}  // namespace dmlc::backends::vulkan
