// The SPIR-V of every kernel variant in backends/gpu/kernels.cmake, compiled from the shared HLSL at
// build time (glslangValidator) and embedded by embed_spirv.cmake. Immutable; thread-safe.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace dmlc::backends::vulkan {

struct SpirvKernel {
  std::string_view name;     // "copy_b4"
  std::string_view feature;  // device feature the variant needs ("shaderInt64"), "" for none
  std::span<const uint32_t> words;
};

// Every embedded variant.
std::span<const SpirvKernel> SpirvKernels();
// The variant named `name`; nullptr when this build has none.
const SpirvKernel* FindSpirvKernel(std::string_view name);
// A hash of every variant's name and words: compiled pipelines are keyed by it (pipeline_cache_file.h).
uint64_t KernelSetHash();
// The storage buffers a kernel binds (inputs and output, at bindings 1..n; the parameters are binding 0):
// the highest Binding decoration in its SPIR-V.
uint32_t StorageBindings(const SpirvKernel& kernel);

}  // namespace dmlc::backends::vulkan
