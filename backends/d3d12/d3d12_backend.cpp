#include "backends/d3d12/d3d12_backend.h"

#include <cstdlib>
#include <optional>
#include <string_view>

#include "backends/d3d12/d3d12_operator.h"
#include "backends/d3d12/kernel_catalog.h"
#include "backends/d3d12/root_layout.h"

namespace dmlc::backends::d3d12 {
namespace {

bool HasFeature(const DeviceFeatures& features, std::string_view feature) {
  if (feature.empty()) return true;
  if (feature == "shaderInt64") return features.int64_ops;
  if (feature == "shaderFloat64") return features.doubles;
  return false;  // a feature this backend does not know is one it cannot promise
}

Result<std::vector<uint8_t>> CompileKernel(const ShaderCompiler& compiler, const HlslKernel& kernel,
                                           const BytecodeCache& cache) {
  Result<std::string> source = ExpandedSource(kernel);
  if (!source.ok()) return source.error();
  const Defines defines = KernelDefines(kernel);
  const std::string identity = compiler.Identity();
  std::vector<std::string_view> key_parts = {identity, *source};
  for (const auto& [name, value] : defines) key_parts.insert(key_parts.end(), {name, value});
  return cache.Get(kernel.name, BytecodeKey(key_parts),
                   [&] { return compiler.Compile(*source, kernel.source, defines); });
}

// Kernel `name`'s root signature and pipeline on `device`, from its compiled `bytecode`.
Result<Pipeline> CreatePipeline(Device& device, const std::vector<uint8_t>& bytecode, const std::string& name,
                                uint32_t input_count) {
  Pipeline pipeline;
  pipeline.input_count = input_count;
  const RootSignatureLayout layout(input_count);
  ComPtr<ID3DBlob> serialized, errors;
  HRESULT hr = device.runtime().SerializeVersionedRootSignature(&layout.desc(), serialized.GetAddressOf(), errors.GetAddressOf());
  if (FAILED(hr)) {
    std::string message = errors ? std::string(static_cast<const char*>(errors->GetBufferPointer()), errors->GetBufferSize()) : "";
    return MakeError("d3d12", name, "D3D12SerializeVersionedRootSignature failed: " + HresultName(hr) + " " + message,
                     "the root signature is valid");
  }
  hr = device.device()->CreateRootSignature(0, serialized->GetBufferPointer(), serialized->GetBufferSize(),
                                            __uuidof(ID3D12RootSignature),
                                            reinterpret_cast<void**>(pipeline.root_signature.GetAddressOf()));
  if (FAILED(hr)) return device.DeviceError("CreateRootSignature(" + name + ")", hr);
  D3D12_COMPUTE_PIPELINE_STATE_DESC pso{};
  pso.pRootSignature = pipeline.root_signature.Get();
  pso.CS = {bytecode.data(), bytecode.size()};
  hr = device.device()->CreateComputePipelineState(&pso, __uuidof(ID3D12PipelineState),
                                                    reinterpret_cast<void**>(pipeline.state.GetAddressOf()));
  if (FAILED(hr)) return device.DeviceError("CreateComputePipelineState(" + name + ")", hr);
  return pipeline;
}

// The first compiler whose code this device runs, tried on one kernel through to its pipeline: DXC's DXIL
// where the runtime takes it, else D3DCompile's DXBC. A runtime below shader model 6 refuses DXIL (Wine
// 8's vkd3d 1.6 reads DXBC only), and Wine's D3DCompile cannot compile compute shaders; knowing it here
// lets Supports() say so for every case without compiling anything. The probe's pipeline goes to
// `probe_pipeline`, so that the first copy does not compile it again.
constexpr std::string_view kProbeKernel = "copy_b4";  // one input, as every copy dispatch binds

using CompilerLoader = Result<std::unique_ptr<ShaderCompiler>> (*)();

// The compilers to try, in order. DMLC_D3D12_COMPILER=dxc or =fxc keeps one of them: to run the kernels
// as a machine that has only that one would (FXC's DXBC where DXC's DXIL runs too), or to see why the
// runtime refuses it.
Result<std::vector<CompilerLoader>> CompilerCandidates() {
  const char* chosen = std::getenv("DMLC_D3D12_COMPILER");
  const std::string name = chosen == nullptr ? "" : chosen;
  if (name.empty()) return std::vector<CompilerLoader>{LoadDxc, LoadFxc};
  if (name == "dxc") return std::vector<CompilerLoader>{LoadDxc};
  if (name == "fxc") return std::vector<CompilerLoader>{LoadFxc};
  return MakeError("d3d12", "DMLC_D3D12_COMPILER", "DMLC_D3D12_COMPILER is '" + name + "'", "dxc, fxc or unset");
}

Result<std::unique_ptr<ShaderCompiler>> ChooseCompiler(Device& device, const BytecodeCache& cache,
                                                       std::optional<Pipeline>& probe_pipeline) {
  const HlslKernel* probe = FindHlslKernel(kProbeKernel);
  if (probe == nullptr) {
    return MakeError("d3d12", std::string(kProbeKernel), "no HLSL kernel " + std::string(kProbeKernel),
                     "each kernel declares its variants in its '// variant:' lines");
  }
  Result<std::vector<CompilerLoader>> candidates = CompilerCandidates();
  if (!candidates.ok()) return candidates.error();
  std::string reasons;
  for (CompilerLoader load : *candidates) {
    Result<std::unique_ptr<ShaderCompiler>> compiler = load();
    std::string reason = compiler.ok() ? "" : compiler.error().message;
    if (compiler.ok()) {
      Result<std::vector<uint8_t>> code = CompileKernel(**compiler, *probe, cache);
      Result<Pipeline> pipeline = code.ok() ? CreatePipeline(device, *code, std::string(probe->name), 1) : Result<Pipeline>(code.error());
      if (pipeline.ok()) {
        probe_pipeline = std::move(*pipeline);
        return compiler;
      }
      // The compiler's own messages name it; the runtime's do not.
      reason = code.ok() ? (*compiler)->Name() + ": " + pipeline.error().message : code.error().message;
    }
    reasons += (reasons.empty() ? "" : "; ") + reason;
  }
  return MakeError("d3d12", "", "no HLSL compiler whose kernels this D3D12 runtime runs (shader model " +
                   device.features().shader_model + "): " + reasons, "DXC or d3dcompiler_47 is installed");
}

}  // namespace

D3D12Backend::D3D12Backend(std::unique_ptr<d3d12::Device> device, Result<std::unique_ptr<ShaderCompiler>> compiler,
                           BytecodeCache cache)
    : device_(std::move(device)), compiler_(std::move(compiler)), cache_(std::move(cache)), info_(device_->info()) {
  info_.properties.emplace_back("HLSL compiler", compiler_.ok() ? (*compiler_)->Name() : "none: " + compiler_.error().message);
}

Result<std::unique_ptr<Backend>> D3D12Backend::Create(const BackendOptions& options) {
  Result<std::unique_ptr<d3d12::Device>> device = d3d12::Device::Create(options.device, options.debug);
  if (!device.ok()) return device.error();
  std::optional<Pipeline> probe;
  BytecodeCache cache(options.pipeline_cache);
  Result<std::unique_ptr<ShaderCompiler>> compiler = ChooseCompiler(**device, cache, probe);
  std::unique_ptr<D3D12Backend> backend(new D3D12Backend(std::move(*device), std::move(compiler), std::move(cache)));
  if (probe) backend->pipelines_.emplace(std::string(kProbeKernel), std::move(*probe));
  return std::unique_ptr<Backend>(std::move(backend));
}

Support D3D12Backend::Supports(const ops::OperatorDesc& desc) const { return Plan(desc).support; }

gpu::JudgedPlan D3D12Backend::Plan(const ops::OperatorDesc& desc) const {
  return plans_.Get(desc, limits(), [&](const Result<gpu::SharedPlan>& plan) { return Judge(desc, plan); });
}

Support D3D12Backend::Judge(const ops::OperatorDesc& desc, const Result<gpu::SharedPlan>& plan) const {
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    if (RawBufferBytes(b.desc->TotalTensorSizeInBytes) > kMaxBufferBytes) {
      return Support::No(b.name + " is " + std::to_string(b.desc->TotalTensorSizeInBytes) +
                         " bytes, over D3D12's raw buffer view limit of 2^27 words");
    }
  }
  if (!compiler_.ok()) return Support::No(compiler_.error().message);
  if (!plan.ok()) return Support::No(plan.error().message + " (" + plan.error().rule + ")");
  for (const gpu::Dispatch& d : **plan) {
    const HlslKernel* kernel = FindHlslKernel(d.kernel);
    if (kernel == nullptr) return Support::No("no HLSL kernel " + d.kernel + " in this build");
    if (!HasFeature(device_->features(), kernel->feature)) {
      return Support::No(std::string(kernel->feature) + " not supported by device (needed by kernel " + d.kernel + ")");
    }
    if (!(*compiler_)->Targets(kernel->feature)) {
      return Support::No((*compiler_)->Name() + " cannot compile kernel " + d.kernel + ", which needs " +
                         std::string(kernel->feature) + " (DXC can)");
    }
  }
  return Support::Yes();
}

Result<std::unique_ptr<PreparedOperator>> D3D12Backend::Prepare(const ops::OperatorDesc& desc) {
  // The verdict Supports() gave this desc, kept with its plan: neither is computed again.
  const gpu::JudgedPlan judged = Plan(desc);
  if (!judged.support.supported) {
    return MakeError("d3d12", "", "not supported: " + judged.support.reason,
                     "Prepare() takes what Supports() accepts");
  }
  return D3D12Operator::Create(*this, desc, **judged.plan);
}

Result<const Pipeline*> D3D12Backend::GetPipeline(const std::string& name, uint32_t input_count) const {
  std::lock_guard lock(mutex_);
  auto it = pipelines_.find(name);
  if (it == pipelines_.end()) it = pipelines_.emplace(name, BuildPipeline(name, input_count)).first;
  if (!it->second.ok()) return it->second.error();
  return &it->second.value();
}

Result<Pipeline> D3D12Backend::BuildPipeline(const std::string& name, uint32_t input_count) const {
  if (!compiler_.ok()) return compiler_.error();
  const HlslKernel* kernel = FindHlslKernel(name);
  if (kernel == nullptr) return MakeError("d3d12", name, "no HLSL kernel " + name, "each kernel declares its variants in its '// variant:' lines");
  Result<std::vector<uint8_t>> bytecode = CompileKernel(**compiler_, *kernel, cache_);
  if (!bytecode.ok()) return bytecode.error();
  return CreatePipeline(*device_, *bytecode, name, input_count);
}

}  // namespace dmlc::backends::d3d12
