#include "app/bench/registration.h"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "backends/registry.h"

namespace dmlc::app::bench {
namespace {

constexpr uint64_t kCpuMaxSize = uint64_t{64} << 20;
constexpr uint64_t kDeviceMaxSize = uint64_t{1} << 30;

// Every backend its traits time by default (all but `plain`, far slower than the others); else those named.
bool Selected(const BenchOptions& options, const backends::BackendFactory& factory) {
  if (options.backends.empty()) return factory.traits.benchmarked_by_default;
  return std::find(options.backends.begin(), options.backends.end(), factory.name) != options.backends.end();
}

void AddBackendContext(const BackendUnderTest& b, unsigned copy_threads) {
  const backends::DeviceInfo& device = b.backend->Device();
  const std::string prefix = "dmlc_backend_" + b.name;
  benchmark::AddCustomContext(prefix + "_device", device.name);
  benchmark::AddCustomContext(prefix + "_driver", device.driver.empty() ? "(none)" : device.driver);
  benchmark::AddCustomContext(prefix + "_copy_baseline",
                              b.memcpy_baseline ? "memcpy on " + std::to_string(copy_threads) + " threads"
                                                : "JOIN of one FLOAT32 input (pure copy)");
}

uint64_t MaxSize(const BenchOptions& options, const BackendUnderTest& b) {
  if (options.max_size_bytes != 0) return options.max_size_bytes;
  return b.memcpy_baseline ? kCpuMaxSize : kDeviceMaxSize;
}

bool IsDeviceBaseline(const BackendUnderTest& b, const Workload& w) {
  return !b.memcpy_baseline && w.name == "JOIN1/FLOAT32";
}

std::string BenchName(const BackendUnderTest& b, const std::string& what, uint64_t size_bytes) {
  return b.name + "/" + what + "/" + FormatByteSize(size_bytes);
}

}  // namespace

std::vector<BackendUnderTest> OpenBackends(const BenchOptions& options) {
  std::vector<BackendUnderTest> opened;
  for (const auto& factory : backends::BuiltinRegistry().factories()) {
    if (!Selected(options, factory)) continue;
    auto devices = factory.enumerate();
    if (!devices.ok()) {
      spdlog::warn("skipping backend {}: {}", factory.name, devices.error().ToString());
      continue;
    }
    backends::BackendOptions backend_options;
    backend_options.device = options.device;
    auto backend = factory.create(backend_options);
    if (!backend.ok()) {
      spdlog::warn("skipping backend {}: {}", factory.name, backend.error().ToString());
      continue;
    }
    // A host backend works on host memory, so a host memcpy is its copy ceiling.
    opened.push_back({factory.name, std::move(backend).value(), !factory.traits.device});
  }
  for (const auto& name : options.backends) {
    if (!backends::BuiltinRegistry().Find(name)) spdlog::warn("unknown backend '{}' in --backends", name);
  }
  return opened;
}

Result<int> RegisterBenchmarks(const BenchOptions& options, BenchSession& session,
                               std::vector<BackendUnderTest>& opened) {
  benchmark::AddCustomContext("dmlc_version", DMLC_VERSION);
  benchmark::AddCustomContext("dmlc_quick", options.quick ? "true" : "false");
  int registered = 0;
  for (BackendUnderTest& b : opened) {
    AddBackendContext(b, session.copy_threads());
    const PlanOptions plan_options{options.quick, MaxSize(options, b), options.dtypes, options.sweep};
    auto plan = WorkloadPlan(plan_options);
    if (!plan.ok()) return plan.error();
    // Copy baselines first, so every later benchmark finds its fraction_of_copy denominator.
    if (b.memcpy_baseline) {
      for (uint64_t size : SizeLadder(plan_options)) {
        benchmark::RegisterBenchmark(BenchName(b, "MEMCPY", size).c_str(),
                                     [&session, &b, size](benchmark::State& s) { session.RunMemcpy(s, b, size); })
            ->UseManualTime();
        ++registered;
      }
    }
    std::vector<const Workload*> ordered;
    for (const auto& w : *plan) {
      if (IsDeviceBaseline(b, w)) ordered.push_back(&w);
    }
    for (const auto& w : *plan) {
      if (!IsDeviceBaseline(b, w)) ordered.push_back(&w);
    }
    int unsupported = 0;
    for (const Workload* w : ordered) {
      backends::Support support = b.backend->Supports(w->desc);
      if (!support.supported) {
        if (unsupported++ == 0) spdlog::info("{}: {} not supported: {}", b.name, w->name, support.reason);
        continue;
      }
      const bool baseline = IsDeviceBaseline(b, *w);
      // The lambda owns its copy of the workload: the plan is a local of this function.
      benchmark::internal::Benchmark* bench =
          benchmark::RegisterBenchmark(BenchName(b, w->name, w->size_bytes).c_str(),
                                       [&session, &b, workload = *w, baseline](benchmark::State& s) {
                                         session.RunWorkload(s, b, workload, baseline);
                                       });
      bench->UseManualTime();
      // A device iteration is a whole batch of dispatches between one upload and one readback (about a
      // second of transfers at 1 GiB): one per repetition; --benchmark_repetitions gives more.
      if (!b.memcpy_baseline) bench->Iterations(1);
      ++registered;
    }
    if (unsupported > 1) spdlog::info("{}: {} workloads not supported in all", b.name, unsupported);
  }
  return registered;
}

}  // namespace dmlc::app::bench
