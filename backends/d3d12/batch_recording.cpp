#include "backends/d3d12/batch_recording.h"

#include "backends/d3d12/resource_states.h"
#include "ops/check.h"

namespace dmlc::backends::d3d12 {
namespace {

void Flush(ResourceStates& states, BatchSink& sink) {
  std::vector<D3D12_RESOURCE_BARRIER> barriers = states.TakeBarriers();
  if (!barriers.empty()) sink.Barriers(barriers);
}

}  // namespace

void RecordBatch(std::span<const BatchBuffer> buffers, std::span<const gpu::Dispatch> plan, uint32_t executions,
                 BatchSink& sink) {
  ResourceStates states;
  for (const BatchBuffer& b : buffers) {
    states.Track(b.device, D3D12_RESOURCE_STATE_COMMON);
    if (b.upload != nullptr) states.Require(b.device, D3D12_RESOURCE_STATE_COPY_DEST);
  }
  Flush(states, sink);
  for (const BatchBuffer& b : buffers) {
    if (b.upload != nullptr) sink.Copy(b.device, b.upload, b.bytes);
  }

  sink.BindHeap();
  for (uint32_t e = 0; e < executions; ++e) {
    for (size_t i = 0; i < plan.size(); ++i) {
      const gpu::Dispatch& d = plan[i];
      for (uint32_t input : d.inputs) {
        DMLC_CHECK(input < buffers.size()) << "dispatch " << i << " reads buffer " << input << ", which the operator did not create";
        states.Require(buffers[input].device, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
      }
      DMLC_CHECK(d.output < buffers.size()) << "dispatch " << i << " writes buffer " << d.output << ", which the operator did not create";
      states.Require(buffers[d.output].device, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
      Flush(states, sink);
      if (i == 0) sink.Timestamp(e, false);
      sink.Dispatch(i);
    }
    sink.Timestamp(e, true);
  }

  for (const BatchBuffer& b : buffers) {
    if (b.readback != nullptr) states.Require(b.device, D3D12_RESOURCE_STATE_COPY_SOURCE);
  }
  Flush(states, sink);
  for (const BatchBuffer& b : buffers) {
    if (b.readback != nullptr) sink.Copy(b.readback, b.device, b.bytes);
  }
  for (const BatchBuffer& b : buffers) states.Require(b.device, D3D12_RESOURCE_STATE_COMMON);
  Flush(states, sink);
}

}  // namespace dmlc::backends::d3d12
