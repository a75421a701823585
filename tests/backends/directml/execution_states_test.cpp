// The barriers one recorded DirectML execution records, step by step, without a device.
#include "backends/directml/execution_states.h"

#include <gtest/gtest.h>

namespace dmlc::backends::directml {
namespace {

ID3D12Resource* Fake(uintptr_t n) { return reinterpret_cast<ID3D12Resource*>(n * 16); }
ID3D12Resource* const kInput = Fake(1);
ID3D12Resource* const kOutput = Fake(2);
ID3D12Resource* const kTemporary = Fake(3);
ID3D12Resource* const kPersistent = Fake(4);

struct Step {
  ID3D12Resource* resource;
  D3D12_RESOURCE_BARRIER_TYPE type;
  D3D12_RESOURCE_STATES before = D3D12_RESOURCE_STATE_COMMON;
  D3D12_RESOURCE_STATES after = D3D12_RESOURCE_STATE_COMMON;
};

void ExpectBarriers(const std::vector<D3D12_RESOURCE_BARRIER>& actual, const std::vector<Step>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i) {
    EXPECT_EQ(actual[i].Type, expected[i].type) << i;
    if (expected[i].type == D3D12_RESOURCE_BARRIER_TYPE_UAV) {
      EXPECT_EQ(actual[i].UAV.pResource, expected[i].resource) << i;
    } else {
      EXPECT_EQ(actual[i].Transition.pResource, expected[i].resource) << i;
      EXPECT_EQ(actual[i].Transition.StateBefore, expected[i].before) << i;
      EXPECT_EQ(actual[i].Transition.StateAfter, expected[i].after) << i;
    }
  }
}

constexpr auto kTransition = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
constexpr auto kUav = D3D12_RESOURCE_BARRIER_TYPE_UAV;
constexpr auto kCommon = D3D12_RESOURCE_STATE_COMMON;
constexpr auto kCopyDest = D3D12_RESOURCE_STATE_COPY_DEST;
constexpr auto kCopySource = D3D12_RESOURCE_STATE_COPY_SOURCE;
constexpr auto kUnordered = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;

TEST(DirectmlExecutionStates, TwoDispatchesBetweenUploadAndReadback) {
  ExecutionStates states({{kInput}, {kOutput}, kTemporary, kPersistent});
  ExpectBarriers(states.BeforeUpload(), {{kInput, kTransition, kCommon, kCopyDest}, {kOutput, kTransition, kCommon, kCopyDest}});
  ExpectBarriers(states.BeforeDispatch(), {{kInput, kTransition, kCopyDest, kUnordered},
                                           {kPersistent, kTransition, kCommon, kUnordered},
                                           {kOutput, kTransition, kCopyDest, kUnordered},
                                           {kTemporary, kTransition, kCommon, kUnordered}});
  // The second dispatch waits for the first one's writes: outputs and scratch, not what it only reads.
  ExpectBarriers(states.BeforeDispatch(), {{kOutput, kUav}, {kTemporary, kUav}});
  ExpectBarriers(states.BeforeReadback(), {{kOutput, kTransition, kUnordered, kCopySource}});
  ExpectBarriers(states.AtEnd(), {{kInput, kTransition, kUnordered, kCommon},
                                  {kOutput, kTransition, kCopySource, kCommon},
                                  {kTemporary, kTransition, kUnordered, kCommon},
                                  {kPersistent, kTransition, kUnordered, kCommon}});
}

TEST(DirectmlExecutionStates, InitializationAloneTouchesOnlyItsBuffers) {
  ExecutionStates states({{}, {}, nullptr, kPersistent});
  ExpectBarriers(states.BeforeDispatch(), {{kPersistent, kTransition, kCommon, kUnordered}});
  ExpectBarriers(states.AfterInitialization(), {{kPersistent, kUav}});
  ExpectBarriers(states.AtEnd(), {{kPersistent, kTransition, kUnordered, kCommon}});
}

TEST(DirectmlExecutionStates, NoTemporaryOrPersistentBuffer) {
  ExecutionStates states({{kInput}, {kOutput}, nullptr, nullptr});
  states.BeforeUpload();
  states.BeforeDispatch();
  ExpectBarriers(states.AfterInitialization(), {});
  ExpectBarriers(states.BeforeDispatch(), {{kOutput, kUav}});
}

}  // namespace
}  // namespace dmlc::backends::directml
