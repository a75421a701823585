#include "backends/cpu/cpu_backend.h"

#include <fstream>
#include <string>
#include <variant>

#include "backends/cpu/heap_retention.h"
#include "backends/cpu/kernels.h"
#include "ops/float16.h"

namespace dmlc::backends::cpu {

std::string HostCpuModel() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const size_t colon = line.find(':');
    if (colon == std::string::npos) break;
    const size_t start = line.find_first_not_of(" \t", colon + 1);
    if (start != std::string::npos) return line.substr(start);
  }
  return "unknown CPU";
}

DeviceInfo HostDeviceInfo(int threads) {
  DeviceInfo info;
  const std::string model = HostCpuModel();
  info.name = model + " (" + std::to_string(threads) + (threads == 1 ? " thread)" : " threads)");
  info.properties = {{"cpu", model}, {"threads", std::to_string(threads)}, {"f16c", ops::HasF16C() ? "yes" : "no"}};
  return info;
}

namespace {

// The workers start after the heap policy is set, so none of them allocates while it changes.
std::shared_ptr<ThreadPool> PoolWithRetainedHeap(int threads) {
  RetainFreedHeapMemory();
  return std::make_shared<ThreadPool>(threads);
}

}  // namespace

CpuBackend::CpuBackend(int threads)
    : pool_(PoolWithRetainedHeap(threads)), device_(HostDeviceInfo(pool_->threads())) {}

// The reference runs every desc the model accepts, and backends receive only accepted descs.
Support CpuBackend::Supports(const ops::OperatorDesc&) const { return Support::Yes(); }

Result<std::unique_ptr<PreparedOperator>> CpuBackend::Prepare(const ops::OperatorDesc& desc) {
  return std::visit(
      [&](const auto& d) -> Result<std::unique_ptr<PreparedOperator>> {
        using D = std::decay_t<decltype(d)>;
        if constexpr (std::is_same_v<D, ops::GatherNd1Desc>) return PrepareGatherNd1(d, pool_);
        if constexpr (std::is_same_v<D, ops::DiagonalMatrixDesc>) return PrepareDiagonalMatrix(d, pool_);
        if constexpr (std::is_same_v<D, ops::JoinDesc>) return PrepareJoin(d, pool_);
        if constexpr (std::is_same_v<D, ops::ReduceDesc>) return PrepareReduce(d, pool_);
        if constexpr (std::is_same_v<D, ops::OneHotDesc>) return PrepareOneHot(d, pool_);
        if constexpr (std::is_same_v<D, ops::DiagonalMatrix1Desc>) return PrepareDiagonalMatrix(d, pool_);
      },
      desc);
}

}  // namespace dmlc::backends::cpu
