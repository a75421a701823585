// `dml-conform backends`: every registered backend, its devices, properties and tags, or why it is
// unavailable.
#include <iostream>

#include "app/conform/commands.h"
#include "app/conform/run_baseline.h"
#include "backends/registry.h"

namespace dmlc::app {

int BackendsCommand(const std::vector<std::string>& given_tags) {
  Result<policy::RunTags> given = policy::ParseGivenTags(given_tags);
  if (!given.ok()) {
    std::cerr << given.error().ToString() << "\n";
    return kExitUsage;
  }
  for (const backends::BackendFactory& factory : backends::BuiltinRegistry().factories()) {
    std::cout << factory.name << ": " << factory.description << "\n";
    Result<std::vector<backends::DeviceInfo>> devices = factory.enumerate();
    if (!devices.ok()) {
      std::cout << "  unavailable: " << devices.error().ToString() << "\n";
      continue;
    }
    RunContext context;
    context.backend = factory.name;
    for (size_t i = 0; i < devices->size(); ++i) {
      const backends::DeviceInfo& d = (*devices)[i];
      std::cout << "  device " << i << ": " << d.name;
      if (!d.driver.empty()) std::cout << " (driver " << d.driver << ")";
      std::cout << "\n";
      // What a run here matches --baseline lines against (its feature-level tag comes from the run).
      std::cout << "    tags: " << policy::FormatTags(TagsOnDevice(context, d, *given)) << "\n";
      for (const auto& [key, value] : d.properties) std::cout << "    " << key << ": " << value << "\n";
    }
  }
  return kExitOk;
}

}  // namespace dmlc::app
