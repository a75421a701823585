#include "backends/vulkan/register.h"

#include "backends/vulkan/vulkan_backend.h"

namespace dmlc::backends {

void RegisterVulkanBackend(Registry& registry) {
  registry.Add({
      "vulkan",
      "Vulkan 1.2 compute through the system loader; the shared HLSL kernels as embedded SPIR-V",
      [] { return vulkan::VulkanContext::Enumerate(); },
      [](const BackendOptions& options) { return vulkan::VulkanBackend::Create(options); },
  });
}

}  // namespace dmlc::backends
