// One D3D12 device on a chosen adapter, shared by the d3d12 and directml backends: its compute queue, a
// fence to wait on and the timestamp clock. Command lists are the operators' own (recorded_commands.h),
// executed here. Created by a factory that returns the error (no runtime, no adapter, device creation
// failed) instead of throwing. With `debug`, the D3D12 debug layer is enabled first and its messages go
// to the log after each submission. Not thread-safe: one submission at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "backends/d3d12/adapters.h"
#include "backends/d3d12/d3d12_api.h"
#include "backends/d3d12/descriptor_arena.h"
#include "backends/d3d12/runtime.h"
#include "backends/gpu/execution_timings.h"
#include "ops/error.h"

namespace dmlc::backends::d3d12 {

// The capabilities the kernels and the device listing care about.
struct DeviceFeatures {
  bool doubles = false;         // DoublePrecisionFloatShaderOps
  bool int64_ops = false;       // Int64ShaderOps (OPTIONS1): what the "shaderInt64" kernels need
  bool native_16bit_ops = false;  // Native16BitShaderOpsSupported (OPTIONS4)
  uint32_t wave_lanes_min = 0;  // WaveLaneCountMin/Max (OPTIONS1); 0 where unreported
  uint32_t wave_lanes_max = 0;
  std::string shader_model;     // highest supported, "6.6"
};

class Device {
 public:
  // `device`: "" for the first adapter, an index, or a substring of the adapter's name.
  static Result<std::unique_ptr<Device>> Create(const std::string& device, bool debug);
  ~Device();

  ID3D12Device* device() const { return device_.Get(); }
  const Runtime& runtime() const { return *runtime_; }
  const DeviceInfo& info() const { return info_; }
  const DeviceFeatures& features() const { return features_; }

  // The shader-visible descriptors every operator on this device takes its binding tables from.
  DescriptorArena& descriptors() { return *descriptors_; }

  // A committed buffer of `bytes` bytes on `heap` (DEFAULT, UPLOAD or READBACK), created in `state`;
  // DEFAULT buffers allow unordered access. The error names the HRESULT.
  Result<ComPtr<ID3D12Resource>> CreateBuffer(uint64_t bytes, D3D12_HEAP_TYPE heap, D3D12_RESOURCE_STATES state) const;

  // Executes a closed command list on the compute queue and waits for it; the error names a device
  // removal's reason. For command lists recorded once and submitted many times (RecordedCommands).
  Status ExecuteAndWait(ID3D12CommandList* list);
  uint64_t timestamp_frequency() const { return timestamp_frequency_; }  // ticks per second
  // The queue's timestamps as gpu::ExecutionTimings() reads them: 64-bit, at timestamp_frequency().
  gpu::TimestampClock timestamp_clock() const;

  // Writes the debug layer's queued messages to the log and returns their text, in order (none without
  // `debug`). DirectML's debug device reports through the same queue.
  std::vector<std::string> FlushDebugMessages();

  // "CALL failed: E_INVALIDARG (0x80070057)", with the device removal's reason when there is one
  // (device_lost set then).
  Error DeviceError(const std::string& call, HRESULT hr) const;

 private:
  Device() = default;
  Status Init(const std::string& device, bool debug);
  Status WaitForFence();  // until the queue has reached fence_value_

  const Runtime* runtime_ = nullptr;
  Adapter adapter_;
  ComPtr<ID3D12Device> device_;
  ComPtr<ID3D12CommandQueue> queue_;
  ComPtr<ID3D12Fence> fence_;
  uint64_t fence_value_ = 0;
  uint64_t timestamp_frequency_ = 0;           // ticks per second
  ComPtr<ID3D12InfoQueue> info_queue_;         // only with the debug layer
  std::unique_ptr<DescriptorArena> descriptors_;  // after device_: destroyed before it
  DeviceInfo info_;
  DeviceFeatures features_;
};

// One DeviceInfo per adapter of `runtime`, in order: what `open(index)` reports, or the adapter's name
// with open's error as "unusable". The d3d12 and directml backends' device listings.
Result<std::vector<DeviceInfo>> DescribeAdapters(const Runtime& runtime,
                                                 const std::function<Result<DeviceInfo>(size_t index)>& open);

// What `dml-conform backends` lists for each adapter, without creating a backend.
Result<std::vector<DeviceInfo>> ListDevices();

}  // namespace dmlc::backends::d3d12
