// `dml-conform backends`: every registered backend, its devices and properties, or why it is unavailable.
#include <iostream>

#include "app/conform/commands.h"
#include "backends/registry.h"

namespace dmlc::app {

int BackendsCommand() {
  for (const backends::BackendFactory& factory : backends::BuiltinRegistry().factories()) {
    std::cout << factory.name << ": " << factory.description << "\n";
    Result<std::vector<backends::DeviceInfo>> devices = factory.enumerate();
    if (!devices.ok()) {
      std::cout << "  unavailable: " << devices.error().ToString() << "\n";
      continue;
    }
    for (size_t i = 0; i < devices->size(); ++i) {
      const backends::DeviceInfo& d = (*devices)[i];
      std::cout << "  device " << i << ": " << d.name;
      if (!d.driver.empty()) std::cout << " (driver " << d.driver << ")";
      std::cout << "\n";
      for (const auto& [key, value] : d.properties) std::cout << "    " << key << ": " << value << "\n";
    }
  }
  return kExitOk;
}

}  // namespace dmlc::app
