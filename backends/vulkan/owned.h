// Owned Vulkan objects: each handle is destroyed by its owner's destructor, through the function the
// dispatch table loaded (vulkan_api.h), so that an early return releases what was made so far and a
// class's members go in the reverse of their declaration order. Move-only, like unique_ptr; a deleter
// keeps copies of the parent handle and the function pointer, so it needs nothing else alive but the
// parent object and the loaded library. Not thread-safe (as the handles themselves).
#pragma once

#include <string>
#include <utility>

#include "backends/vulkan/vulkan_api.h"

namespace dmlc::backends::vulkan {

template <typename Handle, typename Deleter>
class Owned {
 public:
  Owned() = default;
  Owned(Handle handle, Deleter deleter) : handle_(handle), deleter_(deleter) {}
  ~Owned() { reset(); }
  Owned(Owned&& other) noexcept
      : handle_(std::exchange(other.handle_, VK_NULL_HANDLE)), deleter_(other.deleter_) {}
  Owned& operator=(Owned&& other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, VK_NULL_HANDLE);
      deleter_ = other.deleter_;
    }
    return *this;
  }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;

  Handle get() const { return handle_; }
  explicit operator bool() const { return handle_ != VK_NULL_HANDLE; }
  // Destroys the object now (nothing when empty).
  void reset() {
    if (handle_ != VK_NULL_HANDLE) deleter_(std::exchange(handle_, VK_NULL_HANDLE));
  }

 private:
  Handle handle_ = VK_NULL_HANDLE;
  Deleter deleter_{};
};

// An instance or a device: vkDestroyInstance(instance, allocator), vkDestroyDevice(device, allocator).
// `destroy` is null only where loading the table failed on that very entry point: nothing to call then.
template <typename Handle>
struct RootDeleter {
  void(VKAPI_PTR* destroy)(Handle, const VkAllocationCallbacks*) = nullptr;
  void operator()(Handle handle) const {
    if (destroy != nullptr) destroy(handle, nullptr);
  }
};

// An object made from a parent: vkDestroyBuffer(device, buffer, allocator), vkFreeMemory,
// vkDestroyDebugUtilsMessengerEXT(instance, messenger, allocator), ...
template <typename Parent, typename Handle>
struct ChildDeleter {
  Parent parent = VK_NULL_HANDLE;
  void(VKAPI_PTR* destroy)(Parent, Handle, const VkAllocationCallbacks*) = nullptr;
  void operator()(Handle handle) const { destroy(parent, handle, nullptr); }
};

// A command buffer goes back to the pool it came from.
struct CommandBufferDeleter {
  VkDevice device = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  PFN_vkFreeCommandBuffers free = nullptr;
  void operator()(VkCommandBuffer commands) const { free(device, pool, 1, &commands); }
};

using OwnedInstance = Owned<VkInstance, RootDeleter<VkInstance>>;
using OwnedDevice = Owned<VkDevice, RootDeleter<VkDevice>>;
template <typename Handle>
using DeviceChild = Owned<Handle, ChildDeleter<VkDevice, Handle>>;
using OwnedCommandBuffer = Owned<VkCommandBuffer, CommandBufferDeleter>;

// The shape of every vkCreate*/vkAllocateMemory call on a device: (device, info, allocator, out handle).
template <typename Handle, typename Info>
using CreateChildFn = VkResult(VKAPI_PTR*)(VkDevice, const Info*, const VkAllocationCallbacks*, Handle*);

// Creates one object of `device` and owns it; the error names `call` and the VkResult.
template <typename Handle, typename Info>
Result<DeviceChild<Handle>> CreateChild(VkDevice device, CreateChildFn<Handle, Info> create,
                                        void(VKAPI_PTR* destroy)(VkDevice, Handle, const VkAllocationCallbacks*),
                                        const Info& info, const std::string& call) {
  Handle handle = VK_NULL_HANDLE;
  DMLC_RETURN_IF_ERROR(CheckVk(create(device, &info, nullptr, &handle), call.c_str()));
  return DeviceChild<Handle>(handle, {device, destroy});
}

}  // namespace dmlc::backends::vulkan
