// A desc prepared on a Vulkan device: one device-local storage buffer per tensor and per scratch buffer
// the plan names, one host-visible staging buffer for upload and readback, the parameter blocks in a
// uniform buffer, and command buffers recorded once and submitted many times: one for Execute() (upload,
// the dispatches between two timestamps, readback) and, for ExecuteRepeated(), one with the dispatches
// repeated back to back between the one upload and the one readback, each execution between its own two
// timestamps (kept until a call asks for another count). Not thread-safe.
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
  // As Execute(), with the dispatches run `iterations` times between one upload and one readback, a
  // full compute barrier between executions (each rewrites the same outputs and scratch buffers).
  // cpu_ms is the batch's submit-and-wait time over `iterations`. At most gpu::kMaxIterations per call.
  Result<std::vector<Timing>> ExecuteRepeated(std::span<const ConstBuffer> inputs,
                                              std::span<const MutableBuffer> outputs, int iterations) override;

 private:
  // One dispatch of the plan, as the recordings replay it.
  struct Step {
    const Pipeline* pipeline = nullptr;
    VkDescriptorSet set = VK_NULL_HANDLE;
    uint32_t group_count = 0;
    bool barrier_before = false;  // reads a buffer that an earlier step of the same execution wrote
  };
  // A command buffer recorded for `executions` back-to-back runs of the steps.
  struct Recording {
    Pooled<VkQueryPool, uint32_t> queries;  // two timestamps per execution, when the queue has them
    OwnedCommandBuffer commands;
    int executions = 0;
  };

  VulkanOperator(std::shared_ptr<VulkanContext> context, const ops::OperatorDesc& desc);
  Status Build(const std::vector<gpu::Dispatch>& plan);
  // From the context's pool (buffer_pool.h), which may give a larger buffer than `size`.
  Result<PooledBuffer> CreateBuffer(VkDeviceSize size, VkBufferUsageFlags usage, bool host_visible);
  Status AllocateDescriptorSets(const std::vector<gpu::Dispatch>& plan, VkDeviceSize params_stride);
  Status Record(int executions, Recording& recording);
  // Checks the buffers against the bindings (and GATHER_ND1's indices) and copies them into staging.
  Status Stage(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs);
  // Submits `recording`, waits, and returns one Timing per execution.
  Result<std::vector<Timing>> Submit(const Recording& recording);
  void Unstage(std::span<const MutableBuffer> outputs) const;
  Status Fail(Status status);  // marks the context lost and passes the error on

  // Members go in the reverse of this order: the fence, the recordings and the descriptor sets before
  // the buffers they name go back to the pools, and the context (the device, the pools) last.
  std::shared_ptr<VulkanContext> context_;
  ops::OperatorDesc desc_;
  size_t input_count_ = 0;
  std::vector<uint64_t> tensor_bytes_;       // per binding (ops::Bindings order)
  std::vector<VkDeviceSize> staging_offset_;  // per binding
  std::vector<PooledBuffer> tensors_;         // per binding, then the plan's scratch buffers; device-local
  std::vector<VkDeviceSize> buffer_bytes_;    // bytes each of tensors_ is bound with: its own size
  PooledBuffer staging_;
  PooledBuffer params_;
  std::vector<Step> steps_;                   // per dispatch
  Pooled<VkDescriptorPool, DescriptorPoolKey> descriptor_pool_;
  Recording single_;    // Execute()'s, recorded by Build()
  Recording repeated_;  // the last ExecuteRepeated() count's, recorded on first use
  Pooled<VkFence, int> fence_;
  bool in_flight_ = false;  // a submission was not seen to finish: the destructor waits for the device
};

}  // namespace dmlc::backends::vulkan
