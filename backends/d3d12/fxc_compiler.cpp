// D3DCompile from d3dcompiler_47.dll: the HLSL compiler every Windows 10/11 has, shader model 5.1.
#include <string>

#include "backends/d3d12/d3d12_api.h"
#include "backends/d3d12/shader_compiler.h"
#include "backends/d3d12/shared_library.h"

namespace dmlc::backends::d3d12 {
#ifdef _WIN32
namespace {

// D3DCompile's signature (d3dcompiler.h), declared here because the runtime is loaded, not linked.
using D3DCompileFn = HRESULT(WINAPI*)(const void* source, size_t size, const char* name, const D3D_SHADER_MACRO* defines,
                                      void* include, const char* entry, const char* target, UINT flags1,
                                      UINT flags2, ID3DBlob** code, ID3DBlob** errors);
// D3DCOMPILE_SKIP_OPTIMIZATION: FXC's optimizer takes minutes over a REDUCE variant (reduce_i32: 167 s at
// OPTIMIZATION_LEVEL3, 406 s at LEVEL0, 10 s skipped, 2 busy cores under Wine), and the runtime compiles
// DXBC again for its GPU anyway (vkd3d through SPIR-V, a Windows driver its own way), so the fallback
// compiler's kernels stay correct and the first run's wait stays in seconds.
constexpr UINT kFlags = 1u << 2;

std::string BlobText(ID3DBlob* blob) {
  if (blob == nullptr) return {};
  std::string text(static_cast<const char*>(blob->GetBufferPointer()), blob->GetBufferSize());
  while (!text.empty() && (text.back() == '\0' || text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

class FxcCompiler final : public ShaderCompiler {
 public:
  FxcCompiler(SharedLibrary library, D3DCompileFn compile)
      : library_(std::move(library)), compile_(compile), name_(library_.name() + " (cs_5_1)") {}

  const std::string& Name() const override { return name_; }
  std::string Identity() const override {
    return name_ + " flags " + std::to_string(kFlags) + " " + std::to_string(library_.FileBytes());
  }
  bool Targets(std::string_view feature) const override { return feature.empty(); }

  Result<std::vector<uint8_t>> Compile(std::string_view source, std::string_view file,
                                       const Defines& defines) const override {
    std::vector<D3D_SHADER_MACRO> macros;
    for (const auto& [name, value] : defines) macros.push_back({name.c_str(), value.c_str()});
    macros.push_back({nullptr, nullptr});
    const std::string file_name(file);
    ComPtr<ID3DBlob> code, errors;
    HRESULT hr = compile_(source.data(), source.size(), file_name.c_str(), macros.data(), nullptr, "main",
                          "cs_5_1", kFlags, 0, code.GetAddressOf(), errors.GetAddressOf());
    if (FAILED(hr) || code == nullptr) {
      std::string message = BlobText(errors.Get());
      return MakeError("d3d12", file_name, name_ + " cannot compile " + file_name + ": " +
                       (message.empty() ? HresultName(hr) : message), "the kernel compiles for this system");
    }
    const auto* bytes = static_cast<const uint8_t*>(code->GetBufferPointer());
    return std::vector<uint8_t>(bytes, bytes + code->GetBufferSize());
  }

 private:
  SharedLibrary library_;
  D3DCompileFn compile_;
  std::string name_;
};

}  // namespace
#endif

Result<std::unique_ptr<ShaderCompiler>> LoadFxc() {
#ifdef _WIN32
  Result<SharedLibrary> library = SharedLibrary::Open({"d3dcompiler_47.dll"});
  if (!library.ok()) return library.error();
  Result<D3DCompileFn> compile = library->Function<D3DCompileFn>("D3DCompile");
  if (!compile.ok()) return compile.error();
  return std::unique_ptr<ShaderCompiler>(std::make_unique<FxcCompiler>(std::move(*library), *compile));
#else
  return MakeError("d3d12", "", "d3dcompiler_47.dll exists on Windows only", "DXC compiles the kernels on WSL");
#endif
}

}  // namespace dmlc::backends::d3d12
