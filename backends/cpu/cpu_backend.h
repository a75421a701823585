// The CPU reference backend: exact implementations of all five operators for every data type the
// feature-level tables allow at the highest level (5_1). Numerics are the reference's contract (see
// reduce_functions.h for REDUCE, including NaN handling). Large tensors are split across a worker pool
// owned by the backend and shared with the operators it prepares; small ones run on the calling thread.
// Thread-safe: Supports(), Prepare() and Execute() of different operators may run concurrently.
#pragma once

#include <memory>

#include "backends/backend.h"
#include "backends/thread_pool.h"

namespace dmlc::backends::cpu {

// "Intel(R) Xeon(R) ..." from /proc/cpuinfo; "unknown CPU" where that is unreadable.
std::string HostCpuModel();
// The host as a device: name "<model> (<threads> threads)", properties cpu, threads, f16c.
DeviceInfo HostDeviceInfo(int threads);

class CpuBackend final : public Backend {
 public:
  // threads: workers including the caller; 0 = one per hardware thread.
  explicit CpuBackend(int threads);

  std::string_view Name() const override { return "cpu"; }
  const DeviceInfo& Device() const override { return device_; }
  bool ThreadSafe() const override { return true; }
  // Yes exactly when ops::ValidateAt(desc, kHighestFeatureLevel) accepts the desc; the reason otherwise.
  Support Supports(const ops::OperatorDesc& desc) const override;
  Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::OperatorDesc& desc) override;

 private:
  std::shared_ptr<ThreadPool> pool_;
  DeviceInfo device_;
};

}  // namespace dmlc::backends::cpu
