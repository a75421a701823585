// GATHER_ND1's host-side index check: negative indices count from the end; the first bad index in
// row-major order is named with its full indices coordinate.
#include "backends/gpu/gather_index_check.h"

#include <gtest/gtest.h>

#include "tests/backends/vulkan/tensors.h"

namespace dmlc::backends::gpu {
namespace {

using ops::DataType;
using vulkan::testing::Bytes;
using vulkan::testing::Tensor;

// Spec 000, example 2's shapes: 3 batches of two 2-coordinate tuples into 2x2 blocks.
ops::GatherNd1Desc Example2(DataType index_type) {
  return {Tensor(DataType::kFloat32, {1, 3, 2, 2}), Tensor(index_type, {1, 3, 2, 2}),
          Tensor(DataType::kFloat32, {1, 1, 3, 2}), 3, 3, 1};
}

TEST(CheckGatherIndices, AcceptsInRangeAndNegativeIndices) {
  const ops::GatherNd1Desc desc = Example2(DataType::kInt32);
  const std::vector<int32_t> indices = {0, 0, 1, 1, -1, -2, 0, 0, 0, 1, 1, 0};
  EXPECT_TRUE(CheckGatherIndices(desc, Bytes(indices, desc.IndicesTensor.TotalTensorSizeInBytes)).ok());
}

TEST(CheckGatherIndices, NamesTheFirstBadIndexInRowMajorOrder) {
  const ops::GatherNd1Desc desc = Example2(DataType::kInt64);
  const std::vector<int64_t> indices = {0, 0, 1, 1, 1, -3, 0, 0, 0, 1, 2, 0};
  Status s = CheckGatherIndices(desc, Bytes(indices, desc.IndicesTensor.TotalTensorSizeInBytes));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "IndicesTensor[0,1,0,1]");
  EXPECT_EQ(s.error().message, "IndicesTensor[0,1,0,1] is -3 but InputTensor dimension 3 has size 2");
  EXPECT_EQ(s.error().rule, "indices lie in [-size, size-1] of the dimension they address");
}

TEST(CheckGatherIndices, UnsignedIndicesHaveNoNegativeRange) {
  const ops::GatherNd1Desc desc = Example2(DataType::kUint32);
  const std::vector<uint32_t> indices = {0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0xFFFFFFFFu, 0};
  Status s = CheckGatherIndices(desc, Bytes(indices, desc.IndicesTensor.TotalTensorSizeInBytes));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "IndicesTensor[0,2,1,0]");
  EXPECT_EQ(s.error().rule, "indices lie in [0, size-1] of the dimension they address");
}

TEST(CheckGatherIndices, FollowsIndicesStrides) {
  // A broadcast indices tensor: every batch reads the same two tuples.
  ops::GatherNd1Desc desc = Example2(DataType::kUint64);
  desc.IndicesTensor = Tensor(DataType::kUint64, {1, 3, 2, 2}, {0, 0, 2, 1});
  EXPECT_TRUE(CheckGatherIndices(desc, Bytes(std::vector<uint64_t>{1, 0, 0, 1}, 32)).ok());
  Status s = CheckGatherIndices(desc, Bytes(std::vector<uint64_t>{1, 0, 0, 2}, 32));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "IndicesTensor[0,0,1,1]");
}

}  // namespace
}  // namespace dmlc::backends::gpu
