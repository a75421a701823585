// The state one dml-bench run shares between its benchmarks: the copy baselines measured so far, the
// copier, and the one workload whose buffers are alive. Benchmarks run one at a time on the main
// thread, so only the current workload's buffers are allocated (a full ladder would need tens of GiB).
// Not thread-safe; used from Google Benchmark's runner thread only.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "app/bench/parallel_copy.h"
#include "app/bench/workload_data.h"
#include "app/bench/workloads.h"
#include "backends/backend.h"

namespace dmlc::app::bench {

struct BackendUnderTest {
  std::string name;
  std::unique_ptr<backends::Backend> backend;
  // True for a host backend (BackendTraits::device false), whose buffers are host memory: its copy
  // baseline is ParallelCopier.
  // Device backends have no copy operation in backends/backend.h, so their baseline is a JOIN of one
  // input (a pure copy, run through the backend's own buffers and dispatch path).
  bool memcpy_baseline = false;
};

class BenchSession {
 public:
  // `device_batch_ms`: GPU time one device benchmark iteration aims at (BenchOptions::device_batch_ms).
  BenchSession(unsigned copy_threads, double device_batch_ms)
      : copier_(copy_threads), device_batch_s_(device_batch_ms / 1e3) {}

  // The copy baseline benchmark on a host backend: ParallelCopier over `size_bytes`.
  void RunMemcpy(benchmark::State& state, const BackendUnderTest& backend, uint64_t size_bytes);
  // One workload on one backend. `is_baseline`: this is a device backend's JOIN1 baseline, whose
  // bytes/s becomes that backend's copy figure for the size. On the CPU each iteration is one Execute();
  // on a device backend one ExecuteRepeated() batch (one upload, back-to-back dispatches, one readback)
  // whose median dispatch time is the iteration's manual time.
  void RunWorkload(benchmark::State& state, BackendUnderTest& backend, const Workload& workload,
                   bool is_baseline);

  unsigned copy_threads() const { return copier_.threads(); }

 private:
  struct Active {
    std::string key;  // backend + "/" + workload name + "/" + size
    WorkloadBuffers buffers;
    std::unique_ptr<backends::PreparedOperator> op;
    double prepare_ms = 0;
    double cold_ms = 0;  // the first Execute() after Prepare(): compiles, uploads, first-touch
    // One dispatch's expected seconds, which sizes the next device batch: an untimed calibration
    // batch's median (device backends), then the last batch's median.
    double dispatch_estimate_s = 0;
    std::string error;   // set when Prepare(), the first Execute() or the calibration failed
  };
  using BaselineKey = std::pair<std::string, uint64_t>;
  struct CopyRun {  // one run of a copy baseline benchmark
    int64_t iterations;
    double bytes_per_second;
  };

  // Makes `workload` on `backend` the active one, preparing it and running the cold dispatch.
  Active& Activate(BackendUnderTest& backend, const Workload& workload);
  // The backend's copy bytes/s at the size: the median of the copy benchmark's repetitions so far; measured
  // here when the copy benchmark was filtered out. One repetition alone can sit well off its run's median
  // on a shared machine and would move every fraction of the run with it.
  std::optional<double> Baseline(BackendUnderTest& backend, uint64_t size_bytes);
  // Adds a copy run of `iterations` at `bytes_per_second` to the baseline at the key; returns the
  // baseline now. Google Benchmark's first repetition grows its iteration count over trial runs before
  // the run it reports, and later repetitions reuse that count: a run with more iterations than the
  // last one replaces it.
  double RecordBaseline(const BaselineKey& key, int64_t iterations, double bytes_per_second);
  static double MedianRate(const std::vector<CopyRun>& runs);
  std::optional<double> MeasureBaseline(BackendUnderTest& backend, uint64_t size_bytes);

  ParallelCopier copier_;
  double device_batch_s_;
  std::unique_ptr<Active> active_;
  std::map<BaselineKey, std::vector<CopyRun>> baselines_;
};

}  // namespace dmlc::app::bench
