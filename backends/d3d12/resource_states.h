// Resource-state tracking for one command list: each buffer's current state, and the barriers that
// move it to the state the next command needs. Pure bookkeeping (no device calls), so it is unit-tested
// without a D3D12 runtime. Not thread-safe: one per command list being recorded.
#pragma once

#include <cstddef>
#include <vector>

#include "backends/d3d12/d3d12_api.h"

namespace dmlc::backends::d3d12 {

class ResourceStates {
 public:
  // Starts tracking `resource`, which is in `state` when the command list begins.
  void Track(ID3D12Resource* resource, D3D12_RESOURCE_STATES state);
  // The next command uses `resource` in `state`: queues a transition when its state differs, and a UAV
  // barrier when it stays in UNORDERED_ACCESS (the next dispatch must see the previous one's writes).
  // Aborts on an untracked resource: a recording bug, not an input error.
  void Require(ID3D12Resource* resource, D3D12_RESOURCE_STATES state);
  // The queued barriers, in order, to record with ResourceBarrier() before that command; clears them.
  std::vector<D3D12_RESOURCE_BARRIER> TakeBarriers();
  D3D12_RESOURCE_STATES StateOf(ID3D12Resource* resource) const;

 private:
  struct Entry {
    ID3D12Resource* resource;
    D3D12_RESOURCE_STATES state;
  };
  size_t IndexOf(ID3D12Resource* resource) const;  // aborts when untracked
  std::vector<Entry> entries_;  // a handful per command list: a linear search beats hashing
  std::vector<D3D12_RESOURCE_BARRIER> pending_;
};

}  // namespace dmlc::backends::d3d12
