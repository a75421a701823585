#include "backends/vulkan/vulkan_api.h"

#include <dlfcn.h>

namespace dmlc::backends::vulkan {
namespace {

Status Missing(const char* name) {
  return MakeError("vulkan", "", std::string("the Vulkan loader or driver does not provide ") + name,
                   "Vulkan 1.2 entry points are present");
}

}  // namespace

Result<std::shared_ptr<VulkanLibrary>> VulkanLibrary::Open(const std::string& path) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    return MakeError("vulkan", "", "cannot load the Vulkan loader " + path + ": " + (why ? why : "unknown error"),
                     "the Vulkan loader (libvulkan1) is installed");
  }
  auto gipa = reinterpret_cast<PFN_vkGetInstanceProcAddr>(dlsym(handle, "vkGetInstanceProcAddr"));
  if (gipa == nullptr) {
    dlclose(handle);
    return MakeError("vulkan", "", path + " has no vkGetInstanceProcAddr", "a Vulkan loader exports vkGetInstanceProcAddr");
  }
  return std::shared_ptr<VulkanLibrary>(new VulkanLibrary(handle, gipa));
}

VulkanLibrary::~VulkanLibrary() { dlclose(handle_); }

Status VulkanApi::LoadGlobal(const VulkanLibrary& library) {
#define DMLC_VK_LOAD(name)                                                                          \
  name = reinterpret_cast<PFN_##name>(library.get_instance_proc_addr()(VK_NULL_HANDLE, #name)); \
  if (name == nullptr) return Missing(#name);
  DMLC_VK_GLOBAL_FUNCTIONS(DMLC_VK_LOAD)
#undef DMLC_VK_LOAD
  return OkStatus();
}

Status VulkanApi::LoadInstance(const VulkanLibrary& library, VkInstance instance) {
#define DMLC_VK_LOAD(name)                                                                     \
  name = reinterpret_cast<PFN_##name>(library.get_instance_proc_addr()(instance, #name)); \
  if (name == nullptr) return Missing(#name);
  DMLC_VK_INSTANCE_FUNCTIONS(DMLC_VK_LOAD)
#undef DMLC_VK_LOAD
  return OkStatus();
}

Status VulkanApi::LoadDevice(VkDevice device) {
#define DMLC_VK_LOAD(name)                                                   \
  name = reinterpret_cast<PFN_##name>(vkGetDeviceProcAddr(device, #name)); \
  if (name == nullptr) return Missing(#name);
  DMLC_VK_DEVICE_FUNCTIONS(DMLC_VK_LOAD)
#undef DMLC_VK_LOAD
  return OkStatus();
}

std::string VkResultName(VkResult result) {
  switch (result) {
#define DMLC_VK_RESULT(name) \
  case name:                 \
    return #name;
    DMLC_VK_RESULT(VK_SUCCESS)
    DMLC_VK_RESULT(VK_NOT_READY)
    DMLC_VK_RESULT(VK_TIMEOUT)
    DMLC_VK_RESULT(VK_EVENT_SET)
    DMLC_VK_RESULT(VK_EVENT_RESET)
    DMLC_VK_RESULT(VK_INCOMPLETE)
    DMLC_VK_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY)
    DMLC_VK_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    DMLC_VK_RESULT(VK_ERROR_INITIALIZATION_FAILED)
    DMLC_VK_RESULT(VK_ERROR_DEVICE_LOST)
    DMLC_VK_RESULT(VK_ERROR_MEMORY_MAP_FAILED)
    DMLC_VK_RESULT(VK_ERROR_LAYER_NOT_PRESENT)
    DMLC_VK_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT)
    DMLC_VK_RESULT(VK_ERROR_FEATURE_NOT_PRESENT)
    DMLC_VK_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER)
    DMLC_VK_RESULT(VK_ERROR_TOO_MANY_OBJECTS)
    DMLC_VK_RESULT(VK_ERROR_FORMAT_NOT_SUPPORTED)
    DMLC_VK_RESULT(VK_ERROR_FRAGMENTED_POOL)
    DMLC_VK_RESULT(VK_ERROR_UNKNOWN)
    DMLC_VK_RESULT(VK_ERROR_OUT_OF_POOL_MEMORY)
    DMLC_VK_RESULT(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    DMLC_VK_RESULT(VK_ERROR_FRAGMENTATION)
    DMLC_VK_RESULT(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
#undef DMLC_VK_RESULT
    default:
      return "VkResult(" + std::to_string(static_cast<int>(result)) + ")";
  }
}

Status CheckVk(VkResult result, const char* call) {
  if (result == VK_SUCCESS) return OkStatus();
  Error e = MakeError("vulkan", "", std::string(call) + " failed: " + VkResultName(result), "Vulkan calls succeed");
  e.device_lost = result == VK_ERROR_DEVICE_LOST;
  return e;
}

}  // namespace dmlc::backends::vulkan
