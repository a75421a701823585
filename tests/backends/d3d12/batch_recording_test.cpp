// The command sequence of a d3d12 operator's batch: upload, per execution a timestamp pair around the
// dispatches with a UAV barrier between executions, readback, and every buffer back to COMMON.
#include "backends/d3d12/batch_recording.h"

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace dmlc::backends::d3d12 {
namespace {

// Recording compares pointers only, so distinct fake addresses stand in for resources.
ID3D12Resource* Fake(uintptr_t id) { return reinterpret_cast<ID3D12Resource*>(id * 16); }

std::string Name(ID3D12Resource* r) { return "r" + std::to_string(reinterpret_cast<uintptr_t>(r) / 16); }

std::string StateName(D3D12_RESOURCE_STATES s) {
  switch (s) {
    case D3D12_RESOURCE_STATE_COMMON: return "COMMON";
    case D3D12_RESOURCE_STATE_COPY_DEST: return "COPY_DEST";
    case D3D12_RESOURCE_STATE_COPY_SOURCE: return "COPY_SOURCE";
    case D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE: return "SRV";
    case D3D12_RESOURCE_STATE_UNORDERED_ACCESS: return "UAV";
    default: return "state " + std::to_string(static_cast<int>(s));
  }
}

// Writes each command as one line of text, so a test compares the whole sequence.
class TraceSink final : public BatchSink {
 public:
  void Barriers(const std::vector<D3D12_RESOURCE_BARRIER>& barriers) override {
    std::string line = "barriers";
    for (const D3D12_RESOURCE_BARRIER& b : barriers) {
      if (b.Type == D3D12_RESOURCE_BARRIER_TYPE_UAV) {
        line += " uav:" + Name(b.UAV.pResource);
      } else {
        line += " " + Name(b.Transition.pResource) + ":" + StateName(b.Transition.StateBefore) + "->" +
                StateName(b.Transition.StateAfter);
      }
    }
    trace.push_back(line);
  }
  void Copy(ID3D12Resource* destination, ID3D12Resource* source, uint64_t bytes) override {
    trace.push_back("copy " + Name(source) + "->" + Name(destination) + " " + std::to_string(bytes));
  }
  void Timestamp(uint32_t execution, bool end) override {
    trace.push_back(std::string(end ? "end " : "start ") + std::to_string(execution));
  }
  void BindHeap() override { trace.push_back("heap"); }
  void Dispatch(size_t index) override { trace.push_back("dispatch " + std::to_string(index)); }

  std::vector<std::string> trace;
};

// Two inputs (device r1, r2; upload r11, r12) and an output (device r3, upload r13, readback r23).
const std::vector<BatchBuffer> kBuffers = {
    {Fake(1), Fake(11), nullptr, 24}, {Fake(2), Fake(12), nullptr, 32}, {Fake(3), Fake(13), Fake(23), 56}};

// Every batch starts by moving each buffer to COPY_DEST, uploading it whole and binding the heap.
const std::vector<std::string> kUpload = {
    "barriers r1:COMMON->COPY_DEST r2:COMMON->COPY_DEST r3:COMMON->COPY_DEST",
    "copy r11->r1 24",
    "copy r12->r2 32",
    "copy r13->r3 56",
    "heap",
};

std::vector<std::string> Then(std::vector<std::string> first, const std::vector<std::string>& rest) {
  first.insert(first.end(), rest.begin(), rest.end());
  return first;
}

gpu::Dispatch Copies(uint32_t input) {
  gpu::Dispatch d;
  d.inputs = {input};
  d.output = 2;
  return d;
}

TEST(RecordBatch, OneExecutionUploadsTimesTheDispatchesAndReadsBack) {
  TraceSink sink;
  const std::vector<gpu::Dispatch> plan = {Copies(0)};
  RecordBatch(kBuffers, plan, 1, sink);
  const std::vector<std::string> expected = Then(kUpload, {
      "barriers r1:COPY_DEST->SRV r3:COPY_DEST->UAV",
      "start 0",
      "dispatch 0",
      "end 0",
      "barriers r3:UAV->COPY_SOURCE",
      "copy r3->r23 56",
      "barriers r1:SRV->COMMON r2:COPY_DEST->COMMON r3:COPY_SOURCE->COMMON",
  });
  EXPECT_EQ(sink.trace, expected);
}

TEST(RecordBatch, ExecutionsRunBackToBackWithAUavBarrierBeforeEachStart) {
  TraceSink sink;
  const std::vector<gpu::Dispatch> plan = {Copies(0), Copies(1)};  // JOIN: two copies into one output
  RecordBatch(kBuffers, plan, 3, sink);
  const std::vector<std::string> expected = Then(kUpload, {
      "barriers r1:COPY_DEST->SRV r3:COPY_DEST->UAV",
      "start 0",
      "dispatch 0",
      "barriers r2:COPY_DEST->SRV uav:r3",
      "dispatch 1",
      "end 0",
      "barriers uav:r3",
      "start 1",
      "dispatch 0",
      "barriers uav:r3",
      "dispatch 1",
      "end 1",
      "barriers uav:r3",
      "start 2",
      "dispatch 0",
      "barriers uav:r3",
      "dispatch 1",
      "end 2",
      "barriers r3:UAV->COPY_SOURCE",
      "copy r3->r23 56",
      "barriers r1:SRV->COMMON r2:SRV->COMMON r3:COPY_SOURCE->COMMON",
  });
  EXPECT_EQ(sink.trace, expected);
}

TEST(RecordBatch, AScratchBufferIsNeverCopiedAndChangesStateBetweenItsWriterAndItsReader) {
  TraceSink sink;
  // REDUCE in two passes: input r1 -> partial states in scratch r4 -> output r3.
  std::vector<BatchBuffer> buffers = {kBuffers[0], kBuffers[2], {Fake(4), nullptr, nullptr, 64}};
  gpu::Dispatch partial;
  partial.inputs = {0};
  partial.output = 2;
  partial.scratch_bytes = 64;
  gpu::Dispatch combine;
  combine.inputs = {2};
  combine.output = 1;
  const std::vector<gpu::Dispatch> plan = {partial, combine};
  RecordBatch(buffers, plan, 2, sink);
  const std::vector<std::string> expected = {
      "barriers r1:COMMON->COPY_DEST r3:COMMON->COPY_DEST",
      "copy r11->r1 24",
      "copy r13->r3 56",
      "heap",
      "barriers r1:COPY_DEST->SRV r4:COMMON->UAV",
      "start 0",
      "dispatch 0",
      "barriers r4:UAV->SRV r3:COPY_DEST->UAV",
      "dispatch 1",
      "end 0",
      "barriers r4:SRV->UAV",
      "start 1",
      "dispatch 0",
      "barriers r4:UAV->SRV uav:r3",
      "dispatch 1",
      "end 1",
      "barriers r3:UAV->COPY_SOURCE",
      "copy r3->r23 56",
      "barriers r1:SRV->COMMON r3:COPY_SOURCE->COMMON r4:SRV->COMMON",
  };
  EXPECT_EQ(sink.trace, expected);
}

TEST(RecordBatchDeathTest, AbortsOnABufferTheOperatorDidNotCreate) {
  TraceSink sink;
  gpu::Dispatch stray;
  stray.inputs = {3};
  stray.output = 2;
  const std::vector<gpu::Dispatch> plan = {stray};
  EXPECT_DEATH(RecordBatch(kBuffers, plan, 1, sink), "reads buffer 3, which the operator did not create");
}

}  // namespace
}  // namespace dmlc::backends::d3d12
