// A command list recorded once and submitted many times, with timestamp queries of its own: what a
// prepared operator keeps so that running it again costs a submission, not a recording. Used by the
// directml backend (one recording per execution count, as the vulkan backend keeps them); the queue,
// fence and debug messages are the Device's. Not thread-safe; submissions go through the Device's one
// queue, one at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "backends/d3d12/d3d12_api.h"
#include "backends/d3d12/d3d12_device.h"
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
  // Executes the recorded list and waits; the GPU milliseconds of each interval, in order (0 where the
  // device reports no timestamp frequency or the end precedes the start).
  Result<std::vector<double>> Submit();
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

// Milliseconds between each start/end pair of `ticks` at `frequency` ticks per second; 0 for a pair
// whose end precedes its start or when the frequency is 0. Pure, so it is unit-tested.
std::vector<double> IntervalMilliseconds(const std::vector<uint64_t>& ticks, uint64_t frequency);

}  // namespace dmlc::backends::d3d12
