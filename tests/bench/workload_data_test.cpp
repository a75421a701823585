#include "app/bench/workload_data.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>

#include <gtest/gtest.h>

#include "tests/bench/named_workload.h"

namespace dmlc::app::bench {
namespace {

template <class T>
std::vector<T> Read(const AlignedBuffer& buffer, size_t count) {
  std::vector<T> values(count);
  std::memcpy(values.data(), buffer.data(), count * sizeof(T));
  return values;
}

TEST(WorkloadDataTest, BuffersOfAHugePageOrMoreAreAlignedToOneAndZeroed) {
  constexpr size_t kHugePage = size_t{2} << 20;
  for (size_t bytes : {size_t{4}, size_t{100}, kHugePage - 4, kHugePage, 3 * kHugePage + 4}) {
    AlignedBuffer buffer(bytes);
    ASSERT_EQ(buffer.size(), bytes);
    const size_t alignment = bytes >= kHugePage ? kHugePage : 64;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(buffer.data()) % alignment, 0u) << bytes;
    EXPECT_TRUE(std::all_of(buffer.data(), buffer.data() + bytes, [](std::byte b) { return b == std::byte{0}; }))
        << bytes;
  }
}

TEST(WorkloadDataTest, GatherIndicesArePermutationOfRows) {
  auto gather = MakeNamed("GATHER_ND1", ops::DataType::kFloat32, 256 * 1024);
  ASSERT_TRUE(gather.ok());
  WorkloadBuffers buffers = MakeBuffers(*gather);
  ASSERT_EQ(buffers.inputs.size(), 2u);
  ASSERT_EQ(buffers.outputs.size(), 1u);
  auto indices = Read<uint32_t>(buffers.inputs[1], 256);
  std::sort(indices.begin(), indices.end());
  std::vector<uint32_t> rows(256);
  std::iota(rows.begin(), rows.end(), 0u);
  EXPECT_EQ(indices, rows);
  EXPECT_EQ(buffers.output_spans[0].size(), 256u * 1024);
}

TEST(WorkloadDataTest, OneHotIndicesInDepthAndValuesOffOn) {
  auto one_hot = MakeNamed("ONE_HOT", ops::DataType::kFloat32, 64 * 1024);
  ASSERT_TRUE(one_hot.ok());
  WorkloadBuffers buffers = MakeBuffers(*one_hot);
  ASSERT_EQ(buffers.inputs.size(), 2u);
  for (uint32_t index : Read<uint32_t>(buffers.inputs[0], 128)) EXPECT_LT(index, 128u);
  EXPECT_EQ(Read<float>(buffers.inputs[1], 2), (std::vector<float>{0.0f, 1.0f}));
}

TEST(WorkloadDataTest, FloatsArePositiveNearOneAndTiled) {
  auto reduce = MakeReduce(ops::ReduceFunction::kLogSum, ops::DataType::kFloat32, ReduceAxis::kInner, 1 << 20);
  ASSERT_TRUE(reduce.ok());
  WorkloadBuffers buffers = MakeBuffers(*reduce);
  auto values = Read<float>(buffers.inputs[0], 1 << 18);
  for (float v : values) {
    ASSERT_GE(v, std::exp(-0.1f) * 0.9999f);
    ASSERT_LE(v, std::exp(0.1f) * 1.0001f);
  }
  EXPECT_EQ(values[65536], values[0]);
  EXPECT_NE(values[1], values[0]);
}

TEST(WorkloadDataTest, IntegersAreMinusOneZeroOrOne) {
  auto reduce = MakeReduce(ops::ReduceFunction::kMultiply, ops::DataType::kInt32, ReduceAxis::kOuter, 16384);
  ASSERT_TRUE(reduce.ok());
  WorkloadBuffers buffers = MakeBuffers(*reduce);
  auto values = Read<int32_t>(buffers.inputs[0], 4096);
  for (int32_t v : values) ASSERT_TRUE(v >= -1 && v <= 1) << v;
  EXPECT_NE(std::count(values.begin(), values.end(), -1), 0);
  EXPECT_NE(std::count(values.begin(), values.end(), 1), 0);
}

}  // namespace
}  // namespace dmlc::app::bench
