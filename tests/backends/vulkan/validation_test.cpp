// The validation layer behind BackendOptions.debug: it is off unless asked for, and when on, an invalid
// call reaches the error count (so the zero the agreement tests check means something). Skips without a
// Vulkan device or without the layer (Debian: vulkan-validationlayers).
#include <gtest/gtest.h>

#include "backends/vulkan/vulkan_context.h"

namespace dmlc::backends::vulkan {
namespace {

TEST(VulkanValidation, OffUnlessAskedFor) {
  Result<std::shared_ptr<VulkanContext>> context = VulkanContext::Create({});
  if (!context.ok()) GTEST_SKIP() << "no Vulkan device: " << context.error().ToString();
  EXPECT_FALSE((*context)->validating());
  EXPECT_EQ((*context)->validation_errors(), 0u);
}

TEST(VulkanValidation, AnInvalidCallIsCountedAsAnError) {
  Result<std::shared_ptr<VulkanContext>> context = VulkanContext::Create({.debug = true});
  if (!context.ok()) GTEST_SKIP() << "no Vulkan device: " << context.error().ToString();
  if (!(*context)->validating()) GTEST_SKIP() << "the validation layer is not installed";
  const VulkanApi& api = (*context)->api();
  // A zero-sized buffer breaks VUID-VkBufferCreateInfo-size-00912.
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = 0;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  // Destroyed at once where the driver made it anyway.
  (void)CreateChild((*context)->device(), api.vkCreateBuffer, api.vkDestroyBuffer, info, "vkCreateBuffer");
  EXPECT_GE((*context)->validation_errors(), 1u);
}

}  // namespace
}  // namespace dmlc::backends::vulkan
