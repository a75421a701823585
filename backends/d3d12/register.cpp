// The d3d12 entry of the backend registry: every adapter D3D12 can use, and a backend on the one
// --device names. Where the runtime is missing (Linux outside WSL, say) both say so and nothing crashes.
#include "backends/d3d12/register.h"

#include "backends/d3d12/d3d12_backend.h"
#include "backends/d3d12/d3d12_device.h"

namespace dmlc::backends {

void RegisterD3D12Backend(Registry& registry) {
  registry.Add(BackendFactory{
      .name = "d3d12",
      .description = "Direct3D 12 compute (Windows, WSL): the shared HLSL kernels, compiled at run time",
      .enumerate = d3d12::ListDevices,
      .create = d3d12::D3D12Backend::Create,
  });
}

}  // namespace dmlc::backends
