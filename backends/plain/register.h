// The plain reference backend's one export.
#pragma once

#include "backends/registry.h"

namespace dmlc::backends {
void RegisterPlainBackend(Registry& registry);
}  // namespace dmlc::backends
