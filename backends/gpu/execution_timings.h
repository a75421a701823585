// The timing bookkeeping every GPU backend's ExecuteRepeated() shares: how many executions one call
// may record (the query pool and command list grow with it), and the per-execution Timing made from the
// batch's host time and two timestamps per execution. Pure, thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "ops/error.h"

namespace dmlc::backends::gpu {

// Bounds the timestamps and the recorded command list of one ExecuteRepeated() call.
inline constexpr int kMaxIterations = 65536;

// OkStatus() for 1 <= iterations <= kMaxIterations; else the error (CheckIterations()'s below 1, one
// in `scope`, the backend's name, above the cap).
Status CheckRepeatCount(const std::string& scope, int iterations);

// A device's timestamp counter: nanoseconds per tick (Vulkan's timestampPeriod, 1e9 / D3D12's
// frequency) and the bits it counts in, past which it wraps (Vulkan's timestampValidBits; 64 on D3D12).
struct TimestampClock {
  double ns_per_tick = 1;
  uint32_t valid_bits = 64;
};

// One Timing per execution of a batch of `executions` that took `batch_cpu_ms` on the host: cpu_ms is
// the batch's share, gpu_ms the time between execution e's timestamps ticks[2e] and ticks[2e + 1]
// (masked to the valid bits, so one wrap between them still reads right). Empty `ticks` (no timestamps
// on this queue) leaves gpu_ms unset; otherwise it holds 2 * executions ticks.
std::vector<Timing> ExecutionTimings(size_t executions, double batch_cpu_ms, std::span<const uint64_t> ticks,
                                     const TimestampClock& clock);

}  // namespace dmlc::backends::gpu
