// Buffers kept for reuse between operators. Creating a VkBuffer with its own VkDeviceMemory, mapping it,
// and freeing it are kernel calls on a real driver: on an NVIDIA H200 they made preparing and releasing
// a small case take many times longer than running it. An operator's buffers come back here when it is
// destroyed, and the next one of the same kind whose size falls in the same power-of-two class takes
// it. Buffers over kLargest, and any past kKeptBytes in all, are freed instead, as is every buffer given
// back after the device was lost (no use to the next operator, which gets a new device).
// Owned by one VulkanContext; not thread-safe (neither is the context).
#pragma once

#include <cstddef>
#include <map>
#include <tuple>
#include <utility>

#include "backends/backend.h"
#include "backends/vulkan/owned.h"
#include "backends/vulkan/vulkan_api.h"

namespace dmlc::backends::vulkan {

// A buffer with its own memory, both freed when it goes (the buffer first). Move-only.
struct DeviceBuffer {
  DeviceChild<VkDeviceMemory> memory;
  DeviceChild<VkBuffer> buffer;
  std::byte* mapped = nullptr;  // host-visible buffers only; unmapped with the memory
  VkDeviceSize capacity = 0;    // bytes the buffer holds: the size class, at least the size asked for
  VkBufferUsageFlags usage = 0;
  bool host_visible = false;
};

class BufferPool {
 public:
  static constexpr VkDeviceSize kLargest = VkDeviceSize{64} << 20;
  static constexpr VkDeviceSize kKeptBytes = VkDeviceSize{256} << 20;

  // `memory` describes the device's memory types; the pool uses them until it is destroyed.
  BufferPool(const VulkanApi& api, VkDevice device, const VkPhysicalDeviceMemoryProperties& memory)
      : api_(api), device_(device), memory_(memory) {}
  ~BufferPool() { Clear(); }
  BufferPool(const BufferPool&) = delete;
  BufferPool& operator=(const BufferPool&) = delete;

  // A buffer of at least `size` bytes with `usage`: host-visible, coherent and mapped, or device-local
  // (any memory type when the device has no device-local one that fits). A kept one when there is one.
  Result<DeviceBuffer> Take(VkDeviceSize size, VkBufferUsageFlags usage, bool host_visible);
  // Keeps `buffer` for a later Take(), or frees it (too large, the pool is full, or the device was
  // lost). The GPU must be done with it.
  void Give(DeviceBuffer buffer);
  // Frees every kept buffer.
  void Clear();
  // The device was lost: buffers given back from now on are freed, not kept.
  void StopKeeping() { keeping_ = false; }

  VkDeviceSize kept_bytes() const { return kept_bytes_; }
  size_t kept_count() const { return kept_.size(); }

  // The size class of `size`: the power of two at or above it, at least 256 bytes.
  static VkDeviceSize SizeClass(VkDeviceSize size);

 private:
  using Key = std::tuple<VkDeviceSize, VkBufferUsageFlags, bool>;  // capacity, usage, host_visible
  Result<DeviceBuffer> Create(VkDeviceSize capacity, VkBufferUsageFlags usage, bool host_visible);
  int FindMemoryType(uint32_t type_bits, VkMemoryPropertyFlags required) const;

  const VulkanApi& api_;
  VkDevice device_;
  VkPhysicalDeviceMemoryProperties memory_;
  std::multimap<Key, DeviceBuffer> kept_;
  VkDeviceSize kept_bytes_ = 0;
  bool keeping_ = true;
};

// A buffer taken from a pool and given back to it when it goes. The pool must outlive it. Move-only.
class PooledBuffer {
 public:
  PooledBuffer() = default;
  PooledBuffer(BufferPool& pool, DeviceBuffer buffer) : pool_(&pool), buffer_(std::move(buffer)) {}
  ~PooledBuffer() { GiveBack(); }
  PooledBuffer(PooledBuffer&& other) noexcept
      : pool_(std::exchange(other.pool_, nullptr)), buffer_(std::move(other.buffer_)) {}
  PooledBuffer& operator=(PooledBuffer&& other) noexcept;
  PooledBuffer(const PooledBuffer&) = delete;
  PooledBuffer& operator=(const PooledBuffer&) = delete;

  VkBuffer buffer() const { return buffer_.buffer.get(); }
  std::byte* mapped() const { return buffer_.mapped; }

 private:
  void GiveBack();

  BufferPool* pool_ = nullptr;
  DeviceBuffer buffer_;
};

}  // namespace dmlc::backends::vulkan
