// ONE_HOT on the plain backend: the spec's examples, negative and out-of-range indices, strided values.
#include <gtest/gtest.h>

#include "tests/backends/plain/run_plain.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

Result<Timing> RunOneHot(const Tensor& indices, const Tensor& values, Tensor& out, uint32_t axis) {
  return RunOnPlain(ops::OneHotDesc{indices.desc, values.desc, out.desc, axis}, {&indices, &values}, {&out});
}

TEST(PlainOneHot, SpecExample1AlongRows) {
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {1, 1, 3, 1}), {0, 3, 2});
  Tensor values = MakeTensor(Desc(DataType::kFloat32, {1, 1, 1, 2}), {0, 1});
  Tensor out = MakeOutput(Desc(DataType::kFloat32, {1, 1, 3, 4}));
  ASSERT_TRUE(RunOneHot(indices, values, out, 3).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0}));
}

TEST(PlainOneHot, SpecExample2AlongColumns) {
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {1, 1, 1, 4}), {0, 2, 1, 0});
  Tensor values = MakeTensor(Desc(DataType::kFloat32, {1, 1, 1, 2}), {0, 1});
  Tensor out = MakeOutput(Desc(DataType::kFloat32, {1, 1, 3, 4}));
  ASSERT_TRUE(RunOneHot(indices, values, out, 2).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0}));
}

TEST(PlainOneHot, NegativeIndicesCountFromTheEndAndOutOfRangeIsAllOff) {
  // Values {1,1,3,1} as in the spec's example 3: OffValue 4, OnValue 2 (the next element).
  Tensor indices = MakeTensor(Desc(DataType::kInt32, {1, 1, 4, 1}), {-1, -4, 4, -5});
  Tensor values = MakeTensor(Desc(DataType::kInt8, {1, 1, 3, 1}), {4, 2, 9});
  Tensor out = MakeOutput(Desc(DataType::kInt8, {1, 1, 4, 4}));
  ASSERT_TRUE(RunOneHot(indices, values, out, 3).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{4, 4, 4, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}));
}

TEST(PlainOneHot, StridedValuesAndBroadcastIndices) {
  Tensor indices = MakeTensor(Desc(DataType::kUint64, {2, 1}, {0, 1}), {1, 1});  // both rows read index 1
  Tensor values = MakeTensor(Desc(DataType::kFloat64, {1, 2}, {1, 3}), {-1.5, 8.25});  // elements 0 and 3
  Tensor out = MakeOutput(Desc(DataType::kFloat64, {2, 3}));
  ASSERT_TRUE(RunOneHot(indices, values, out, 1).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{-1.5, 8.25, -1.5, -1.5, 8.25, -1.5}));
}

}  // namespace
}  // namespace dmlc::backends::testing
