// The Khronos validation layer behind BackendOptions.debug (`--debug`): every message it reports goes to
// the log through VK_EXT_debug_utils, and errors are counted so that a caller (and the tests) can tell
// a clean run from one the layer objected to. Where the layer is not installed (Debian:
// vulkan-validationlayers) a warning says so and the backend runs without it.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "backends/vulkan/vulkan_api.h"

namespace dmlc::backends::vulkan {

// What vkCreateInstance must enable for validation; empty when the layer or the extension is missing.
struct ValidationRequest {
  std::vector<const char*> layers;
  std::vector<const char*> extensions;
  bool enabled() const { return !layers.empty(); }
};

ValidationRequest RequestValidation(const VulkanApi& api);

// The debug-utils messenger of one instance. Destroy() before the instance goes.
class ValidationMessenger {
 public:
  // Installs the messenger; false (with a warning logged) when the instance lacks its entry points.
  bool Install(const VulkanLibrary& library, VkInstance instance);
  void Destroy(VkInstance instance);
  bool installed() const { return messenger_ != VK_NULL_HANDLE; }
  uint64_t errors() const { return errors_.load(); }

 private:
  static VKAPI_ATTR VkBool32 VKAPI_CALL OnMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                  VkDebugUtilsMessageTypeFlagsEXT types,
                                                  const VkDebugUtilsMessengerCallbackDataEXT* data, void* self);

  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  PFN_vkDestroyDebugUtilsMessengerEXT destroy_ = nullptr;
  std::atomic<uint64_t> errors_{0};
};

}  // namespace dmlc::backends::vulkan
