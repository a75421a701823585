#include "app/engine/iteration_timing.h"

#include <algorithm>

namespace dmlc::app {
namespace {

PhaseTiming SummarizePhase(std::span<const IterationSample> samples) {
  std::vector<double> cpu, gpu;
  for (const IterationSample& s : samples) {
    cpu.push_back(s.cpu_ms);
    if (s.gpu_ms) gpu.push_back(*s.gpu_ms);
  }
  PhaseTiming phase{Summarize(std::move(cpu)), std::nullopt};
  // A phase mixing timed and untimed samples would summarize a different set per clock.
  if (gpu.size() == samples.size()) phase.gpu_ms = Summarize(std::move(gpu));
  return phase;
}

}  // namespace

IterationSample BatchSample(std::span<const backends::Timing> executions) {
  IterationSample sample;
  double gpu = 0;
  bool every_gpu = true;
  for (const backends::Timing& t : executions) {
    sample.cpu_ms += t.cpu_ms;
    every_gpu = every_gpu && t.gpu_ms.has_value();
    if (t.gpu_ms) gpu += *t.gpu_ms;
  }
  const double count = static_cast<double>(executions.size());
  sample.cpu_ms /= count;
  if (every_gpu) sample.gpu_ms = gpu / count;
  return sample;
}

size_t ColdSampleCount(size_t samples, int warmup) {
  if (samples == 0 || warmup <= 0) return 0;
  return std::min(samples - 1, static_cast<size_t>(warmup));
}

void SummarizeIterations(const std::vector<IterationSample>& samples, int warmup, CaseTiming& timing) {
  timing.cold.reset();
  timing.hot.reset();
  if (samples.empty()) return;
  const std::span<const IterationSample> all(samples);
  const size_t cold = ColdSampleCount(samples.size(), warmup);
  if (cold > 0) timing.cold = SummarizePhase(all.first(cold));
  timing.hot = SummarizePhase(all.subspan(cold));
}

}  // namespace dmlc::app
