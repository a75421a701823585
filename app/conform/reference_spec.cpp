#include "app/conform/reference_spec.h"

namespace dmlc::app {

Result<ReferenceSpec> ParseReference(std::string_view text, const backends::Registry& registry) {
  ReferenceSpec spec;
  const size_t colon = text.find(':');
  spec.backend = std::string(text.substr(0, colon));
  if (colon != std::string_view::npos) {
    spec.device = std::string(text.substr(colon + 1));
    spec.device_named = true;
    if (spec.device.empty()) {
      return MakeError("--reference", "", "--reference '" + std::string(text) +
                                              "': no device after ':' (an index or a name substring, as --device takes)");
    }
  }
  const backends::BackendFactory* factory = registry.Find(spec.backend);
  if (factory == nullptr) {
    std::string names;
    for (const std::string& name : registry.Names()) names += (names.empty() ? "" : ", ") + name;
    return MakeError("--reference", "", "--reference '" + std::string(text) + "': no backend '" + spec.backend +
                                            "' in this build (" + names + ")");
  }
  spec.exact = factory->traits.reference;
  return spec;
}

}  // namespace dmlc::app
