// The plain entry of the backend registry: one device (the host, one thread).
#include "backends/plain/register.h"

#include "backends/device_selector.h"
#include "backends/plain/plain_backend.h"

namespace dmlc::backends {
namespace {

Result<std::unique_ptr<Backend>> CreatePlainBackend(const BackendOptions& options) {
  DMLC_RETURN_IF_ERROR(SelectDevice("plain", options.device, {plain::PlainDeviceInfo().name}));
  return std::unique_ptr<Backend>(std::make_unique<plain::PlainBackend>());
}

}  // namespace

void RegisterPlainBackend(Registry& registry) {
  registry.Add(BackendFactory{
      .name = "plain",
      .description = "second CPU reference: scalar loops in double on one thread, written to be read, not fast",
      .enumerate = []() -> Result<std::vector<DeviceInfo>> {
        return std::vector<DeviceInfo>{plain::PlainDeviceInfo()};
      },
      .create = CreatePlainBackend,
      // Far slower than the others, it is timed only when named.
      .traits = {.reference = true, .device = false, .default_workers = 0, .benchmarked_by_default = false},
  });
}

}  // namespace dmlc::backends
