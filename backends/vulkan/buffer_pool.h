// Buffers kept for reuse between operators. Creating a VkBuffer with its own VkDeviceMemory, mapping it,
// and freeing it are kernel calls on a real driver: on an NVIDIA H200 they made preparing and releasing
// a small case take many times longer than running it. An operator's buffers come back here when it is
// destroyed, and the next one of the same kind whose size falls in the same power-of-two class takes
// it. Buffers over kLargest, and any past kKeptBytes in all, are freed instead.
// Owned by one VulkanContext; not thread-safe (neither is the context).
#pragma once

#include <cstddef>
#include <map>
#include <tuple>

#include "backends/backend.h"
#include "backends/vulkan/vulkan_api.h"

namespace dmlc::backends::vulkan {

struct DeviceBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  std::byte* mapped = nullptr;  // host-visible buffers only
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
  // Keeps `buffer` for a later Take(), or frees it (too large, or the pool is full). The GPU must be
  // done with it.
  void Give(DeviceBuffer buffer);
  // Frees `buffer` now (one of a lost device, or one a failed creation left half made).
  void Destroy(DeviceBuffer& buffer);
  // Frees every kept buffer.
  void Clear();

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
};

}  // namespace dmlc::backends::vulkan
