// The cpu entry of the backend registry: one device (the host), created with BackendOptions.threads.
#include "backends/cpu/register.h"

#include <algorithm>
#include <thread>

#include "backends/cpu/cpu_backend.h"
#include "backends/device_selector.h"

namespace dmlc::backends {
namespace {

int ResolveThreads(int requested) {
  return requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

Result<std::unique_ptr<Backend>> CreateCpuBackend(const BackendOptions& options) {
  if (options.threads < 0) {
    return MakeError("cpu", "--threads", "threads is " + std::to_string(options.threads), "threads >= 0");
  }
  const int threads = ResolveThreads(options.threads);
  // Selected against the backend's own description, so /proc/cpuinfo is read once.
  auto backend = std::make_unique<cpu::CpuBackend>(threads);
  DMLC_RETURN_IF_ERROR(SelectDevice("cpu", options.device, {backend->Device().name}));
  return std::unique_ptr<Backend>(std::move(backend));
}

}  // namespace

void RegisterCpuBackend(Registry& registry) {
  registry.Add(BackendFactory{
      .name = "cpu",
      .description = "exact CPU reference: all five operators, every data type of feature level 5_1",
      .enumerate = []() -> Result<std::vector<DeviceInfo>> {
        return std::vector<DeviceInfo>{cpu::HostDeviceInfo(ResolveThreads(0))};
      },
      .create = CreateCpuBackend,
      .traits = {.reference = true, .device = false, .default_workers = 0},
  });
}

}  // namespace dmlc::backends
