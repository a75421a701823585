// A command list recorded once and submitted many times, with timestamp queries of its own: what a
// prepared operator keeps so that running it again costs a submission, not a recording. The d3d12 and
// directml operators keep one per execution count (Recordings below), as the vulkan backend keeps its
// command buffers; the queue, fence and debug messages are the Device's. Not thread-safe; submissions
// go through the Device's one queue, one at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "backends/d3d12/d3d12_api.h"
#include "backends/d3d12/d3d12_device.h"
#include "backends/d3d12/staged_buffer.h"
#include "ops/error.h"

namespace dmlc::backends::d3d12 {

class RecordedCommands {
 public:
  // Room for `intervals` timed intervals (2 timestamps each).
  static Result<std::unique_ptr<RecordedCommands>> Create(Device& device, uint32_t intervals);

  // Resets the list, lets `record` fill it (writing timestamps with WriteTimestamp), resolves the
  // timestamps into the readback buffer and closes the list.
  Status Record(const std::function<Status(ID3D12GraphicsCommandList*)>& record);
  // Timestamp `2 * interval` (start) or `2 * interval + 1` (end) of the list being recorded.
  void WriteTimestamp(ID3D12GraphicsCommandList* list, uint32_t interval, bool end);
  // Executes the recorded list and waits; the timestamps, start and end of each interval in order, for
  // gpu::ExecutionTimings() with the device's timestamp_clock(). Empty where the device reports no
  // timestamp frequency.
  Result<std::vector<uint64_t>> Submit();
  // An operator's run of the recorded executions, one per interval: uploads the bindings' bytes
  // (UploadBindings()), submits, reads the outputs back, and returns one Timing per execution
  // (gpu::ExecutionTimings(): cpu_ms is the submission's host time over the executions). The buffers
  // were checked (gpu::CheckBuffers()).
  Result<std::vector<Timing>> Run(std::span<const StagedBuffer> buffers, std::span<const ConstBuffer> inputs,
                                  std::span<const MutableBuffer> outputs);
  uint32_t intervals() const { return intervals_; }

 private:
  RecordedCommands(Device& device, uint32_t intervals) : device_(device), intervals_(intervals) {}
  Status Init();

  Device& device_;
  uint32_t intervals_;
  ComPtr<ID3D12CommandAllocator> allocator_;
  ComPtr<ID3D12GraphicsCommandList> list_;
  ComPtr<ID3D12QueryHeap> timestamps_;
  ComPtr<ID3D12Resource> readback_;  // 2 * intervals_ uint64_t ticks
  bool recorded_ = false;
};

// The recordings a prepared operator keeps: one for a single execution (Execute()) and one for the last
// count above one that ExecuteRepeated() asked for, re-recorded only when the count changes.
class Recordings {
 public:
  // Fills a command list with `executions` timed intervals, writing each one's timestamps with
  // commands.WriteTimestamp().
  using Recorder = std::function<Status(ID3D12GraphicsCommandList* list, RecordedCommands& commands)>;

  // The recording for `executions` (>= 1), recorded by `record` when there is none for that count yet.
  Result<RecordedCommands*> For(Device& device, uint32_t executions, const Recorder& record);

 private:
  std::unique_ptr<RecordedCommands> single_;
  std::unique_ptr<RecordedCommands> repeated_;
};

}  // namespace dmlc::backends::d3d12
