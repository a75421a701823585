// Property tests over random shapes (fixed seed): JOIN of slices equals the input; ONE_HOT then ARGMAX
// returns the indices; GATHER_ND1 with identity indices returns the input; DIAGONAL_MATRIX matches a
// plain loop.
#include <gtest/gtest.h>

#include <random>

#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

std::vector<uint32_t> RandomSizes(std::mt19937& rng, uint32_t rank, uint32_t max_size) {
  std::uniform_int_distribution<uint32_t> size(1, max_size);
  std::vector<uint32_t> sizes(rank);
  for (auto& s : sizes) s = size(rng);
  return sizes;
}

uint64_t Count(const std::vector<uint32_t>& sizes) { return ops::ElementCount(sizes).value(); }

TEST(CpuProperty, JoinOfSlicesEqualsTheInput) {
  std::mt19937 rng(1234);
  for (int iteration = 0; iteration < 40; ++iteration) {
    const uint32_t rank = std::uniform_int_distribution<uint32_t>(1, 5)(rng);
    const std::vector<uint32_t> sizes = RandomSizes(rng, rank, 5);
    const uint32_t axis = std::uniform_int_distribution<uint32_t>(0, rank - 1)(rng);
    const std::vector<double> values = Iota(Count(sizes));
    // Cut the axis into random slices and build each slice's values from the full tensor.
    std::vector<Tensor> slices;
    uint32_t start = 0;
    while (start < sizes[axis]) {
      const uint32_t len = std::uniform_int_distribution<uint32_t>(1, sizes[axis] - start)(rng);
      std::vector<uint32_t> slice_sizes = sizes;
      slice_sizes[axis] = len;
      std::vector<double> slice_values;
      const std::vector<uint32_t> strides = ops::PackedStrides(sizes);
      for (uint64_t i = 0; i < Count(slice_sizes); ++i) {
        uint64_t rest = i, offset = 0;
        for (uint32_t d = rank; d-- > 0;) {
          const uint64_t c = rest % slice_sizes[d] + (d == axis ? start : 0);
          rest /= slice_sizes[d];
          offset += c * strides[d];
        }
        slice_values.push_back(values[offset]);
      }
      slices.push_back(MakeTensor(Desc(DataType::kFloat32, slice_sizes), slice_values));
      start += len;
    }
    ops::JoinDesc desc;
    for (const auto& s : slices) desc.InputTensors.push_back(s.desc);
    desc.OutputTensor = Desc(DataType::kFloat32, sizes);
    desc.Axis = axis;
    Tensor out = MakeOutput(desc.OutputTensor);
    std::vector<const Tensor*> in;
    for (const auto& s : slices) in.push_back(&s);
    ASSERT_TRUE(RunOnCpu(desc, in, {&out}).ok());
    EXPECT_EQ(ReadValues(out), values) << "iteration " << iteration;
  }
}

TEST(CpuProperty, OneHotThenArgMaxReturnsTheIndices) {
  std::mt19937 rng(99);
  for (int iteration = 0; iteration < 40; ++iteration) {
    const uint32_t rank = std::uniform_int_distribution<uint32_t>(1, 4)(rng);
    std::vector<uint32_t> sizes = RandomSizes(rng, rank, 6);
    const uint32_t axis = std::uniform_int_distribution<uint32_t>(0, rank - 1)(rng);
    const uint32_t depth = sizes[axis];
    std::vector<uint32_t> index_sizes = sizes;
    index_sizes[axis] = 1;
    std::vector<double> indices(Count(index_sizes));
    for (auto& v : indices) v = std::uniform_int_distribution<uint32_t>(0, depth - 1)(rng);
    Tensor idx = MakeTensor(Desc(DataType::kInt32, index_sizes), indices);
    std::vector<uint32_t> value_sizes(rank, 1);
    value_sizes[rank - 1] = 2;
    Tensor values = MakeTensor(Desc(DataType::kFloat32, value_sizes), {0, 1});
    ops::OneHotDesc one_hot{idx.desc, values.desc, Desc(DataType::kFloat32, sizes), axis};
    Tensor encoded = MakeOutput(one_hot.OutputTensor);
    ASSERT_TRUE(RunOnCpu(one_hot, {&idx, &values}, {&encoded}).ok());
    ops::ReduceDesc argmax{ops::ReduceFunction::kArgMax, encoded.desc, Desc(DataType::kInt32, index_sizes), {axis}};
    Tensor decoded = MakeOutput(argmax.OutputTensor);
    ASSERT_TRUE(RunOnCpu(argmax, {&encoded}, {&decoded}).ok());
    EXPECT_EQ(ReadValues(decoded), indices) << "iteration " << iteration;
  }
}

TEST(CpuProperty, GatherWithIdentityIndicesReturnsTheInput) {
  std::mt19937 rng(7);
  for (int iteration = 0; iteration < 40; ++iteration) {
    // Input {n, rest...}; indices {1.., n, 1} = 0..n-1 gather every row of dimension 0 in order.
    const uint32_t rank = std::uniform_int_distribution<uint32_t>(2, 5)(rng);
    const std::vector<uint32_t> sizes = RandomSizes(rng, rank, 5);
    const std::vector<double> values = Iota(Count(sizes));
    Tensor input = MakeTensor(Desc(DataType::kInt16, sizes), values);
    std::vector<uint32_t> index_sizes(rank, 1);
    index_sizes[rank - 2] = sizes[0];
    Tensor indices = MakeTensor(Desc(DataType::kUint32, index_sizes), Iota(sizes[0]));
    // Output: {n} then the input dimensions after the indexed one: the input's own sizes.
    ops::GatherNd1Desc desc{input.desc, indices.desc, Desc(DataType::kInt16, sizes), rank, 2, 0};
    Tensor out = MakeOutput(desc.OutputTensor);
    ASSERT_TRUE(RunOnCpu(desc, {&input, &indices}, {&out}).ok());
    EXPECT_EQ(ReadValues(out), values) << "iteration " << iteration;
  }
}

TEST(CpuProperty, DiagonalMatrixMatchesAPlainLoop) {
  std::mt19937 rng(42);
  for (int iteration = 0; iteration < 60; ++iteration) {
    const uint32_t rank = std::uniform_int_distribution<uint32_t>(2, 4)(rng);
    const std::vector<uint32_t> sizes = RandomSizes(rng, rank, 7);
    const int32_t offset = std::uniform_int_distribution<int32_t>(-8, 8)(rng);
    // Random padding per dimension exercises strided outputs.
    std::vector<uint32_t> strides(rank);
    uint32_t stride = std::uniform_int_distribution<uint32_t>(1, 2)(rng);
    for (uint32_t d = rank; d-- > 0;) {
      strides[d] = stride;
      stride *= sizes[d] + std::uniform_int_distribution<uint32_t>(0, 1)(rng);
    }
    ops::DiagonalMatrixDesc desc{Desc(DataType::kFloat32, sizes, strides), offset, 2.5f};
    Tensor out = MakeOutput(desc.OutputTensor);
    ASSERT_TRUE(RunOnCpu(desc, {}, {&out}).ok());
    const uint32_t h = sizes[rank - 2], w = sizes[rank - 1];
    std::vector<double> expected;
    for (uint64_t b = 0; b < Count(sizes) / (h * w); ++b) {
      for (uint32_t i = 0; i < h; ++i) {
        for (uint32_t j = 0; j < w; ++j) expected.push_back(static_cast<int64_t>(i) + offset == j ? 2.5 : 0);
      }
    }
    EXPECT_EQ(ReadValues(out), expected) << "iteration " << iteration;
    EXPECT_TRUE(GapsUntouched(out));
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
