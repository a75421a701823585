#include "backends/registry.h"

#include <algorithm>

#include "backends/cpu/register.h"
#include "backends/plain/register.h"
#ifdef DMLC_WITH_VULKAN
#include "backends/vulkan/register.h"
#endif
#ifdef DMLC_WITH_D3D12
#include "backends/d3d12/register.h"
#endif
#ifdef DMLC_WITH_DIRECTML
#include "backends/directml/register.h"
#endif

namespace dmlc::backends {

void Registry::Add(BackendFactory factory) { factories_.push_back(std::move(factory)); }

const BackendFactory* Registry::Find(std::string_view name) const {
  auto it = std::find_if(factories_.begin(), factories_.end(), [&](const auto& f) { return f.name == name; });
  return it == factories_.end() ? nullptr : &*it;
}

std::vector<std::string> Registry::Names(const std::function<bool(const BackendTraits&)>& which) const {
  std::vector<std::string> names;
  for (const auto& f : factories_) {
    if (!which || which(f.traits)) names.push_back(f.name);
  }
  return names;
}

namespace {

Registry& TheRegistry() {
  static Registry registry = [] {
    Registry r;
    RegisterCpuBackend(r);
    RegisterPlainBackend(r);
#ifdef DMLC_WITH_VULKAN
    RegisterVulkanBackend(r);
#endif
#ifdef DMLC_WITH_D3D12
    RegisterD3D12Backend(r);
#endif
#ifdef DMLC_WITH_DIRECTML
    RegisterDirectmlBackend(r);
#endif
    return r;
  }();
  return registry;
}

}  // namespace

const Registry& BuiltinRegistry() { return TheRegistry(); }

void RegisterExtraBackend(BackendFactory factory) { TheRegistry().Add(std::move(factory)); }

BackendTraits TraitsOf(std::string_view name) {
  const BackendFactory* factory = BuiltinRegistry().Find(name);
  return factory == nullptr ? BackendTraits{} : factory->traits;
}

Result<std::unique_ptr<Backend>> CreateBackend(std::string_view name, const BackendOptions& options) {
  const BackendFactory* factory = BuiltinRegistry().Find(name);
  if (factory == nullptr) {
    std::string known;
    for (const auto& n : BuiltinRegistry().Names()) known += (known.empty() ? "" : ", ") + n;
    return MakeError("backend", "--backend", "unknown backend '" + std::string(name) + "'",
                     "registered backends: " + known);
  }
  return factory->create(options);
}

}  // namespace dmlc::backends
