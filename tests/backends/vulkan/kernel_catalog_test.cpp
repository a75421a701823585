// The embedded SPIR-V catalogue against the plan: every kernel the plan can name is embedded, as valid
// SPIR-V, and the one needing 64-bit integers says so.
#include "backends/vulkan/kernel_catalog.h"

#include <gtest/gtest.h>

#include "backends/gpu/dispatch_plan.h"

namespace dmlc::backends::vulkan {
namespace {

TEST(KernelCatalog, EmbedsEveryPlannedKernelAsSpirv) {
  const std::vector<std::string> names = gpu::AllKernelNames();
  EXPECT_EQ(names.size(), 29u);
  EXPECT_EQ(SpirvKernels().size(), names.size());
  for (const std::string& name : names) {
    const SpirvKernel* kernel = FindSpirvKernel(name);
    ASSERT_NE(kernel, nullptr) << name;
    ASSERT_GT(kernel->words.size(), 5u) << name;
    EXPECT_EQ(kernel->words[0], 0x07230203u) << name;  // the SPIR-V magic number
  }
}

TEST(KernelCatalog, OnlyTheInt64ReduceNeedsAFeature) {
  for (const SpirvKernel& kernel : SpirvKernels()) {
    EXPECT_EQ(kernel.feature, kernel.name == "reduce_i64" ? "shaderInt64" : "") << kernel.name;
  }
  EXPECT_EQ(FindSpirvKernel("copy_b3"), nullptr);
}

// The plans bind inputs then the output after the parameters (vulkan_operator.cpp); the SPIR-V says how
// many each kernel declares (the HLSL's register(t1), register(u2), ...).
TEST(KernelCatalog, StorageBindingsComeFromTheSpirv) {
  const std::pair<const char*, uint32_t> expected[] = {
      {"copy_b4", 2}, {"gather_nd1_b1", 3}, {"one_hot_b8", 3}, {"diagonal_matrix_b2", 1}, {"reduce_f32", 2},
      {"reduce_i64", 2}};
  for (const auto& [name, bindings] : expected) {
    const SpirvKernel* kernel = FindSpirvKernel(name);
    ASSERT_NE(kernel, nullptr) << name;
    EXPECT_EQ(StorageBindings(*kernel), bindings) << name;
  }
}

}  // namespace
}  // namespace dmlc::backends::vulkan
