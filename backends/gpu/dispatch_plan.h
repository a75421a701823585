// The mapping from a validated operator desc to GPU dispatches, shared by the Vulkan and D3D12
// backends: which kernel variant runs, which tensors it binds, the parameter block it reads and how
// many workgroups it needs. Pure data and arithmetic; no graphics API here, so it is unit-tested
// without a GPU. Each kernel declares its variants in its own "// variant:" lines.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "backends/gpu/param_layout.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::backends::gpu {

inline constexpr uint32_t kThreadsPerGroup = DMLC_GPU_THREADS_PER_GROUP;
inline constexpr uint32_t kParamWords = DMLC_P_WORDS;
using ParamBlock = std::array<uint32_t, kParamWords>;

// One kernel launch. Binding slots follow the kernels' registers: b0 = the parameter block, then the
// inputs as t1, t2, ..., then the output as u<inputs.size() + 1>.
// Buffer indices below ops::Bindings(desc).size() name the desc's tensors; higher ones name scratch
// buffers (only where DeviceLimits::scratch_buffers allows them): the backend creates scratch buffer
// `index` (device-local, contents undefined at start) with the `scratch_bytes` of the dispatch that
// writes it. A dispatch reading what an earlier one wrote needs a barrier between them; dispatches
// that write disjoint parts of one output (JOIN) do not.
struct Dispatch {
  std::string kernel;            // variant name (a kernel's "// variant:" line): "copy_b4", "reduce_f16"
  std::vector<uint32_t> inputs;  // buffer indices, as above
  uint32_t output = 0;           // buffer index, as above
  uint64_t scratch_bytes = 0;    // > 0 when `output` is a scratch buffer: its size
  ParamBlock params{};
  uint32_t group_count = 1;      // workgroups along x, each of kThreadsPerGroup threads
};

// What the device and backend allow; the plan stays within it.
struct DeviceLimits {
  uint32_t max_group_count_x = 65535;  // maxComputeWorkGroupCount[0]; the Vulkan/D3D12 minimum
  // The backend creates scratch buffers for plans that name them (REDUCE over long spans into few
  // outputs then runs as two dispatches: partial states, then their combination). Without them every
  // REDUCE is one dispatch.
  bool scratch_buffers = false;

  bool operator==(const DeviceLimits&) const = default;
};

// The dispatches that compute `desc`, in order (JOIN: one per input, writing disjoint output blocks).
// Assumes ops::Validate() accepted the desc; errors only for what the kernels cannot address: more than
// 2^32 - 1 elements in one walk or one reduction.
Result<std::vector<Dispatch>> PlanDispatches(const ops::OperatorDesc& desc, const DeviceLimits& limits);

// Workgroups for `count` elements (or vectors): enough for one per thread, capped at the device limit
// (the kernels' grid-stride loops cover the rest). At least 1.
uint32_t GroupCount(uint64_t count, const DeviceLimits& limits);

// Every kernel variant the kernels declare (their "// variant:" lines): the names PlanDispatches may
// produce, so a backend can check its catalogue is complete.
std::vector<std::string> AllKernelNames();

}  // namespace dmlc::backends::gpu
