// Compiles the shared HLSL kernels at run time: DXC (dxcompiler.dll / libdxcompiler.so, cs_6_2 DXIL) or
// D3DCompile (d3dcompiler_47.dll, present on every Windows 10/11; cs_5_1 DXBC). A kernel the compiler
// rejects (a 64-bit kernel under cs_5_1, or Wine's compiler, which cannot compile compute shaders) is an
// error carrying the compiler's own message. The backend says which kernels a compiler can take without
// compiling them (Targets()). Thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ops/error.h"

namespace dmlc::backends::d3d12 {

using Defines = std::vector<std::pair<std::string, std::string>>;

class ShaderCompiler {
 public:
  virtual ~ShaderCompiler() = default;
  // "dxcompiler.dll (cs_6_2)", for the device listing and skip reasons.
  virtual const std::string& Name() const = 0;
  // Everything but the source and defines that its object code depends on (name, target, flags and the
  // library file's size): the key of its kernels in the cache folder (bytecode_cache.h).
  virtual std::string Identity() const = 0;
  // Whether the compiler's target has what a kernel needing device `feature` (a kernel variant's
  // last field, "" for none) uses: cs_5_1 has no 64-bit integers, so "shaderInt64" kernels need DXC.
  virtual bool Targets(std::string_view feature) const = 0;
  // Bytecode of entry point "main" in `source` (self-contained: includes already expanded), or the
  // compiler's messages. `file` names the source in those messages.
  virtual Result<std::vector<uint8_t>> Compile(std::string_view source, std::string_view file,
                                               const Defines& defines) const = 0;
};

// Each compiler; the d3d12 backend keeps the first whose kernels its device runs (DXC, then D3DCompile).
Result<std::unique_ptr<ShaderCompiler>> LoadDxc();
Result<std::unique_ptr<ShaderCompiler>> LoadFxc();

}  // namespace dmlc::backends::d3d12
