#include "backends/d3d12/d3d12_backend.h"

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

Result<std::vector<uint8_t>> CompileKernel(const ShaderCompiler& compiler, const HlslKernel& kernel) {
  Result<std::string> source = ExpandedSource(kernel);
  if (!source.ok()) return source.error();
  return compiler.Compile(*source, kernel.source, KernelDefines(kernel));
}

// The compiler, once it has compiled one kernel: a compiler that loads but cannot compile compute
// shaders (Wine's d3dcompiler) is known here, so Supports() can say so without compiling anything.
Result<std::unique_ptr<ShaderCompiler>> TriedCompiler(Result<std::unique_ptr<ShaderCompiler>> compiler) {
  if (!compiler.ok()) return compiler;
  const HlslKernel* probe = FindHlslKernel("copy_b4");
  if (probe == nullptr) return MakeError("d3d12", "copy_b4", "no HLSL kernel copy_b4", "kernels.cmake lists every variant");
  Result<std::vector<uint8_t>> compiled = CompileKernel(**compiler, *probe);
  if (!compiled.ok()) return compiled.error();
  return compiler;
}

}  // namespace

D3D12Backend::D3D12Backend(std::unique_ptr<d3d12::Device> device, Result<std::unique_ptr<ShaderCompiler>> compiler)
    : device_(std::move(device)), compiler_(std::move(compiler)), info_(device_->info()) {
  info_.properties.emplace_back("HLSL compiler", compiler_.ok() ? (*compiler_)->Name() : "none: " + compiler_.error().message);
}

Result<std::unique_ptr<Backend>> D3D12Backend::Create(const BackendOptions& options) {
  Result<std::unique_ptr<d3d12::Device>> device = d3d12::Device::Create(options.device, options.debug);
  if (!device.ok()) return device.error();
  return std::unique_ptr<Backend>(new D3D12Backend(std::move(*device), TriedCompiler(LoadShaderCompiler())));
}

Support D3D12Backend::Supports(const ops::OperatorDesc& desc) const {
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    if (RawBufferBytes(b.desc->TotalTensorSizeInBytes) > kMaxBufferBytes) {
      return Support::No(b.name + " is " + std::to_string(b.desc->TotalTensorSizeInBytes) +
                         " bytes, over D3D12's raw buffer view limit of 2^27 words");
    }
  }
  if (!compiler_.ok()) return Support::No(compiler_.error().message);
  Result<gpu::SharedPlan> plan = plans_.Get(desc, limits());
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
  if (Support s = Supports(desc); !s.supported) {
    return MakeError("d3d12", "", "not supported: " + s.reason, "Prepare() takes what Supports() accepts");
  }
  Result<gpu::SharedPlan> plan = plans_.Get(desc, limits());  // planned by Supports() above
  if (!plan.ok()) return plan.error();
  return D3D12Operator::Create(*this, desc, **plan);
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
  if (kernel == nullptr) return MakeError("d3d12", name, "no HLSL kernel " + name, "kernels.cmake lists every variant");
  Result<std::vector<uint8_t>> bytecode = CompileKernel(**compiler_, *kernel);
  if (!bytecode.ok()) return bytecode.error();

  Pipeline pipeline;
  pipeline.input_count = input_count;
  const RootSignatureLayout layout(input_count);
  ComPtr<ID3DBlob> serialized, errors;
  HRESULT hr = device_->runtime().SerializeVersionedRootSignature(&layout.desc(), serialized.GetAddressOf(), errors.GetAddressOf());
  if (FAILED(hr)) {
    std::string message = errors ? std::string(static_cast<const char*>(errors->GetBufferPointer()), errors->GetBufferSize()) : "";
    return MakeError("d3d12", name, "D3D12SerializeVersionedRootSignature failed: " + HresultName(hr) + " " + message,
                     "the root signature is valid");
  }
  ID3D12Device* device = device_->device();
  hr = device->CreateRootSignature(0, serialized->GetBufferPointer(), serialized->GetBufferSize(),
                                   __uuidof(ID3D12RootSignature), reinterpret_cast<void**>(pipeline.root_signature.GetAddressOf()));
  if (FAILED(hr)) return MakeError("d3d12", name, "CreateRootSignature failed: " + HresultName(hr), "D3D12 calls succeed");
  D3D12_COMPUTE_PIPELINE_STATE_DESC pso{};
  pso.pRootSignature = pipeline.root_signature.Get();
  pso.CS = {bytecode->data(), bytecode->size()};
  hr = device->CreateComputePipelineState(&pso, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(pipeline.state.GetAddressOf()));
  if (FAILED(hr)) {
    return MakeError("d3d12", name, "CreateComputePipelineState(" + name + ") failed: " + HresultName(hr),
                     "the driver accepts the compiled kernel");
  }
  return pipeline;
}

}  // namespace dmlc::backends::d3d12
