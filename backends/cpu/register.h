// The CPU reference backend's one export.
#pragma once

#include "backends/registry.h"

namespace dmlc::backends {
void RegisterCpuBackend(Registry& registry);
}  // namespace dmlc::backends
