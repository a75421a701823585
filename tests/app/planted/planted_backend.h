// Test-only backends with planted faults, for testing that `dml-conform fuzz` finds real bugs (issue 16,
// "Finds real bugs"). Each is the cpu backend except for one thing it gets wrong inside Execute(); on
// every desc the fault cannot touch it hands out cpu's own operator, so its bytes equal cpu's. Registered
// by the planted programs' own main(), in the parent and in the workers it starts; no product code knows
// of them.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "backends/backend.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::app::testing {

// One fault: its backend's name, what it gets wrong, and how it prepares a desc on the cpu backend it
// wraps (cpu's operator, or one that runs cpu's and plants the fault; `cpu` outlives what it returns).
struct PlantedFault {
  std::string_view name;
  std::string_view description;
  Result<std::unique_ptr<backends::PreparedOperator>> (*prepare)(const ops::OperatorDesc& desc, backends::Backend& cpu);
};

// The six faults, in the order issue 16 lists them.
std::span<const PlantedFault> PlantedFaults();

// Registers one backend per fault, named as the fault; call from main() before anything looks a backend up.
void RegisterPlantedBackends();

}  // namespace dmlc::app::testing
