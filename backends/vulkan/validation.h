// The Khronos validation layer behind BackendOptions.debug (`--debug`): every message it reports goes to
// the log through VK_EXT_debug_utils, and errors are counted so that a caller (and the tests) can tell
// a clean run from one the layer objected to. Where the layer is not installed (Debian:
// vulkan-validationlayers) a warning says so and the backend runs without it.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "backends/vulkan/owned.h"
#include "backends/vulkan/vulkan_api.h"

namespace dmlc::backends::vulkan {

// What vkCreateInstance must enable for validation; empty when the layer or the extension is missing.
struct ValidationRequest {
  std::vector<const char*> layers;
  std::vector<const char*> extensions;
  bool enabled() const { return !layers.empty(); }
};

ValidationRequest RequestValidation(const VulkanApi& api);

// The debug-utils messenger of one instance, destroyed with this object, which must go before the
// instance does. Stays where it is once installed: the messenger calls back with its address.
class ValidationMessenger {
 public:
  // Installs the messenger; false (with a warning logged) when the instance lacks its entry points.
  bool Install(const VulkanLibrary& library, VkInstance instance);
  bool installed() const { return static_cast<bool>(messenger_); }
  uint64_t errors() const { return errors_.load(); }

 private:
  static VKAPI_ATTR VkBool32 VKAPI_CALL OnMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                  VkDebugUtilsMessageTypeFlagsEXT types,
                                                  const VkDebugUtilsMessengerCallbackDataEXT* data, void* self);

  std::atomic<uint64_t> errors_{0};
  Owned<VkDebugUtilsMessengerEXT, ChildDeleter<VkInstance, VkDebugUtilsMessengerEXT>> messenger_;
};

}  // namespace dmlc::backends::vulkan
