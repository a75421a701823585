// The d3d12 entry of the backend registry (compiled where DMLC_WITH_D3D12 is set).
#pragma once

#include "backends/registry.h"

namespace dmlc::backends {

void RegisterD3D12Backend(Registry& registry);

}  // namespace dmlc::backends
