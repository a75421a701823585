// The resource states one recorded DirectML execution moves its buffers through, and the barriers
// between: every tensor buffer COMMON -> COPY_DEST for the upload; every buffer (tensors, temporary,
// persistent) -> UNORDERED_ACCESS, the state DirectML dispatches in; a UAV barrier on the outputs and
// the temporary buffer between dispatches (the next one reads or overwrites what the last wrote); the
// outputs -> COPY_SOURCE for the readback; everything back to COMMON, where the next recording starts.
// Bookkeeping only (d3d12::ResourceStates), so it is unit-tested without a device.
#pragma once

#include <vector>

#include "backends/d3d12/resource_states.h"

namespace dmlc::backends::directml {

struct ExecutionBuffers {
  std::vector<ID3D12Resource*> inputs;   // device buffers, binding order
  std::vector<ID3D12Resource*> outputs;
  ID3D12Resource* temporary = nullptr;   // null when none
  ID3D12Resource* persistent = nullptr;  // null when none
};

class ExecutionStates {
 public:
  explicit ExecutionStates(ExecutionBuffers buffers);
  // Each returns the barriers to record before that step, in order.
  std::vector<D3D12_RESOURCE_BARRIER> BeforeUpload();
  std::vector<D3D12_RESOURCE_BARRIER> BeforeDispatch();  // the first, or one after another dispatch
  // After the initializer's dispatch (recorded before the first execution when an input is owned by
  // DirectML): a UAV barrier on the persistent buffer it filled.
  std::vector<D3D12_RESOURCE_BARRIER> AfterInitialization();
  std::vector<D3D12_RESOURCE_BARRIER> BeforeReadback();
  std::vector<D3D12_RESOURCE_BARRIER> AtEnd();

 private:
  ExecutionBuffers buffers_;
  d3d12::ResourceStates states_;
};

}  // namespace dmlc::backends::directml
