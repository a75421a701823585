#include "backends/gpu/execution_timings.h"

#include "ops/check.h"

namespace dmlc::backends::gpu {

Status CheckRepeatCount(const std::string& scope, int iterations) {
  DMLC_RETURN_IF_ERROR(CheckIterations(iterations));
  if (iterations > kMaxIterations) {
    return MakeError(scope, "iterations", std::to_string(iterations) + " executions asked of one call",
                     "at most " + std::to_string(kMaxIterations) + " executions per ExecuteRepeated()");
  }
  return OkStatus();
}

std::vector<Timing> ExecutionTimings(size_t executions, double batch_cpu_ms, std::span<const uint64_t> ticks,
                                     const TimestampClock& clock) {
  Timing each;
  each.cpu_ms = batch_cpu_ms / static_cast<double>(executions);
  std::vector<Timing> timings(executions, each);
  if (ticks.empty()) return timings;
  DMLC_CHECK(ticks.size() == 2 * executions) << ticks.size() << " timestamps for " << executions << " executions";
  const uint64_t mask = clock.valid_bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << clock.valid_bits) - 1;
  for (size_t e = 0; e < executions; ++e) {
    const uint64_t elapsed = (ticks[2 * e + 1] - ticks[2 * e]) & mask;
    timings[e].gpu_ms = static_cast<double>(elapsed) * clock.ns_per_tick / 1e6;
  }
  return timings;
}

}  // namespace dmlc::backends::gpu
