// Behaviour where Vulkan is not available: a missing loader, and a loader with no driver (every ICD
// hidden behind a manifest path that does not exist). Enumeration and creation return errors naming
// why; nothing crashes.
#include <cstdlib>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "backends/registry.h"
#include "backends/vulkan/vulkan_backend.h"
#include "backends/vulkan/vulkan_context.h"

namespace dmlc::backends::vulkan {
namespace {

// Sets an environment variable for the test's lifetime and restores it after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value, 1);
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

class NoDriver : public ::testing::Test {
 protected:
  // Both spellings: VK_DRIVER_FILES (loader 1.3.207+) and VK_ICD_FILENAMES (older loaders).
  ScopedEnv driver_files_{"VK_DRIVER_FILES", "/nonexistent/dmlc_icd.json"};
  ScopedEnv icd_filenames_{"VK_ICD_FILENAMES", "/nonexistent/dmlc_icd.json"};
};

TEST_F(NoDriver, EnumerateReportsNoDriver) {
  Result<std::vector<DeviceInfo>> devices = VulkanContext::Enumerate();
  ASSERT_FALSE(devices.ok());
  EXPECT_EQ(devices.error().scope, "vulkan");
  EXPECT_EQ(devices.error().message, "vkCreateInstance failed: VK_ERROR_INCOMPATIBLE_DRIVER (no Vulkan driver found)");
  EXPECT_EQ(devices.error().rule, "a Vulkan driver (ICD) is installed");
}

TEST_F(NoDriver, CreateFailsThroughTheRegistry) {
  const BackendFactory* factory = BuiltinRegistry().Find("vulkan");
  ASSERT_NE(factory, nullptr);
  Result<std::unique_ptr<Backend>> backend = factory->create({});
  ASSERT_FALSE(backend.ok());
  EXPECT_EQ(backend.error().rule, "a Vulkan driver (ICD) is installed");
  EXPECT_FALSE(factory->enumerate().ok());
}

TEST(NoLoader, OpenNamesTheLibraryAndTheRule) {
  Result<std::shared_ptr<VulkanLibrary>> library = VulkanLibrary::Open("libdmlc-no-such-vulkan.so.1");
  ASSERT_FALSE(library.ok());
  EXPECT_NE(library.error().message.find("cannot load the Vulkan loader libdmlc-no-such-vulkan.so.1"), std::string::npos);
  EXPECT_EQ(library.error().rule, "the Vulkan loader (libvulkan1) is installed");
}

TEST(VkResultName, NamesKnownCodesAndNumbersOthers) {
  EXPECT_EQ(VkResultName(VK_ERROR_DEVICE_LOST), "VK_ERROR_DEVICE_LOST");
  EXPECT_EQ(VkResultName(VK_SUCCESS), "VK_SUCCESS");
  EXPECT_EQ(VkResultName(static_cast<VkResult>(-12345)), "VkResult(-12345)");
  Status s = CheckVk(VK_ERROR_OUT_OF_DEVICE_MEMORY, "vkAllocateMemory");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "vkAllocateMemory failed: VK_ERROR_OUT_OF_DEVICE_MEMORY");
}

}  // namespace
}  // namespace dmlc::backends::vulkan
