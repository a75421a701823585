#include "backends/d3d12/resource_states.h"

#include <cstdio>
#include <cstdlib>
#include <utility>

#include "ops/check.h"

namespace dmlc::backends::d3d12 {

void ResourceStates::Track(ID3D12Resource* resource, D3D12_RESOURCE_STATES state) {
  for (Entry& e : entries_) {
    if (e.resource == resource) {
      e.state = state;
      return;
    }
  }
  entries_.push_back({resource, state});
}

size_t ResourceStates::IndexOf(ID3D12Resource* resource) const {
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].resource == resource) return i;
  }
  DMLC_CHECK(false) << "resource " << static_cast<void*>(resource) << " used before Track()";
}

void ResourceStates::Require(ID3D12Resource* resource, D3D12_RESOURCE_STATES state) {
  Entry& e = entries_[IndexOf(resource)];
  D3D12_RESOURCE_BARRIER barrier{};
  if (e.state == state) {
    if (state != D3D12_RESOURCE_STATE_UNORDERED_ACCESS) return;
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    barrier.UAV.pResource = resource;
  } else {
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = resource;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = e.state;
    barrier.Transition.StateAfter = state;
    e.state = state;
  }
  pending_.push_back(barrier);
}

std::vector<D3D12_RESOURCE_BARRIER> ResourceStates::TakeBarriers() { return std::exchange(pending_, {}); }

D3D12_RESOURCE_STATES ResourceStates::StateOf(ID3D12Resource* resource) const {
  return entries_[IndexOf(resource)].state;
}

}  // namespace dmlc::backends::d3d12
