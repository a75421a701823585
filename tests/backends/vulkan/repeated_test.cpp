// ExecuteRepeated() on a Vulkan device (lavapipe in CI): one upload, back-to-back executions on the
// resident buffers, one readback. Its outputs must equal one Execute()'s byte for byte (stride gaps,
// sub-word atomics and REDUCE's scratch buffers included), with one timestamped Timing per execution.
// Skips without a Vulkan device.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "backends/gpu/execution_timings.h"
#include "backends/vulkan/vulkan_backend.h"
#include "backends/vulkan/vulkan_operator.h"
#include "tests/backends/gpu/tensors.h"

namespace dmlc::backends::vulkan {
namespace {

using ops::DataType;
using gpu::testing::Tensor;

struct RepeatCase {
  std::string name;
  ops::OperatorDesc desc;
  uint32_t index_limit;  // input elements of an index tensor are drawn from [0, index_limit)
};

std::vector<RepeatCase> Cases() {
  return {
      // UINT8 rows of 5 in a pitch of 8: sub-word atomics, gaps that must keep the caller's bytes.
      {"join_subword_gaps",
       ops::JoinDesc{{Tensor(DataType::kUint8, {64, 3}), Tensor(DataType::kUint8, {64, 2})},
                     Tensor(DataType::kUint8, {64, 5}, {8, 1}), 1},
       0},
      // Few outputs with long reductions: partial states in a scratch buffer, then their combination.
      {"reduce_sum_split",
       ops::ReduceDesc{ops::ReduceFunction::kSum, Tensor(DataType::kFloat32, {1, 1, 4096, 64}),
                       Tensor(DataType::kFloat32, {1, 1, 1, 64}), {2}},
       0},
      {"reduce_argmax_rows",
       ops::ReduceDesc{ops::ReduceFunction::kArgMax, Tensor(DataType::kFloat32, {1, 1, 64, 4096}),
                       Tensor(DataType::kUint32, {1, 1, 64, 1}), {3}},
       0},
      {"gather_rows",
       ops::GatherNd1Desc{Tensor(DataType::kFloat32, {256, 64}), Tensor(DataType::kUint32, {256, 1}),
                          Tensor(DataType::kFloat32, {256, 64}), 2, 2, 0},
       256},
      {"one_hot",
       ops::OneHotDesc{Tensor(DataType::kUint32, {1, 1, 128, 1}), Tensor(DataType::kFloat32, {1, 1, 1, 2}),
                       Tensor(DataType::kFloat32, {1, 1, 128, 64}), 3},
       64},
      {"diagonal_matrix", ops::DiagonalMatrixDesc{Tensor(DataType::kFloat16, {1, 1, 33, 33}), 1, 2.5f}, 0},
  };
}

// Random bytes per input (random indices below `index_limit` for UINT32 index tensors).
std::vector<std::vector<std::byte>> RandomInputs(const ops::OperatorDesc& desc, uint32_t index_limit) {
  std::mt19937 rng(7);
  std::vector<std::vector<std::byte>> inputs;
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    if (b.role != ops::TensorRole::kInput) continue;
    std::vector<std::byte>& bytes = inputs.emplace_back(b.desc->TotalTensorSizeInBytes);
    if (b.desc->DataType == DataType::kUint32 && index_limit != 0) {
      for (size_t at = 0; at + 4 <= bytes.size(); at += 4) {
        const uint32_t index = rng() % index_limit;
        std::memcpy(bytes.data() + at, &index, 4);
      }
    } else if (b.desc->DataType == DataType::kFloat32) {
      std::uniform_real_distribution<float> value(-4, 4);
      for (size_t at = 0; at + 4 <= bytes.size(); at += 4) {
        const float f = value(rng);
        std::memcpy(bytes.data() + at, &f, 4);
      }
    } else {
      for (std::byte& byte : bytes) byte = static_cast<std::byte>(rng());
    }
  }
  return inputs;
}

std::vector<std::vector<std::byte>> PoisonedOutputs(const ops::OperatorDesc& desc) {
  std::vector<std::vector<std::byte>> outputs;
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    if (b.role == ops::TensorRole::kOutput) outputs.emplace_back(b.desc->TotalTensorSizeInBytes, std::byte{0xAA});
  }
  return outputs;
}

class VulkanRepeated : public ::testing::Test {
 protected:
  void SetUp() override {
    Result<std::unique_ptr<Backend>> backend = VulkanBackend::Create({});
    if (!backend.ok()) GTEST_SKIP() << "no Vulkan device: " << backend.error().ToString();
    backend_ = std::move(*backend);
    for (const auto& [key, value] : backend_->Device().properties) {
      if (key == "timestampComputeAndGraphics") timestamps_ = value == "yes";
    }
  }

  std::unique_ptr<Backend> backend_;
  bool timestamps_ = false;
};

TEST_F(VulkanRepeated, OutputsEqualOneExecuteAndEachExecutionIsTimed) {
  for (const RepeatCase& c : Cases()) {
    SCOPED_TRACE(c.name);
    ASSERT_TRUE(backend_->Supports(c.desc).supported);
    Result<std::unique_ptr<PreparedOperator>> op = backend_->Prepare(c.desc);
    ASSERT_TRUE(op.ok()) << op.error().ToString();
    const std::vector<std::vector<std::byte>> inputs = RandomInputs(c.desc, c.index_limit);
    const std::vector<ConstBuffer> in(inputs.begin(), inputs.end());

    std::vector<std::vector<std::byte>> once = PoisonedOutputs(c.desc);
    std::vector<MutableBuffer> once_spans(once.begin(), once.end());
    Result<Timing> single = (*op)->Execute(in, once_spans);
    ASSERT_TRUE(single.ok()) << single.error().ToString();
    EXPECT_EQ(single->gpu_ms.has_value(), timestamps_);

    // Counts change between calls, so the repeated recording is made again (3, 7) and reused (7).
    for (int iterations : {3, 7, 7, 1}) {
      SCOPED_TRACE(iterations);
      std::vector<std::vector<std::byte>> repeated = PoisonedOutputs(c.desc);
      std::vector<MutableBuffer> spans(repeated.begin(), repeated.end());
      Result<std::vector<Timing>> timings = (*op)->ExecuteRepeated(in, spans, iterations);
      ASSERT_TRUE(timings.ok()) << timings.error().ToString();
      EXPECT_EQ(repeated, once);
      ASSERT_EQ(timings->size(), static_cast<size_t>(iterations));
      for (const Timing& t : *timings) {
        EXPECT_EQ(t.gpu_ms.has_value(), timestamps_);
        if (t.gpu_ms) {
          EXPECT_GE(*t.gpu_ms, 0);
        }
        EXPECT_GE(t.cpu_ms, 0);
      }
    }
  }
}

TEST_F(VulkanRepeated, IterationCountOutOfRangeIsAnError) {
  ops::JoinDesc copy{{Tensor(DataType::kFloat32, {4})}, Tensor(DataType::kFloat32, {4}), 0};
  Result<std::unique_ptr<PreparedOperator>> op = backend_->Prepare(copy);
  ASSERT_TRUE(op.ok()) << op.error().ToString();
  std::vector<std::byte> input(16, std::byte{1});
  std::vector<std::byte> output(16);
  const ConstBuffer in[] = {input};
  const MutableBuffer out[] = {output};
  for (int bad : {0, -3, gpu::kMaxIterations + 1}) {
    Result<std::vector<Timing>> timings = (*op)->ExecuteRepeated(in, out, bad);
    ASSERT_FALSE(timings.ok()) << bad;
    EXPECT_EQ(timings.error().path, "iterations");
  }
  EXPECT_EQ(output, std::vector<std::byte>(16));  // nothing ran
  // The operator still works after refusing a count.
  Result<std::vector<Timing>> timings = (*op)->ExecuteRepeated(in, out, 2);
  ASSERT_TRUE(timings.ok()) << timings.error().ToString();
  EXPECT_EQ(output, input);
}

}  // namespace
}  // namespace dmlc::backends::vulkan
