// A desc prepared on a Vulkan device: one device-local storage buffer per tensor and per scratch buffer
// the plan names, one host-visible staging buffer for upload and readback, the parameter blocks in a uniform buffer, and a command
// buffer recorded once (upload, dispatches between timestamps, readback) and submitted per Execute().
// Not thread-safe.
#pragma once

#include <memory>
#include <vector>

#include "backends/backend.h"
#include "backends/gpu/dispatch_plan.h"
#include "backends/vulkan/vulkan_context.h"

namespace dmlc::backends::vulkan {

class VulkanOperator final : public PreparedOperator {
 public:
  // Creates the buffers, descriptor sets and command buffer for `plan` (from gpu::PlanDispatches(desc)).
  // A Vulkan error marks the context lost and is returned naming the VkResult.
  static Result<std::unique_ptr<PreparedOperator>> Create(std::shared_ptr<VulkanContext> context,
                                                          const ops::OperatorDesc& desc,
                                                          const std::vector<gpu::Dispatch>& plan);
  ~VulkanOperator() override;

  // Uploads inputs and the outputs' current bytes (so stride gaps keep what the caller put there),
  // runs, and reads the outputs back. A Vulkan error marks the context lost.
  Result<Timing> Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override;

 private:
  struct Buffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    std::byte* mapped = nullptr;  // host-visible buffers only
  };

  VulkanOperator(std::shared_ptr<VulkanContext> context, const ops::OperatorDesc& desc);
  Status Build(const std::vector<gpu::Dispatch>& plan);
  Result<Buffer> CreateBuffer(VkDeviceSize size, VkBufferUsageFlags usage, bool host_visible);
  Status AllocateDescriptorSets(const std::vector<gpu::Dispatch>& plan, VkDeviceSize params_stride);
  Status Record(const std::vector<gpu::Dispatch>& plan);
  void DestroyBuffer(Buffer& b);
  Status Fail(Status status);  // marks the context lost and passes the error on

  std::shared_ptr<VulkanContext> context_;
  ops::OperatorDesc desc_;
  size_t input_count_ = 0;
  std::vector<uint64_t> tensor_bytes_;       // per binding (ops::Bindings order)
  std::vector<VkDeviceSize> staging_offset_;  // per binding
  std::vector<Buffer> tensors_;               // per binding, then the plan's scratch buffers; device-local
  Buffer staging_;
  Buffer params_;
  std::vector<const Pipeline*> pipelines_;    // per dispatch
  std::vector<VkDescriptorSet> sets_;         // per dispatch
  VkDescriptorPool descriptor_pool_ = VK_NULL_HANDLE;
  VkQueryPool queries_ = VK_NULL_HANDLE;      // two timestamps around the dispatches, when supported
  VkCommandBuffer commands_ = VK_NULL_HANDLE;
  VkFence fence_ = VK_NULL_HANDLE;
};

}  // namespace dmlc::backends::vulkan
