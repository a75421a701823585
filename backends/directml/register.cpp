// The directml entry of the backend registry: the adapters DirectML can use, and a backend on the one
// --device names. Where DirectML.dll (or the D3D12 runtime) is missing, the listing says why and the
// backend is an UnavailableBackend, so every case skips with that reason.
#include "backends/directml/register.h"

#include "backends/directml/directml_backend.h"

namespace dmlc::backends {

void RegisterDirectmlBackend(Registry& registry) {
  registry.Add(BackendFactory{
      .name = "directml",
      .description = "DirectML itself (Windows, WSL; DirectML.dll loaded at run time), judged against the reference",
      .enumerate = directml::ListDevices,
      .create = directml::DirectmlBackend::Create,
      .traits = {.execution_flags = ops::kAllExecutionFlags},
  });
}

}  // namespace dmlc::backends
