// Tests on a context of the first Vulkan device (lavapipe in CI); each skips where there is none.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "backends/vulkan/vulkan_context.h"

namespace dmlc::backends::vulkan::testing {

class VulkanContextTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Result<std::shared_ptr<VulkanContext>> context = VulkanContext::Create({});
    if (!context.ok()) GTEST_SKIP() << "no Vulkan device: " << context.error().ToString();
    context_ = std::move(*context);
  }
  std::shared_ptr<VulkanContext> context_;
};

}  // namespace dmlc::backends::vulkan::testing
