// The Vulkan backend's one export.
#pragma once

#include "backends/registry.h"

namespace dmlc::backends {
void RegisterVulkanBackend(Registry& registry);
}  // namespace dmlc::backends
