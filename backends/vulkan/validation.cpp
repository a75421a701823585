#include "backends/vulkan/validation.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstring>
#include <string_view>

namespace dmlc::backends::vulkan {
namespace {

constexpr const char* kLayer = "VK_LAYER_KHRONOS_validation";

bool HasLayer(const VulkanApi& api) {
  uint32_t count = 0;
  if (api.vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS) return false;
  std::vector<VkLayerProperties> layers(count);
  if (api.vkEnumerateInstanceLayerProperties(&count, layers.data()) != VK_SUCCESS) return false;
  return std::any_of(layers.begin(), layers.begin() + count,
                     [](const VkLayerProperties& l) { return std::strcmp(l.layerName, kLayer) == 0; });
}

// The layer provides VK_EXT_debug_utils itself, so its extensions are asked for by layer name.
bool HasDebugUtils(const VulkanApi& api) {
  uint32_t count = 0;
  if (api.vkEnumerateInstanceExtensionProperties(kLayer, &count, nullptr) != VK_SUCCESS) return false;
  std::vector<VkExtensionProperties> extensions(count);
  if (api.vkEnumerateInstanceExtensionProperties(kLayer, &count, extensions.data()) != VK_SUCCESS) return false;
  return std::any_of(extensions.begin(), extensions.begin() + count, [](const VkExtensionProperties& e) {
    return std::strcmp(e.extensionName, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) == 0;
  });
}

}  // namespace

ValidationRequest RequestValidation(const VulkanApi& api) {
  if (!HasLayer(api)) {
    spdlog::warn("vulkan: --debug asked for {}, which is not installed (Debian: vulkan-validationlayers)", kLayer);
    return {};
  }
  if (!HasDebugUtils(api)) {
    spdlog::warn("vulkan: {} offers no {}; validation messages would not reach the log, so it stays off", kLayer,
                 VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    return {};
  }
  return {{kLayer}, {VK_EXT_DEBUG_UTILS_EXTENSION_NAME}};
}

bool ValidationMessenger::Install(const VulkanLibrary& library, VkInstance instance) {
  auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
      library.get_instance_proc_addr()(instance, "vkCreateDebugUtilsMessengerEXT"));
  auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
      library.get_instance_proc_addr()(instance, "vkDestroyDebugUtilsMessengerEXT"));
  if (create == nullptr || destroy == nullptr) {
    spdlog::warn("vulkan: the instance has no debug-utils entry points; validation messages are lost");
    return false;
  }
  VkDebugUtilsMessengerCreateInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT;
  info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  info.pfnUserCallback = &ValidationMessenger::OnMessage;
  info.pUserData = this;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  if (create(instance, &info, nullptr, &messenger) != VK_SUCCESS) {
    spdlog::warn("vulkan: vkCreateDebugUtilsMessengerEXT failed; validation messages are lost");
    return false;
  }
  messenger_ = {messenger, {instance, destroy}};
  spdlog::info("vulkan: validation layer on");
  return true;
}

VKAPI_ATTR VkBool32 VKAPI_CALL ValidationMessenger::OnMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                              VkDebugUtilsMessageTypeFlagsEXT,
                                                              const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                              void* self) {
  const std::string_view text = data != nullptr && data->pMessage != nullptr ? data->pMessage : "";
  if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) != 0) {
    static_cast<ValidationMessenger*>(self)->errors_.fetch_add(1);
    spdlog::error("vulkan validation: {}", text);
  } else if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) != 0) {
    spdlog::warn("vulkan validation: {}", text);
  } else {
    spdlog::debug("vulkan validation: {}", text);
  }
  return VK_FALSE;  // the call goes on, as it would without the layer
}

}  // namespace dmlc::backends::vulkan
