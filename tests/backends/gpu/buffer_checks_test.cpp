// The buffer checks every GPU backend makes before staging: counts and sizes against the desc's
// bindings.
#include "backends/gpu/buffer_checks.h"

#include <gtest/gtest.h>

#include "tests/backends/gpu/tensors.h"

namespace dmlc::backends::gpu {
namespace {

using ops::DataType;
using testing::Bytes;
using testing::Tensor;

// Two FLOAT32 inputs of 2x3 and 2x4 joined along the last axis into 2x7.
ops::JoinDesc Join() {
  return {{Tensor(DataType::kFloat32, {1, 1, 2, 3}), Tensor(DataType::kFloat32, {1, 1, 2, 4})},
          Tensor(DataType::kFloat32, {1, 1, 2, 7}), 3};
}

struct Buffers {
  std::vector<std::vector<std::byte>> storage;
  std::vector<ConstBuffer> inputs;
  std::vector<MutableBuffer> outputs;
};

Buffers Sized(const std::vector<size_t>& input_bytes, const std::vector<size_t>& output_bytes) {
  Buffers b;
  for (size_t n : input_bytes) b.storage.emplace_back(n);
  for (size_t n : output_bytes) b.storage.emplace_back(n);
  for (size_t i = 0; i < input_bytes.size(); ++i) b.inputs.emplace_back(b.storage[i]);
  for (size_t i = 0; i < output_bytes.size(); ++i) b.outputs.emplace_back(b.storage[input_bytes.size() + i]);
  return b;
}

TEST(CheckBuffers, AcceptsOneBufferPerBindingOfAtLeastItsSize) {
  Buffers b = Sized({24, 32}, {56});
  EXPECT_TRUE(CheckBuffers("vulkan", Join(), b.inputs, b.outputs).ok());
  Buffers larger = Sized({25, 40}, {64});
  EXPECT_TRUE(CheckBuffers("vulkan", Join(), larger.inputs, larger.outputs).ok());
}

TEST(CheckBuffers, RejectsAWrongBufferCount) {
  Buffers b = Sized({24}, {56});
  Status s = CheckBuffers("d3d12", Join(), b.inputs, b.outputs);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().scope, "d3d12");
  EXPECT_EQ(s.error().message, "wrong number of buffers for the desc's bindings");
  EXPECT_EQ(s.error().rule, "one buffer per binding");
}

TEST(CheckBuffers, NamesTheBindingWhoseBufferIsShort) {
  Buffers b = Sized({24, 31}, {56});
  Status s = CheckBuffers("vulkan", Join(), b.inputs, b.outputs);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "InputTensors[1]");
  EXPECT_EQ(s.error().message, "buffer has 31 bytes, fewer than TotalTensorSizeInBytes 32");
  Buffers short_output = Sized({24, 32}, {55});
  Status out = CheckBuffers("vulkan", Join(), short_output.inputs, short_output.outputs);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().path, "OutputTensor");
}

}  // namespace
}  // namespace dmlc::backends::gpu
