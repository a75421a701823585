#include "backends/vulkan/buffer_pool.h"

#include <bit>

namespace dmlc::backends::vulkan {

VkDeviceSize BufferPool::SizeClass(VkDeviceSize size) {
  return std::bit_ceil(std::max<VkDeviceSize>(size, 256));
}

Result<DeviceBuffer> BufferPool::Take(VkDeviceSize size, VkBufferUsageFlags usage, bool host_visible) {
  const VkDeviceSize capacity = SizeClass(size);
  if (auto it = kept_.find(Key{capacity, usage, host_visible}); it != kept_.end()) {
    DeviceBuffer buffer = std::move(it->second);
    kept_.erase(it);
    kept_bytes_ -= buffer.capacity;
    return buffer;
  }
  // Past the largest class kept, the exact size: a buffer of several GiB is not rounded up to twice that.
  return Create(capacity > kLargest ? size : capacity, usage, host_visible);
}

void BufferPool::Give(DeviceBuffer buffer) {
  if (!buffer.buffer) return;
  // A buffer not kept is freed as `buffer` goes.
  if (!keeping_ || buffer.capacity > kLargest || kept_bytes_ + buffer.capacity > kKeptBytes) return;
  kept_bytes_ += buffer.capacity;
  const Key key{buffer.capacity, buffer.usage, buffer.host_visible};
  kept_.emplace(key, std::move(buffer));
}

void BufferPool::Clear() {
  kept_.clear();
  kept_bytes_ = 0;
}

int BufferPool::FindMemoryType(uint32_t type_bits, VkMemoryPropertyFlags required) const {
  for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i) {
    if ((type_bits & (1u << i)) != 0 && (memory_.memoryTypes[i].propertyFlags & required) == required) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

Result<DeviceBuffer> BufferPool::Create(VkDeviceSize capacity, VkBufferUsageFlags usage, bool host_visible) {
  DeviceBuffer b;
  b.capacity = capacity;
  b.usage = usage;
  b.host_visible = host_visible;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = capacity;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  Result<DeviceChild<VkBuffer>> buffer =
      CreateChild(device_, api_.vkCreateBuffer, api_.vkDestroyBuffer, info, "vkCreateBuffer");
  if (!buffer.ok()) return buffer.error();
  b.buffer = std::move(*buffer);
  VkMemoryRequirements req;
  api_.vkGetBufferMemoryRequirements(device_, b.buffer.get(), &req);
  // Staging must be host-visible and coherent (no flushes); tensors prefer device-local memory.
  int type = host_visible
                 ? FindMemoryType(req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
                 : FindMemoryType(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (type < 0 && !host_visible) type = FindMemoryType(req.memoryTypeBits, 0);
  if (type < 0) {
    return MakeError("vulkan", "", "no memory type fits a buffer", "a host-visible coherent memory type exists");
  }
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = static_cast<uint32_t>(type);
  Result<DeviceChild<VkDeviceMemory>> memory =
      CreateChild(device_, api_.vkAllocateMemory, api_.vkFreeMemory, alloc, "allocating buffer memory");
  if (!memory.ok()) return memory.error();
  b.memory = std::move(*memory);
  VkResult r = api_.vkBindBufferMemory(device_, b.buffer.get(), b.memory.get(), 0);
  void* mapped = nullptr;
  if (r == VK_SUCCESS && host_visible) r = api_.vkMapMemory(device_, b.memory.get(), 0, VK_WHOLE_SIZE, 0, &mapped);
  DMLC_RETURN_IF_ERROR(CheckVk(r, "allocating buffer memory"));
  b.mapped = static_cast<std::byte*>(mapped);
  return b;
}

PooledBuffer& PooledBuffer::operator=(PooledBuffer&& other) noexcept {
  if (this != &other) {
    GiveBack();
    pool_ = std::exchange(other.pool_, nullptr);
    buffer_ = std::move(other.buffer_);
  }
  return *this;
}

void PooledBuffer::GiveBack() {
  if (pool_ != nullptr) pool_->Give(std::move(buffer_));
  pool_ = nullptr;
  buffer_ = DeviceBuffer{};
}

}  // namespace dmlc::backends::vulkan
