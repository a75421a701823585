#include "backends/vulkan/vulkan_operator.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>

#include "backends/gpu/buffer_checks.h"
#include "backends/gpu/execution_timings.h"
#include "backends/gpu/plan_buffers.h"
#include "ops/check.h"

namespace dmlc::backends::vulkan {
namespace {

// A hung or lost device must not hang the run: a submission that takes longer fails the case.
constexpr uint64_t kFenceTimeoutNs = 60'000'000'000;

VkDeviceSize AlignUp(VkDeviceSize v, VkDeviceSize alignment) { return (v + alignment - 1) / alignment * alignment; }

constexpr VkBufferUsageFlags kTensorUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

void Barrier(const VulkanApi& api, VkCommandBuffer cb, VkPipelineStageFlags src_stage, VkAccessFlags src_access,
             VkPipelineStageFlags dst_stage, VkAccessFlags dst_access) {
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = src_access;
  barrier.dstAccessMask = dst_access;
  api.vkCmdPipelineBarrier(cb, src_stage, dst_stage, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

}  // namespace

Result<std::unique_ptr<PreparedOperator>> VulkanOperator::Create(std::shared_ptr<VulkanContext> context,
                                                                 const ops::OperatorDesc& desc,
                                                                 const std::vector<gpu::Dispatch>& plan) {
  std::unique_ptr<VulkanOperator> op(new VulkanOperator(std::move(context), desc));
  DMLC_RETURN_IF_ERROR(op->Build(plan));
  return std::unique_ptr<PreparedOperator>(std::move(op));
}

VulkanOperator::VulkanOperator(std::shared_ptr<VulkanContext> context, const ops::OperatorDesc& desc)
    : context_(std::move(context)), desc_(desc) {
  for (const ops::TensorBinding& b : ops::Bindings(desc_)) {
    if (b.role == ops::TensorRole::kInput) ++input_count_;
    tensor_bytes_.push_back(b.desc->TotalTensorSizeInBytes);
  }
}

VulkanOperator::~VulkanOperator() {
  // The command buffer may still run if a wait failed or timed out; nothing the members own may be
  // freed or reused under it. Every other submission was waited for.
  if (in_flight_) context_->api().vkDeviceWaitIdle(context_->device());
}

Status VulkanOperator::Fail(Status status) {
  context_->MarkLost();
  return status;
}

Result<PooledBuffer> VulkanOperator::CreateBuffer(VkDeviceSize size, VkBufferUsageFlags usage, bool host_visible) {
  Result<DeviceBuffer> taken = context_->buffers().Take(size, usage, host_visible);
  if (!taken.ok()) return taken.error();
  return PooledBuffer(context_->buffers(), std::move(*taken));
}

Status VulkanOperator::Build(const std::vector<gpu::Dispatch>& plan) {
  Result<gpu::PlanBuffers> buffers = gpu::LayoutPlanBuffers(desc_, plan);
  if (!buffers.ok()) return Fail(buffers.error());
  VkDeviceSize staging_size = 0;
  for (uint64_t bytes : tensor_bytes_) {
    staging_offset_.push_back(staging_size);
    staging_size += AlignUp(bytes, 16);
  }
  // Scratch buffers share the tensors' usage, so that they come from and go back to one pool class; the
  // GPU alone touches them.
  buffer_bytes_ = buffers->bytes;
  for (uint64_t bytes : buffer_bytes_) {
    Result<PooledBuffer> b = CreateBuffer(bytes, kTensorUsage, false);
    if (!b.ok()) return Fail(b.error());
    tensors_.push_back(std::move(*b));
  }
  Result<PooledBuffer> staging =
      CreateBuffer(staging_size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, true);
  if (!staging.ok()) return Fail(staging.error());
  staging_ = std::move(*staging);

  const VkDeviceSize params_stride =
      AlignUp(sizeof(gpu::ParamBlock), std::max<VkDeviceSize>(context_->caps().min_uniform_buffer_offset_alignment, 16));
  Result<PooledBuffer> params = CreateBuffer(params_stride * plan.size(), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, true);
  if (!params.ok()) return Fail(params.error());
  params_ = std::move(*params);
  for (size_t i = 0; i < plan.size(); ++i) {
    std::memcpy(params_.mapped() + i * params_stride, plan[i].params.data(), sizeof(gpu::ParamBlock));
  }

  for (size_t i = 0; i < plan.size(); ++i) {
    const gpu::Dispatch& d = plan[i];
    Result<const Pipeline*> pipeline = context_->GetPipeline(d.kernel);
    if (!pipeline.ok()) return Fail(pipeline.error());
    // The layout comes from the kernel's SPIR-V, the descriptors from the plan: they must agree.
    DMLC_CHECK((*pipeline)->storage_bindings == d.inputs.size() + 1)
        << "kernel " << d.kernel << " declares " << (*pipeline)->storage_bindings << " buffers, its plan binds "
        << d.inputs.size() + 1;
    Step step;
    step.pipeline = *pipeline;
    step.group_count = d.group_count;
    step.barrier_before = buffers->barrier_before[i];
    steps_.push_back(step);
  }
  DMLC_RETURN_IF_ERROR(AllocateDescriptorSets(plan, params_stride));

  Result<DeviceChild<VkFence>> fence = context_->recyclers().fences.Take(0);
  if (!fence.ok()) return Fail(fence.error());
  fence_ = {context_->recyclers().fences, 0, std::move(*fence)};
  return Record(1, single_);
}

Status VulkanOperator::AllocateDescriptorSets(const std::vector<gpu::Dispatch>& plan, VkDeviceSize params_stride) {
  const VulkanApi& api = context_->api();
  VkDevice device = context_->device();
  uint32_t storage_count = 0;
  for (const gpu::Dispatch& d : plan) storage_count += static_cast<uint32_t>(d.inputs.size() + 1);
  // Powers of two, so that the pools of plans of about the same shape serve each other.
  const DescriptorPoolKey key{std::bit_ceil(static_cast<uint32_t>(plan.size())), std::bit_ceil(storage_count)};
  DescriptorPoolPool& pools = context_->recyclers().descriptors;
  Result<DeviceChild<VkDescriptorPool>> pool = pools.Take(key);
  if (!pool.ok()) return Fail(pool.error());
  descriptor_pool_ = {pools, key, std::move(*pool)};

  for (size_t i = 0; i < plan.size(); ++i) {
    VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    const VkDescriptorSetLayout set_layout = steps_[i].pipeline->set_layout.get();
    alloc.descriptorPool = descriptor_pool_.get();
    alloc.descriptorSetCount = 1;
    alloc.pSetLayouts = &set_layout;
    VkDescriptorSet set = VK_NULL_HANDLE;
    Status s = CheckVk(api.vkAllocateDescriptorSets(device, &alloc, &set), "vkAllocateDescriptorSets");
    if (!s.ok()) return Fail(s);
    steps_[i].set = set;

    // Binding 0: the parameter block; then inputs, then the output, as the kernels' registers say.
    std::vector<uint32_t> tensors = plan[i].inputs;
    tensors.push_back(plan[i].output);
    std::vector<VkDescriptorBufferInfo> infos;
    infos.push_back({params_.buffer(), i * params_stride, sizeof(gpu::ParamBlock)});
    // The tensor's own bytes: a pooled buffer may be larger.
    for (uint32_t t : tensors) infos.push_back({tensors_[t].buffer(), 0, buffer_bytes_[t]});
    std::vector<VkWriteDescriptorSet> writes(infos.size());
    for (size_t b = 0; b < infos.size(); ++b) {
      writes[b].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
      writes[b].dstSet = set;
      writes[b].dstBinding = static_cast<uint32_t>(b);
      writes[b].descriptorCount = 1;
      writes[b].descriptorType = b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      writes[b].pBufferInfo = &infos[b];
    }
    api.vkUpdateDescriptorSets(device, static_cast<uint32_t>(writes.size()), writes.data(), 0, nullptr);
  }
  return OkStatus();
}

Status VulkanOperator::Record(int executions, Recording& recording) {
  const VulkanApi& api = context_->api();
  VkDevice device = context_->device();
  const uint32_t query_count = 2 * static_cast<uint32_t>(executions);
  if (context_->timestamp_valid_bits() != 0) {
    Result<DeviceChild<VkQueryPool>> queries = context_->recyclers().queries.Take(query_count);
    if (!queries.ok()) return Fail(queries.error());
    recording.queries = {context_->recyclers().queries, query_count, std::move(*queries)};
  }
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = context_->command_pool();
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkCommandBuffer cb = VK_NULL_HANDLE;
  Status s = CheckVk(api.vkAllocateCommandBuffers(device, &alloc, &cb), "vkAllocateCommandBuffers");
  if (!s.ok()) return Fail(s);
  recording.commands = {cb, {device, context_->command_pool(), api.vkFreeCommandBuffers}};
  const VkQueryPool queries = recording.queries.get();
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  s = CheckVk(api.vkBeginCommandBuffer(cb, &begin), "vkBeginCommandBuffer");
  if (!s.ok()) return Fail(s);

  if (queries != VK_NULL_HANDLE) api.vkCmdResetQueryPool(cb, queries, 0, query_count);
  // Outputs are uploaded too: the kernels write only logical elements, so the rest of each output
  // buffer must hold the caller's bytes when it is read back.
  for (size_t t = 0; t < tensor_bytes_.size(); ++t) {
    const VkBufferCopy region{staging_offset_[t], 0, tensor_bytes_[t]};
    api.vkCmdCopyBuffer(cb, staging_.buffer(), tensors_[t].buffer(), 1, &region);
  }
  Barrier(api, cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
          VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
  for (int e = 0; e < executions; ++e) {
    // Each execution rewrites the outputs and scratch buffers the previous one wrote and read; its
    // first timestamp is latched once the previous execution's dispatches (or the upload) are done.
    if (e > 0) {
      Barrier(api, cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
              VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    }
    const uint32_t query = 2 * static_cast<uint32_t>(e);
    if (queries != VK_NULL_HANDLE) {
      api.vkCmdWriteTimestamp(cb, e == 0 ? VK_PIPELINE_STAGE_TRANSFER_BIT : VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                              queries, query);
    }
    for (const Step& step : steps_) {
      if (step.barrier_before) {
        Barrier(api, cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT);
      }
      api.vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, step.pipeline->pipeline.get());
      api.vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, step.pipeline->layout.get(), 0, 1, &step.set, 0,
                                  nullptr);
      api.vkCmdDispatch(cb, step.group_count, 1, 1);
    }
    if (queries != VK_NULL_HANDLE) {
      api.vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, queries, query + 1);
    }
  }
  Barrier(api, cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
          VK_ACCESS_TRANSFER_READ_BIT);
  for (size_t t = input_count_; t < tensor_bytes_.size(); ++t) {
    const VkBufferCopy region{0, staging_offset_[t], tensor_bytes_[t]};
    api.vkCmdCopyBuffer(cb, tensors_[t].buffer(), staging_.buffer(), 1, &region);
  }
  Barrier(api, cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
          VK_ACCESS_HOST_READ_BIT);
  s = CheckVk(api.vkEndCommandBuffer(cb), "vkEndCommandBuffer");
  if (!s.ok()) return Fail(s);
  recording.executions = executions;
  return OkStatus();
}

Status VulkanOperator::Stage(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) {
  if (context_->lost()) {
    return MakeError("vulkan", "", "the device of this operator failed earlier; prepare it again",
                     "operators run on a working device");
  }
  DMLC_RETURN_IF_ERROR(gpu::CheckBuffers("vulkan", desc_, inputs, outputs));
  for (size_t t = 0; t < tensor_bytes_.size(); ++t) {
    const std::byte* from = t < input_count_ ? inputs[t].data() : outputs[t - input_count_].data();
    std::memcpy(staging_.mapped() + staging_offset_[t], from, tensor_bytes_[t]);
  }
  return OkStatus();
}

Result<std::vector<Timing>> VulkanOperator::Submit(const Recording& recording) {
  const VulkanApi& api = context_->api();
  VkDevice device = context_->device();
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  const VkCommandBuffer commands = recording.commands.get();
  const VkFence fence = fence_.get();
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands;
  Status s = CheckVk(api.vkResetFences(device, 1, &fence), "vkResetFences");
  const auto start = std::chrono::steady_clock::now();
  if (s.ok()) s = CheckVk(api.vkQueueSubmit(context_->queue(), 1, &submit, fence), "vkQueueSubmit");
  if (s.ok()) in_flight_ = true;
  if (s.ok()) s = CheckVk(api.vkWaitForFences(device, 1, &fence, VK_TRUE, kFenceTimeoutNs), "vkWaitForFences");
  const auto end = std::chrono::steady_clock::now();
  if (!s.ok()) return Fail(s).error();
  in_flight_ = false;

  const size_t executions = static_cast<size_t>(recording.executions);
  const double batch_ms = std::chrono::duration<double, std::milli>(end - start).count();
  std::vector<uint64_t> ticks;
  if (recording.queries) {
    ticks.resize(2 * executions);
    s = CheckVk(api.vkGetQueryPoolResults(device, recording.queries.get(), 0, static_cast<uint32_t>(ticks.size()),
                                          ticks.size() * sizeof(uint64_t), ticks.data(), sizeof(uint64_t),
                                          VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                "vkGetQueryPoolResults");
    if (!s.ok()) return Fail(s).error();
  }
  return gpu::ExecutionTimings(executions, batch_ms, ticks,
                               {context_->caps().timestamp_period, context_->timestamp_valid_bits()});
}

void VulkanOperator::Unstage(std::span<const MutableBuffer> outputs) const {
  for (size_t t = input_count_; t < tensor_bytes_.size(); ++t) {
    std::memcpy(outputs[t - input_count_].data(), staging_.mapped() + staging_offset_[t], tensor_bytes_[t]);
  }
}

Result<Timing> VulkanOperator::Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) {
  DMLC_RETURN_IF_ERROR(Stage(inputs, outputs));
  Result<std::vector<Timing>> timings = Submit(single_);
  if (!timings.ok()) return timings.error();
  Unstage(outputs);
  return timings->front();
}

Result<std::vector<Timing>> VulkanOperator::ExecuteRepeated(std::span<const ConstBuffer> inputs,
                                                            std::span<const MutableBuffer> outputs, int iterations) {
  DMLC_RETURN_IF_ERROR(gpu::CheckRepeatCount("vulkan", iterations));
  DMLC_RETURN_IF_ERROR(Stage(inputs, outputs));
  if (iterations != 1 && repeated_.executions != iterations) {
    repeated_ = Recording{};  // idle: every submission is waited for
    DMLC_RETURN_IF_ERROR(Record(iterations, repeated_));
  }
  Result<std::vector<Timing>> timings = Submit(iterations == 1 ? single_ : repeated_);
  if (!timings.ok()) return timings.error();
  Unstage(outputs);
  return timings;
}

}  // namespace dmlc::backends::vulkan
