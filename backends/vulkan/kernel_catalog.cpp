#include "backends/vulkan/kernel_catalog.h"

#include <algorithm>

namespace dmlc::backends::vulkan {

// Defined in the generated spirv_kernels.cpp.
extern const SpirvKernel kGeneratedSpirvKernels[];
extern const size_t kGeneratedSpirvKernelCount;

std::span<const SpirvKernel> SpirvKernels() { return {kGeneratedSpirvKernels, kGeneratedSpirvKernelCount}; }

const SpirvKernel* FindSpirvKernel(std::string_view name) {
  const auto kernels = SpirvKernels();
  auto it = std::find_if(kernels.begin(), kernels.end(), [&](const SpirvKernel& k) { return k.name == name; });
  return it == kernels.end() ? nullptr : &*it;
}

}  // namespace dmlc::backends::vulkan
