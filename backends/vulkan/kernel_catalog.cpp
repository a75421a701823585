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

uint64_t KernelSetHash() {
  // FNV-1a: a key, not a defence; a kernel that changes changes its words.
  uint64_t hash = 14695981039346656037ull;
  const auto mix = [&](uint64_t value) { hash = (hash ^ value) * 1099511628211ull; };
  for (const SpirvKernel& k : SpirvKernels()) {
    for (char c : k.name) mix(static_cast<uint8_t>(c));
    for (uint32_t word : k.words) mix(word);
  }
  return hash;
}

uint32_t StorageBindings(const SpirvKernel& kernel) {
  // SPIR-V spec 2.3: five header words, then instructions whose first word is (word count << 16) | opcode.
  // OpDecorate (71) %target Binding (33) n.
  constexpr uint32_t kOpDecorate = 71, kBinding = 33;
  const std::span<const uint32_t> words = kernel.words;
  uint32_t highest = 0;
  for (size_t at = 5; at < words.size();) {
    const uint32_t count = words[at] >> 16, opcode = words[at] & 0xFFFF;
    if (count == 0) break;  // malformed: the words of a build-time compile never are
    if (opcode == kOpDecorate && count >= 4 && at + 3 < words.size() && words[at + 2] == kBinding) {
      highest = std::max(highest, words[at + 3]);
    }
    at += count;
  }
  return highest;
}

}  // namespace dmlc::backends::vulkan
