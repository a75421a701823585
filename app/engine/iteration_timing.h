// The timed iterations of a case turned into statistics, as DxDispatch times a dispatch
// (docs/case-format.md, "Timings"): each iteration is one sample; an iteration of `repeat` executions counts
// their time over `repeat`; the first samples, up to the warmup count, are cold and the rest hot, at
// least one of them hot. Pure functions; thread-safe.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "app/engine/case_result.h"
#include "backends/backend.h"

namespace dmlc::app {

// One iteration's times, in milliseconds.
struct IterationSample {
  double cpu_ms = 0;
  std::optional<double> gpu_ms;  // when the backend timed every execution of the iteration
};

// The sample of one iteration whose executions are `executions` (one ExecuteRepeated() batch): their
// CPU times summed over their count, and likewise their GPU times when each has one.
// Precondition: executions is not empty.
IterationSample BatchSample(std::span<const backends::Timing> executions);

// How many of `samples` are cold: min(samples - 1, warmup), so that one stays hot; 0 for no samples.
size_t ColdSampleCount(size_t samples, int warmup);

// timing.cold and timing.hot from the samples in iteration order: cold only when some sample is cold,
// neither for no samples. GPU statistics for a phase only when each of its samples has a GPU time.
void SummarizeIterations(const std::vector<IterationSample>& samples, int warmup, CaseTiming& timing);

}  // namespace dmlc::app
