// Resource-state tracking: which barriers each required state produces.
#include "backends/d3d12/resource_states.h"

#include <cstdint>

#include <gtest/gtest.h>

namespace dmlc::backends::d3d12 {
namespace {

// Tracking compares pointers only, so distinct fake addresses stand in for resources.
ID3D12Resource* Fake(uintptr_t id) { return reinterpret_cast<ID3D12Resource*>(id * 16); }

void ExpectTransition(const D3D12_RESOURCE_BARRIER& b, ID3D12Resource* r, D3D12_RESOURCE_STATES before,
                      D3D12_RESOURCE_STATES after) {
  EXPECT_EQ(b.Type, D3D12_RESOURCE_BARRIER_TYPE_TRANSITION);
  EXPECT_EQ(b.Flags, D3D12_RESOURCE_BARRIER_FLAG_NONE);
  EXPECT_EQ(b.Transition.pResource, r);
  EXPECT_EQ(b.Transition.Subresource, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES);
  EXPECT_EQ(b.Transition.StateBefore, before);
  EXPECT_EQ(b.Transition.StateAfter, after);
}

TEST(ResourceStates, ChangedStateQueuesOneTransition) {
  ResourceStates states;
  states.Track(Fake(1), D3D12_RESOURCE_STATE_COMMON);
  states.Require(Fake(1), D3D12_RESOURCE_STATE_COPY_DEST);
  const std::vector<D3D12_RESOURCE_BARRIER> barriers = states.TakeBarriers();
  ASSERT_EQ(barriers.size(), 1u);
  ExpectTransition(barriers[0], Fake(1), D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
  EXPECT_EQ(states.StateOf(Fake(1)), D3D12_RESOURCE_STATE_COPY_DEST);
  EXPECT_TRUE(states.TakeBarriers().empty());
}

TEST(ResourceStates, SameReadStateQueuesNothing) {
  ResourceStates states;
  states.Track(Fake(1), D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
  states.Require(Fake(1), D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
  EXPECT_TRUE(states.TakeBarriers().empty());
}

TEST(ResourceStates, UnorderedAccessTwiceQueuesAUavBarrier) {
  ResourceStates states;
  states.Track(Fake(2), D3D12_RESOURCE_STATE_COPY_DEST);
  states.Require(Fake(2), D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  states.Require(Fake(2), D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  const std::vector<D3D12_RESOURCE_BARRIER> barriers = states.TakeBarriers();
  ASSERT_EQ(barriers.size(), 2u);
  ExpectTransition(barriers[0], Fake(2), D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  EXPECT_EQ(barriers[1].Type, D3D12_RESOURCE_BARRIER_TYPE_UAV);
  EXPECT_EQ(barriers[1].UAV.pResource, Fake(2));
}

TEST(ResourceStates, OperatorRecordingSequence) {
  // What D3D12Operator records for one input and one output: upload, dispatch, readback, reset.
  ResourceStates states;
  ID3D12Resource* in = Fake(1);
  ID3D12Resource* out = Fake(2);
  states.Track(in, D3D12_RESOURCE_STATE_COMMON);
  states.Track(out, D3D12_RESOURCE_STATE_COMMON);
  states.Require(in, D3D12_RESOURCE_STATE_COPY_DEST);
  states.Require(out, D3D12_RESOURCE_STATE_COPY_DEST);
  ASSERT_EQ(states.TakeBarriers().size(), 2u);
  states.Require(in, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
  states.Require(out, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  std::vector<D3D12_RESOURCE_BARRIER> b = states.TakeBarriers();
  ASSERT_EQ(b.size(), 2u);
  ExpectTransition(b[0], in, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
  ExpectTransition(b[1], out, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  states.Require(out, D3D12_RESOURCE_STATE_COPY_SOURCE);
  states.Require(in, D3D12_RESOURCE_STATE_COMMON);
  states.Require(out, D3D12_RESOURCE_STATE_COMMON);
  b = states.TakeBarriers();
  ASSERT_EQ(b.size(), 3u);
  ExpectTransition(b[0], out, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
  ExpectTransition(b[1], in, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COMMON);
  ExpectTransition(b[2], out, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COMMON);
}

TEST(ResourceStates, TrackingAgainResetsTheState) {
  ResourceStates states;
  states.Track(Fake(3), D3D12_RESOURCE_STATE_COPY_SOURCE);
  states.Track(Fake(3), D3D12_RESOURCE_STATE_COMMON);
  EXPECT_EQ(states.StateOf(Fake(3)), D3D12_RESOURCE_STATE_COMMON);
  EXPECT_TRUE(states.TakeBarriers().empty());
}

}  // namespace
}  // namespace dmlc::backends::d3d12
