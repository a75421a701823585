// Every operator's descriptors in one shader-visible CBV/SRV/UAV heap per device, handed out as ranges
// that go back when the operator is destroyed. A heap per operator would be simpler, but creating one
// costs more than the work on some runtimes: vkd3d 1.6 (Wine 8) over lavapipe, unless told
// VKD3D_CONFIG=virtual_heaps, allocates six Vulkan descriptor sets of the device's largest size for every
// heap, which lavapipe zeroes (seconds a heap: wine_heaps.h). A request that does not fit the shared heap
// gets a heap of its own.
// A range goes back, and may be handed out again, as soon as its operator is destroyed: safe because every
// submission on the device is waited for (Device::ExecuteAndWait) before the operator can go. Asynchronous
// submission would have to keep a range until its last command list completes.
// Thread-safe; the arena must outlive its ranges (the Device owns it, operators hold ranges; its
// destructor aborts when a range is still out).
#pragma once

#include <cstdint>
#include <mutex>

#include "backends/d3d12/d3d12_api.h"
#include "backends/d3d12/descriptor_free_list.h"
#include "ops/error.h"

namespace dmlc::backends::d3d12 {

class Device;
class DescriptorArena;

// A run of descriptors in a shader-visible heap; Cpu(i) and Gpu(i) address its i-th descriptor.
class DescriptorRange {
 public:
  DescriptorRange() = default;
  DescriptorRange(DescriptorRange&& other) noexcept { *this = std::move(other); }
  DescriptorRange& operator=(DescriptorRange&& other) noexcept;
  DescriptorRange(const DescriptorRange&) = delete;
  DescriptorRange& operator=(const DescriptorRange&) = delete;
  ~DescriptorRange() { Release(); }

  ID3D12DescriptorHeap* heap() const { return heap_.Get(); }
  uint32_t count() const { return count_; }
  D3D12_CPU_DESCRIPTOR_HANDLE Cpu(uint32_t index) const { return {cpu_.ptr + SIZE_T{offset_ + index} * increment_}; }
  D3D12_GPU_DESCRIPTOR_HANDLE Gpu(uint32_t index) const { return {gpu_.ptr + uint64_t{offset_ + index} * increment_}; }
  bool shared() const { return arena_ != nullptr; }  // false: a heap of its own

 private:
  friend class DescriptorArena;
  void Release();

  DescriptorArena* arena_ = nullptr;
  ComPtr<ID3D12DescriptorHeap> heap_;
  uint32_t offset_ = 0;
  uint32_t count_ = 0;
  D3D12_CPU_DESCRIPTOR_HANDLE cpu_{};  // the heap's start
  D3D12_GPU_DESCRIPTOR_HANDLE gpu_{};
  UINT increment_ = 0;
};

class DescriptorArena {
 public:
  // The shared heap of `capacity` descriptors is created on the first Allocate().
  DescriptorArena(const Device& device, uint32_t capacity) : device_(device), ranges_(capacity) {}
  ~DescriptorArena();

  // `count` descriptors (at least one is handed out): from the shared heap where a free run is that
  // long, else in a heap of their own. The error names the failing call.
  Result<DescriptorRange> Allocate(uint32_t count);
  uint32_t in_use() const;  // descriptors of the shared heap now handed out

 private:
  friend class DescriptorRange;
  void Free(uint32_t offset, uint32_t count);

  const Device& device_;
  mutable std::mutex mutex_;
  DescriptorFreeList ranges_;
  ComPtr<ID3D12DescriptorHeap> heap_;
};

}  // namespace dmlc::backends::d3d12
