#include "app/bench/bench_session.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <vector>

#include <spdlog/spdlog.h>

#include "app/bench/settle.h"

namespace dmlc::app::bench {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Sample {
  double seconds;
  bool from_gpu;  // GPU timestamps rather than wall time
};

// One Execute() (the CPU path): GPU timestamps when the backend has them, else wall time around it.
Result<Sample> TimedExecute(backends::PreparedOperator& op, const WorkloadBuffers& buffers) {
  const auto start = Clock::now();
  auto timing = op.Execute(buffers.input_spans, buffers.output_spans);
  const double wall = SecondsSince(start);
  if (!timing.ok()) return timing.error();
  // A zero GPU time would make Google Benchmark grow the iteration count without bound.
  if (timing->gpu_ms && *timing->gpu_ms > 0) return Sample{*timing->gpu_ms / 1e3, true};
  return Sample{wall, false};
}

struct BatchSample {
  double median_seconds;  // one dispatch's median time in the batch
  bool from_gpu;
  int dispatches;
};

// Dispatches in a device batch of about `batch_seconds`: at least 10, so that the median means
// something, at most 1000.
int BatchSize(double batch_seconds, double estimate_seconds) {
  constexpr double kMin = 10;
  constexpr double kMax = 1000;
  if (!(estimate_seconds > 0)) return static_cast<int>(kMin);
  return static_cast<int>(std::clamp(std::ceil(batch_seconds / estimate_seconds), kMin, kMax));
}

double Median(std::vector<double> values) {
  auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

// One ExecuteRepeated() batch: the dispatches run back to back on resident buffers, so the host-device
// transfers before and after stay out of the figure. The batch leads in with as many untimed dispatches
// as it times: it starts straight after an upload that left the SMs idle, and a batch timed from its
// first dispatch measures its early dispatches at idle clocks, a fraction of the kernel's speed. GPU
// timestamps when every dispatch has one, else the backend's
// per-dispatch host time.
Result<BatchSample> TimedBatch(backends::PreparedOperator& op, const WorkloadBuffers& buffers, int dispatches) {
  auto timings = op.ExecuteRepeated(buffers.input_spans, buffers.output_spans, 2 * dispatches);
  if (!timings.ok()) return timings.error();
  std::vector<double> gpu;
  std::vector<double> cpu;
  for (size_t i = static_cast<size_t>(dispatches); i < timings->size(); ++i) {
    const backends::Timing& t = (*timings)[i];
    if (t.gpu_ms && *t.gpu_ms > 0) gpu.push_back(*t.gpu_ms / 1e3);
    cpu.push_back(t.cpu_ms / 1e3);
  }
  if (!cpu.empty() && gpu.size() == cpu.size()) return BatchSample{Median(gpu), true, dispatches};
  return BatchSample{Median(cpu), false, dispatches};
}

// Batches until SettledBatchIndex picks one (settle.h says why one batch, or two, were not enough), each
// sized from the last one's median; `estimate_seconds` (one dispatch) sizes the first batch and is left
// at the picked batch's median.
Result<BatchSample> SettledBatch(backends::PreparedOperator& op, const WorkloadBuffers& buffers, double batch_seconds,
                                 double& estimate_seconds) {
  std::vector<BatchSample> batches;
  std::vector<double> medians;
  for (;;) {
    auto batch = TimedBatch(op, buffers, BatchSize(batch_seconds, estimate_seconds));
    if (!batch.ok() || !(batch->median_seconds > 0)) return batch;
    estimate_seconds = batch->median_seconds;
    batches.push_back(*batch);
    medians.push_back(batch->median_seconds);
    if (const std::optional<size_t> pick = SettledBatchIndex(medians)) {
      estimate_seconds = medians[*pick];
      return batches[*pick];
    }
  }
}

// Runs `once` at least three times, until 0.1 s of measured time or 2 s of wall time. Returns bytes/s
// over the measured time.
template <class F>
std::optional<double> MeasureRate(uint64_t bytes, F once) {
  constexpr double kMinSeconds = 0.1;
  constexpr double kMaxWallSeconds = 2;
  const auto start = Clock::now();
  double total = 0;
  int runs = 0;
  while (runs < 3 || (total < kMinSeconds && SecondsSince(start) < kMaxWallSeconds)) {
    std::optional<double> seconds = once();
    if (!seconds) return std::nullopt;
    total += *seconds;
    ++runs;
  }
  return static_cast<double>(bytes) * runs / total;
}

void SetRateCounters(benchmark::State& state, uint64_t bytes, double seconds, std::optional<double> baseline) {
  state.SetBytesProcessed(static_cast<int64_t>(bytes * state.iterations()));
  if (baseline && seconds > 0) {
    state.counters["fraction_of_copy"] = static_cast<double>(bytes) * state.iterations() / seconds / *baseline;
  }
}

}  // namespace

void BenchSession::RunMemcpy(benchmark::State& state, const BackendUnderTest& backend, uint64_t size_bytes) {
  active_.reset();  // the copy buffers below are the only large allocation while this runs
  AlignedBuffer src(size_bytes);
  AlignedBuffer dst(size_bytes);
  std::memset(src.data(), 0x5a, size_bytes);
  const auto cold_start = Clock::now();
  copier_.Copy(dst.data(), src.data(), size_bytes);
  const double cold_ms = SecondsSince(cold_start) * 1e3;
  double total = 0;
  for (auto _ : state) {
    const auto start = Clock::now();
    copier_.Copy(dst.data(), src.data(), size_bytes);
    const double seconds = SecondsSince(start);
    state.SetIterationTime(seconds);
    total += seconds;
  }
  const uint64_t bytes = 2 * size_bytes;
  SetRateCounters(state, bytes, total,
                  RecordBaseline({backend.name, size_bytes}, state.iterations(),
                                 static_cast<double>(bytes) * state.iterations() / total));
  state.counters["cold_ms"] = cold_ms;
  state.counters["gpu_timed"] = 0;
  state.SetLabel("memcpy on " + std::to_string(copier_.threads()) + " threads");
}

BenchSession::Active& BenchSession::Activate(BackendUnderTest& backend, const Workload& workload) {
  std::string key = backend.name + "/" + workload.name + "/" + std::to_string(workload.size_bytes);
  if (active_ && active_->key == key) return *active_;
  active_.reset();  // free the previous workload's buffers before allocating these
  auto active = std::make_unique<Active>();
  active->key = std::move(key);
  active->buffers = MakeBuffers(workload);
  const auto prepare_start = Clock::now();
  auto prepared = backend.backend->Prepare(workload.desc);
  active->prepare_ms = SecondsSince(prepare_start) * 1e3;
  if (!prepared.ok()) {
    active->error = "Prepare: " + prepared.error().ToString();
  } else {
    active->op = std::move(prepared).value();
    const auto cold_start = Clock::now();
    auto cold = active->op->Execute(active->buffers.input_spans, active->buffers.output_spans);
    active->cold_ms = SecondsSince(cold_start) * 1e3;
    if (!cold.ok()) {
      active->error = "Execute: " + cold.error().ToString();
    } else {
      active->dispatch_estimate_s = (cold->gpu_ms ? *cold->gpu_ms : cold->cpu_ms) / 1e3;
    }
  }
  active_ = std::move(active);
  return *active_;
}

std::optional<double> BenchSession::MeasureBaseline(BackendUnderTest& backend, uint64_t size_bytes) {
  if (backend.memcpy_baseline) {
    AlignedBuffer src(size_bytes);
    AlignedBuffer dst(size_bytes);
    copier_.Copy(dst.data(), src.data(), size_bytes);  // first touch, not measured
    return MeasureRate(2 * size_bytes, [&]() -> std::optional<double> {
      const auto start = Clock::now();
      copier_.Copy(dst.data(), src.data(), size_bytes);
      return SecondsSince(start);
    });
  }
  auto copy = MakeJoinCopy(ops::DataType::kFloat32, size_bytes);
  if (!copy.ok()) return std::nullopt;
  Active& active = Activate(backend, *copy);
  if (!active.error.empty()) return std::nullopt;
  // Measured as the device benchmarks are: one batch, its median dispatch.
  auto batch = SettledBatch(*active.op, active.buffers, device_batch_s_, active.dispatch_estimate_s);
  if (!batch.ok() || !(batch->median_seconds > 0)) return std::nullopt;
  return static_cast<double>(copy->bytes_moved) / batch->median_seconds;
}

std::optional<double> BenchSession::Baseline(BackendUnderTest& backend, uint64_t size_bytes) {
  const BaselineKey key{backend.name, size_bytes};
  if (auto it = baselines_.find(key); it != baselines_.end()) return MedianRate(it->second);
  spdlog::info("{}: copy baseline for {} bytes not run yet (filtered out?); measuring it now", backend.name,
               size_bytes);
  std::optional<double> measured = MeasureBaseline(backend, size_bytes);
  if (measured) RecordBaseline(key, 0, *measured);
  return measured;
}

double BenchSession::MedianRate(const std::vector<CopyRun>& runs) {
  std::vector<double> rates;
  for (const CopyRun& run : runs) rates.push_back(run.bytes_per_second);
  return Median(std::move(rates));
}

double BenchSession::RecordBaseline(const BaselineKey& key, int64_t iterations, double bytes_per_second) {
  std::vector<CopyRun>& runs = baselines_[key];
  if (!runs.empty() && iterations > runs.back().iterations) runs.pop_back();
  runs.push_back({iterations, bytes_per_second});
  return MedianRate(runs);
}

void BenchSession::RunWorkload(benchmark::State& state, BackendUnderTest& backend, const Workload& workload,
                               bool is_baseline) {
  std::optional<double> baseline = is_baseline ? std::nullopt : Baseline(backend, workload.size_bytes);
  Active& active = Activate(backend, workload);
  if (!active.error.empty()) {
    state.SkipWithError(active.error.c_str());
    return;
  }
  const bool device = !backend.memcpy_baseline;
  double total = 0;
  bool gpu_timed = true;
  int dispatches = 0;
  const auto time_iteration = [&]() -> Result<Sample> {
    if (!device) return TimedExecute(*active.op, active.buffers);
    auto batch = SettledBatch(*active.op, active.buffers, device_batch_s_, active.dispatch_estimate_s);
    if (!batch.ok()) return batch.error();
    dispatches = batch->dispatches;
    return Sample{batch->median_seconds, batch->from_gpu};
  };
  for (auto _ : state) {
    Result<Sample> sample = time_iteration();
    if (!sample.ok()) {
      state.SkipWithError(sample.error().ToString().c_str());
      break;
    }
    state.SetIterationTime(sample->seconds);
    total += sample->seconds;
    gpu_timed = gpu_timed && sample->from_gpu;
  }
  if (state.error_occurred()) return;
  if (device) state.counters["dispatches"] = dispatches;
  if (is_baseline) {
    baseline = RecordBaseline({backend.name, workload.size_bytes}, state.iterations(),
                              static_cast<double>(workload.bytes_moved) * state.iterations() / total);
  }
  SetRateCounters(state, workload.bytes_moved, total, baseline);
  state.counters["cold_ms"] = active.cold_ms;
  state.counters["prepare_ms"] = active.prepare_ms;
  state.counters["gpu_timed"] = gpu_timed ? 1 : 0;
  state.SetLabel(workload.shape);
}

}  // namespace dmlc::app::bench
