// The Vulkan entry points this backend uses, loaded at run time from the system loader
// (libvulkan.so.1) so that the tool starts, and reports the backend unavailable, where no loader is
// installed. VK_NO_PROTOTYPES keeps every call going through this table. Thread-safe after loading
// (plain function pointers).
#pragma once

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <memory>
#include <string>

#include "ops/error.h"

namespace dmlc::backends::vulkan {

#define DMLC_VK_GLOBAL_FUNCTIONS(X)      \
  X(vkCreateInstance)                    \
  X(vkEnumerateInstanceVersion)          \
  X(vkEnumerateInstanceLayerProperties)  \
  X(vkEnumerateInstanceExtensionProperties)

#define DMLC_VK_INSTANCE_FUNCTIONS(X)       \
  X(vkDestroyInstance)                      \
  X(vkEnumeratePhysicalDevices)             \
  X(vkGetPhysicalDeviceProperties2)         \
  X(vkGetPhysicalDeviceFeatures2)           \
  X(vkGetPhysicalDeviceQueueFamilyProperties) \
  X(vkGetPhysicalDeviceMemoryProperties)    \
  X(vkCreateDevice)                         \
  X(vkEnumerateDeviceExtensionProperties)   \
  X(vkGetDeviceProcAddr)

#define DMLC_VK_DEVICE_FUNCTIONS(X) \
  X(vkDestroyDevice)                \
  X(vkGetDeviceQueue)               \
  X(vkDeviceWaitIdle)               \
  X(vkCreateBuffer)                 \
  X(vkDestroyBuffer)                \
  X(vkGetBufferMemoryRequirements)  \
  X(vkAllocateMemory)               \
  X(vkFreeMemory)                   \
  X(vkBindBufferMemory)             \
  X(vkMapMemory)                    \
  X(vkCreateShaderModule)           \
  X(vkDestroyShaderModule)          \
  X(vkCreateDescriptorSetLayout)    \
  X(vkDestroyDescriptorSetLayout)   \
  X(vkCreatePipelineLayout)         \
  X(vkDestroyPipelineLayout)        \
  X(vkCreateComputePipelines)       \
  X(vkDestroyPipeline)              \
  X(vkCreatePipelineCache)          \
  X(vkDestroyPipelineCache)         \
  X(vkGetPipelineCacheData)         \
  X(vkMergePipelineCaches)          \
  X(vkCreateDescriptorPool)         \
  X(vkDestroyDescriptorPool)        \
  X(vkResetDescriptorPool)          \
  X(vkAllocateDescriptorSets)       \
  X(vkUpdateDescriptorSets)         \
  X(vkCreateCommandPool)            \
  X(vkDestroyCommandPool)           \
  X(vkAllocateCommandBuffers)       \
  X(vkFreeCommandBuffers)           \
  X(vkBeginCommandBuffer)           \
  X(vkEndCommandBuffer)             \
  X(vkCmdBindPipeline)              \
  X(vkCmdBindDescriptorSets)        \
  X(vkCmdDispatch)                  \
  X(vkCmdCopyBuffer)                \
  X(vkCmdPipelineBarrier)           \
  X(vkCmdWriteTimestamp)            \
  X(vkCmdResetQueryPool)            \
  X(vkCreateQueryPool)              \
  X(vkDestroyQueryPool)             \
  X(vkGetQueryPoolResults)          \
  X(vkCreateFence)                  \
  X(vkDestroyFence)                 \
  X(vkResetFences)                  \
  X(vkWaitForFences)                \
  X(vkQueueSubmit)

// The loaded library; dlclose()d when the last holder goes.
class VulkanLibrary {
 public:
  // dlopen()s `path` (the system loader by default). Error naming dlerror() when absent.
  static Result<std::shared_ptr<VulkanLibrary>> Open(const std::string& path = "libvulkan.so.1");
  ~VulkanLibrary();
  VulkanLibrary(const VulkanLibrary&) = delete;
  VulkanLibrary& operator=(const VulkanLibrary&) = delete;

  PFN_vkGetInstanceProcAddr get_instance_proc_addr() const { return get_instance_proc_addr_; }

 private:
  VulkanLibrary(void* handle, PFN_vkGetInstanceProcAddr gipa) : handle_(handle), get_instance_proc_addr_(gipa) {}
  void* handle_;
  PFN_vkGetInstanceProcAddr get_instance_proc_addr_;
};

// One function table, filled in three stages as the instance and device come into being.
struct VulkanApi {
#define DMLC_VK_DECLARE(name) PFN_##name name = nullptr;
  DMLC_VK_GLOBAL_FUNCTIONS(DMLC_VK_DECLARE)
  DMLC_VK_INSTANCE_FUNCTIONS(DMLC_VK_DECLARE)
  DMLC_VK_DEVICE_FUNCTIONS(DMLC_VK_DECLARE)
#undef DMLC_VK_DECLARE

  // Each returns an error naming the first entry point the loader or driver does not provide.
  Status LoadGlobal(const VulkanLibrary& library);
  Status LoadInstance(const VulkanLibrary& library, VkInstance instance);
  Status LoadDevice(VkDevice device);
};

// "VK_ERROR_DEVICE_LOST"; the number for codes this build does not know.
std::string VkResultName(VkResult result);
// OkStatus() for VK_SUCCESS; otherwise a "vulkan" error "<call> failed: VK_ERROR_...".
Status CheckVk(VkResult result, const char* call);

}  // namespace dmlc::backends::vulkan
