// The HLSL of every kernel variant in backends/gpu/kernels.cmake, embedded as source text by
// embed_hlsl.cmake: D3D12 compiles it at run time with the compiler the system has (shader_compiler.h).
// Immutable; thread-safe.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ops/error.h"

namespace dmlc::backends::d3d12 {

struct HlslFile {
  std::string_view name;  // "common.hlsli", "param_layout.h": what #include names
  std::string_view text;
};

struct HlslKernel {
  std::string_view name;     // "copy_b4"
  std::string_view source;   // "copy.hlsl"
  std::string_view defines;  // "ELEM_BYTES=4", comma-separated; "" for none
  std::string_view feature;  // device feature the variant needs ("shaderInt64"), "" for none
};

std::span<const HlslFile> HlslFiles();
std::span<const HlslKernel> HlslKernels();
// The variant named `name`; nullptr when this build has none.
const HlslKernel* FindHlslKernel(std::string_view name);

// The variant's defines as (name, value) pairs: "ELEM_BYTES=4" gives ("ELEM_BYTES", "4"), a bare name
// the value "1", as a compiler's -D does.
std::vector<std::pair<std::string, std::string>> KernelDefines(const HlslKernel& kernel);

// `file`'s text with every `#include "x"` replaced by x's text, recursively, with #line directives so the
// compiler's messages name the original file and line. Lets every compiler take one self-contained
// source without an include handler. Errors: a missing file, or includes nested deeper than 16.
using HlslLookup = std::function<const HlslFile*(std::string_view name)>;
Result<std::string> ExpandIncludes(std::string_view file, const HlslLookup& lookup);
// ExpandIncludes() over the embedded files.
Result<std::string> ExpandedSource(const HlslKernel& kernel);

}  // namespace dmlc::backends::d3d12
