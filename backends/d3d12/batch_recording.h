// What a d3d12 operator's command list holds for `executions` back-to-back runs of its dispatch plan:
// upload every binding but the scratch buffers (outputs too, so the stride gaps the kernels never write come back unchanged),
// then per execution a start timestamp, the dispatches, an end timestamp, then one readback of the
// outputs and every buffer back to COMMON, where the next submission starts. Barriers come from
// ResourceStates: an execution's first dispatch finds its output still in UNORDERED_ACCESS from the one
// before and gets a UAV barrier, recorded before the start timestamp so that each execution's time
// holds its own dispatches only. Pure sequencing over a sink, so it is unit-tested without a device.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "backends/d3d12/d3d12_api.h"
#include "backends/gpu/dispatch_plan.h"

namespace dmlc::backends::d3d12 {

// One buffer of the plan, by its index: the bindings in ops::Bindings() order, then the scratch buffers.
struct BatchBuffer {
  ID3D12Resource* device = nullptr;    // DEFAULT heap, in COMMON between submissions
  ID3D12Resource* upload = nullptr;    // UPLOAD heap; null for a scratch buffer, which only the GPU touches
  ID3D12Resource* readback = nullptr;  // READBACK heap; null for an input or a scratch buffer
  uint64_t bytes = 0;                  // the bound (word-rounded) size, copied each way for a binding
};

// Where the sequence goes: a command list (d3d12_operator.cpp) or a test's trace.
class BatchSink {
 public:
  virtual ~BatchSink() = default;
  virtual void Barriers(const std::vector<D3D12_RESOURCE_BARRIER>& barriers) = 0;  // never empty
  virtual void Copy(ID3D12Resource* destination, ID3D12Resource* source, uint64_t bytes) = 0;
  // Timestamp of execution `execution`'s start (end false) or end.
  virtual void Timestamp(uint32_t execution, bool end) = 0;
  // Binds the descriptor heap once, before the first dispatch.
  virtual void BindHeap() = 0;
  // Dispatch `index` of the plan: its pipeline, parameter block, descriptor table and group count.
  virtual void Dispatch(size_t index) = 0;
};

// Records `executions` (>= 1) runs of `plan` over `buffers` into `sink`. A scratch buffer one dispatch
// writes and the next reads goes from UNORDERED_ACCESS to NON_PIXEL_SHADER_RESOURCE between them, and back
// in the next execution. Aborts when a dispatch names a buffer past `buffers` (a plan bug).
void RecordBatch(std::span<const BatchBuffer> buffers, std::span<const gpu::Dispatch> plan, uint32_t executions,
                 BatchSink& sink);

}  // namespace dmlc::backends::d3d12
