#include "backends/vulkan/vulkan_backend.h"

#include "backends/vulkan/kernel_catalog.h"
#include "backends/vulkan/vulkan_operator.h"

namespace dmlc::backends::vulkan {

Result<std::unique_ptr<Backend>> VulkanBackend::Create(const BackendOptions& options) {
  Result<std::shared_ptr<VulkanContext>> context = VulkanContext::Create(options);
  if (!context.ok()) return context.error();
  return std::unique_ptr<Backend>(new VulkanBackend(options, std::move(*context)));
}

VulkanBackend::VulkanBackend(BackendOptions options, std::shared_ptr<VulkanContext> context)
    : options_(std::move(options)), context_(std::move(context)), info_(context_->info()) {}

Support VulkanBackend::Supports(const ops::OperatorDesc& desc) const { return Plan(desc).support; }

gpu::JudgedPlan VulkanBackend::Plan(const ops::OperatorDesc& desc) const {
  return plans_.Get(desc, context_->limits(), [&](const Result<gpu::SharedPlan>& plan) { return Judge(desc, plan); });
}

Support VulkanBackend::Judge(const ops::OperatorDesc& desc, const Result<gpu::SharedPlan>& plan) const {
  const DeviceCapabilities& caps = context_->caps();
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    if (b.desc->TotalTensorSizeInBytes > caps.max_storage_buffer_range) {
      return Support::No(b.name + " is " + std::to_string(b.desc->TotalTensorSizeInBytes) +
                         " bytes, over the device's maxStorageBufferRange of " +
                         std::to_string(caps.max_storage_buffer_range));
    }
  }
  if (!plan.ok()) return Support::No(plan.error().message + " (" + plan.error().rule + ")");
  for (const gpu::Dispatch& d : **plan) {
    const SpirvKernel* kernel = FindSpirvKernel(d.kernel);
    if (kernel == nullptr) return Support::No("no SPIR-V kernel " + d.kernel + " in this build");
    if (!context_->HasFeature(kernel->feature)) {
      return Support::No(std::string(kernel->feature) + " not supported by device (needed by kernel " + d.kernel + ")");
    }
  }
  return Support::Yes();
}

Result<std::unique_ptr<PreparedOperator>> VulkanBackend::Prepare(const ops::OperatorDesc& desc) {
  if (context_->lost()) {
    // Operators prepared on the old device keep it alive until they go.
    Result<std::shared_ptr<VulkanContext>> fresh = VulkanContext::Create(options_);
    if (!fresh.ok()) return fresh.error();
    context_ = std::move(*fresh);
  }
  // The verdict Supports() gave this desc, kept with its plan: neither is computed again.
  const gpu::JudgedPlan judged = Plan(desc);
  if (!judged.support.supported) {
    return MakeError("vulkan", "", "not supported: " + judged.support.reason,
                     "Prepare() takes what Supports() accepts");
  }
  return VulkanOperator::Create(context_, desc, **judged.plan);
}

}  // namespace dmlc::backends::vulkan
