#include "backends/directml/execution_states.h"

namespace dmlc::backends::directml {

ExecutionStates::ExecutionStates(ExecutionBuffers buffers) : buffers_(std::move(buffers)) {
  for (ID3D12Resource* r : buffers_.inputs) states_.Track(r, D3D12_RESOURCE_STATE_COMMON);
  for (ID3D12Resource* r : buffers_.outputs) states_.Track(r, D3D12_RESOURCE_STATE_COMMON);
  if (buffers_.temporary != nullptr) states_.Track(buffers_.temporary, D3D12_RESOURCE_STATE_COMMON);
  if (buffers_.persistent != nullptr) states_.Track(buffers_.persistent, D3D12_RESOURCE_STATE_COMMON);
}

std::vector<D3D12_RESOURCE_BARRIER> ExecutionStates::BeforeUpload() {
  // Outputs are uploaded too: their stride gaps must come back as they were.
  for (ID3D12Resource* r : buffers_.inputs) states_.Require(r, D3D12_RESOURCE_STATE_COPY_DEST);
  for (ID3D12Resource* r : buffers_.outputs) states_.Require(r, D3D12_RESOURCE_STATE_COPY_DEST);
  return states_.TakeBarriers();
}

std::vector<D3D12_RESOURCE_BARRIER> ExecutionStates::BeforeDispatch() {
  // Inputs and the persistent buffer are only read by executions: a transition the first time, no
  // barrier after. Outputs and the temporary buffer are written: a UAV barrier between dispatches.
  for (ID3D12Resource* r : buffers_.inputs) {
    if (states_.StateOf(r) != D3D12_RESOURCE_STATE_UNORDERED_ACCESS) states_.Require(r, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  }
  if (buffers_.persistent != nullptr && states_.StateOf(buffers_.persistent) != D3D12_RESOURCE_STATE_UNORDERED_ACCESS) {
    states_.Require(buffers_.persistent, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  }
  for (ID3D12Resource* r : buffers_.outputs) states_.Require(r, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  if (buffers_.temporary != nullptr) states_.Require(buffers_.temporary, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  return states_.TakeBarriers();
}

std::vector<D3D12_RESOURCE_BARRIER> ExecutionStates::AfterInitialization() {
  if (buffers_.persistent != nullptr) states_.Require(buffers_.persistent, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  return states_.TakeBarriers();
}

std::vector<D3D12_RESOURCE_BARRIER> ExecutionStates::BeforeReadback() {
  for (ID3D12Resource* r : buffers_.outputs) states_.Require(r, D3D12_RESOURCE_STATE_COPY_SOURCE);
  return states_.TakeBarriers();
}

std::vector<D3D12_RESOURCE_BARRIER> ExecutionStates::AtEnd() {
  auto back = [this](ID3D12Resource* r) {
    if (r != nullptr && states_.StateOf(r) != D3D12_RESOURCE_STATE_COMMON) states_.Require(r, D3D12_RESOURCE_STATE_COMMON);
  };
  for (ID3D12Resource* r : buffers_.inputs) back(r);
  for (ID3D12Resource* r : buffers_.outputs) back(r);
  back(buffers_.temporary);
  back(buffers_.persistent);
  return states_.TakeBarriers();
}

}  // namespace dmlc::backends::directml
