// The d3d12 backend: the shared GPU kernels (backends/gpu) on one D3D12 device. Supports() answers
// from the dispatch plan (planned once per case: gpu::PlanCache), the kernel catalogue, the device's
// features and what the HLSL compiler targets, without compiling; when the backend is created, DXC and
// then D3DCompile are tried on one kernel through to its pipeline, and the first whose code the runtime
// runs is kept (DMLC_D3D12_COMPILER=dxc or fxc tries that one only); where none is (Wine's vkd3d 1.6
// refuses DXIL and Wine's own D3DCompile cannot compile compute shaders, so Wine without Microsoft's
// d3dcompiler_47.dll beside the program), every case is a skip naming why. Prepare() compiles a kernel
// on first use, or takes it from the machine's kernel cache (bytecode_cache.h), and keeps it with its
// root signature and pipeline.
// Thread-safety: Supports() may be called concurrently (plan and kernel caches are locked); Prepare()
// and the operators share the device's one queue, so one thread at a time (ThreadSafe() is false).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "backends/backend.h"
#include "backends/d3d12/bytecode_cache.h"
#include "backends/d3d12/d3d12_api.h"
#include "backends/d3d12/d3d12_device.h"
#include "backends/d3d12/shader_compiler.h"
#include "backends/gpu/dispatch_plan.h"
#include "backends/gpu/plan_cache.h"
#include "backends/registry.h"

namespace dmlc::backends::d3d12 {

// A compiled kernel variant, ready to bind.
struct Pipeline {
  uint32_t input_count = 0;
  ComPtr<ID3D12RootSignature> root_signature;
  ComPtr<ID3D12PipelineState> state;
};

// Raw views address at most 2^27 32-bit words (D3D12_REQ_BUFFER_RESOURCE_TEXEL_COUNT_2_TO_EXP).
inline constexpr uint64_t kMaxBufferBytes = (uint64_t{1} << 27) * 4;

class D3D12Backend final : public Backend {
 public:
  static Result<std::unique_ptr<Backend>> Create(const BackendOptions& options);

  std::string_view Name() const override { return "d3d12"; }
  const DeviceInfo& Device() const override { return info_; }
  bool ThreadSafe() const override { return false; }
  Support Supports(const ops::OperatorDesc& desc) const override;
  Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::OperatorDesc& desc) override;

  // The pipeline of kernel variant `name`, whose dispatches bind `input_count` inputs (a variant's
  // registers are fixed, so every dispatch of it binds the same number), compiled and created on first
  // use; the error (no such variant, the compiler's message, a D3D12 failure) is cached as well. Called
  // by Prepare(), never by Supports().
  Result<const Pipeline*> GetPipeline(const std::string& name, uint32_t input_count) const;
  d3d12::Device& device() { return *device_; }
  // D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION, which mingw's d3d12.h lacks; scratch buffers as
  // on vulkan, so that both run the same plans.
  gpu::DeviceLimits limits() const { return {65535, true}; }

 private:
  D3D12Backend(std::unique_ptr<d3d12::Device> device, Result<std::unique_ptr<ShaderCompiler>> compiler,
               BytecodeCache cache);
  // The desc's plan and verdict: the cached ones when the last call asked about the same desc.
  gpu::JudgedPlan Plan(const ops::OperatorDesc& desc) const;
  Support Judge(const ops::OperatorDesc& desc, const Result<gpu::SharedPlan>& plan) const;
  Result<Pipeline> BuildPipeline(const std::string& name, uint32_t input_count) const;

  std::unique_ptr<d3d12::Device> device_;
  // The error says, for each compiler, why it did not load or why its probe kernel did not run here.
  Result<std::unique_ptr<ShaderCompiler>> compiler_;
  BytecodeCache cache_;  // compiled kernels shared by the machine's processes (BackendOptions::pipeline_cache)
  DeviceInfo info_;
  mutable gpu::PlanCache plans_;  // Supports() plans and judges, Prepare() reuses both
  mutable std::mutex mutex_;
  mutable std::map<std::string, Result<Pipeline>, std::less<>> pipelines_;
};

}  // namespace dmlc::backends::d3d12
