// The embedded SPIR-V catalogue against the plan: every kernel the plan can name is embedded, as valid
// SPIR-V, and the one needing 64-bit integers says so.
#include "backends/vulkan/kernel_catalog.h"

#include <gtest/gtest.h>

#include "backends/gpu/dispatch_plan.h"

namespace dmlc::backends::vulkan {
namespace {

TEST(KernelCatalog, EmbedsEveryPlannedKernelAsSpirv) {
  const std::vector<std::string> names = gpu::AllKernelNames();
  EXPECT_EQ(names.size(), 25u);
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

}  // namespace
}  // namespace dmlc::backends::vulkan
