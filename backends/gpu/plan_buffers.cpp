#include "backends/gpu/plan_buffers.h"

#include <algorithm>
#include <string>

namespace dmlc::backends::gpu {

Result<PlanBuffers> LayoutPlanBuffers(const ops::OperatorDesc& desc, std::span<const Dispatch> plan) {
  PlanBuffers buffers;
  for (const ops::TensorBinding& b : ops::Bindings(desc)) buffers.bytes.push_back(b.desc->TotalTensorSizeInBytes);
  buffers.binding_count = buffers.bytes.size();
  for (const Dispatch& d : plan) {
    if (d.scratch_bytes == 0) continue;
    if (d.output != buffers.bytes.size()) {
      return MakeError("gpu", "", "scratch buffer " + std::to_string(d.output) + " out of order",
                       "plans number scratch buffers after the bindings, in order");
    }
    buffers.bytes.push_back(d.scratch_bytes);
  }
  std::vector<bool> written(buffers.bytes.size(), false);
  for (const Dispatch& d : plan) {
    for (uint32_t t : d.inputs) {
      if (t >= buffers.bytes.size()) {
        return MakeError("gpu", "", "dispatch reads buffer " + std::to_string(t) + ", which no one creates",
                         "every buffer a plan names exists");
      }
    }
    if (d.output >= buffers.bytes.size()) {
      return MakeError("gpu", "", "dispatch writes buffer " + std::to_string(d.output) + ", which no one creates",
                       "every buffer a plan names exists");
    }
    buffers.barrier_before.push_back(std::any_of(d.inputs.begin(), d.inputs.end(), [&](uint32_t t) { return written[t]; }));
    written[d.output] = true;
  }
  return buffers;
}

}  // namespace dmlc::backends::gpu
