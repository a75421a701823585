// The directml entry of the backend registry (compiled where DMLC_WITH_D3D12 is set).
#pragma once

#include "backends/registry.h"

namespace dmlc::backends {

void RegisterDirectmlBackend(Registry& registry);

}  // namespace dmlc::backends
