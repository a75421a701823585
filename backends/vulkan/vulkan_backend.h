// The `vulkan` backend: the shared GPU dispatch plan (backends/gpu) run on one Vulkan device. Supports()
// says no, with the reason, where a tensor exceeds maxStorageBufferRange or a kernel needs a feature the
// device lacks. After a Vulkan error the device is recreated before the next Prepare(). One thread at a time.
#pragma once

#include <memory>

#include "backends/backend.h"
#include "backends/gpu/plan_cache.h"
#include "backends/registry.h"
#include "backends/vulkan/vulkan_context.h"

namespace dmlc::backends::vulkan {

class VulkanBackend final : public Backend {
 public:
  // Error (naming why) when there is no loader, no Vulkan 1.2 device, or none matches options.device.
  static Result<std::unique_ptr<Backend>> Create(const BackendOptions& options);

  std::string_view Name() const override { return "vulkan"; }
  const DeviceInfo& Device() const override { return info_; }
  bool ThreadSafe() const override { return false; }
  Support Supports(const ops::OperatorDesc& desc) const override;
  Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::OperatorDesc& desc) override;

  // With options.debug: whether the validation layer is on, and the errors it reported so far.
  bool Validating() const { return context_->validating(); }
  uint64_t ValidationErrors() const { return context_->validation_errors(); }

 private:
  VulkanBackend(BackendOptions options, std::shared_ptr<VulkanContext> context);
  // The desc's plan and verdict: the cached ones when the last call asked about the same desc.
  gpu::JudgedPlan Plan(const ops::OperatorDesc& desc) const;
  Support Judge(const ops::OperatorDesc& desc, const Result<gpu::SharedPlan>& plan) const;

  BackendOptions options_;
  std::shared_ptr<VulkanContext> context_;
  DeviceInfo info_;  // a copy: stays valid when the context is replaced
  mutable gpu::PlanCache plans_;  // Supports() plans and judges, Prepare() reuses both
};

}  // namespace dmlc::backends::vulkan
