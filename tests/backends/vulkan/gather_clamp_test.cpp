// GATHER_ND1 index tuples out of range on the Vulkan kernels: each must read what DirectML 1.15.4 read
// (tests/backends/gather_clamp_cases.h), as the reference backends do. Runs on the first Vulkan device
// (lavapipe in CI) and skips where there is none.
#include <gtest/gtest.h>

#include "backends/vulkan/vulkan_backend.h"
#include "tests/backends/gather_clamp_cases.h"

namespace dmlc::backends::testing {
namespace {

TEST(VulkanGatherNd1, IndicesOutOfRangeReadWhatDirectmlReads) {
  Result<std::unique_ptr<Backend>> backend = vulkan::VulkanBackend::Create({});
  if (!backend.ok()) GTEST_SKIP() << "no Vulkan device: " << backend.error().ToString();
  for (const GatherClampCase& c : GatherClampCases()) {
    Result<std::unique_ptr<PreparedOperator>> op = (*backend)->Prepare(c.desc);
    ASSERT_TRUE(op.ok()) << c.name << ": " << op.error().ToString();
    Tensor out = MakeOutput(c.desc.OutputTensor);
    const std::vector<ConstBuffer> in = {c.input.bytes, c.indices.bytes};
    const std::vector<MutableBuffer> outs = {out.bytes};
    const Result<Timing> timing = (*op)->Execute(in, outs);
    ASSERT_TRUE(timing.ok()) << c.name << ": " << timing.error().ToString();
    EXPECT_EQ(ReadValues(out), c.directml) << c.name;
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
