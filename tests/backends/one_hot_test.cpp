// ONE_HOT on the cpu backend: the spec's four examples, every data type and index type, ValuesTensor
// strides, negative and out-of-range indices, strided indices and outputs.
#include <gtest/gtest.h>

#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

std::vector<double> RunOneHot(const Tensor& indices, const Tensor& values, const ops::TensorDesc& out_desc,
                              uint32_t axis) {
  ops::OneHotDesc desc{indices.desc, values.desc, out_desc, axis};
  Tensor out = MakeOutput(out_desc);
  Result<Timing> r = RunOnCpu(desc, {&indices, &values}, {&out});
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().ToString());
  EXPECT_TRUE(GapsUntouched(out));
  return ReadValues(out);
}

TEST(CpuOneHot, SpecExample1) {
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {1, 1, 3, 1}), {0, 3, 2});
  Tensor values = MakeTensor(Desc(DataType::kFloat32, {1, 1, 1, 2}), {0, 1});
  EXPECT_EQ(RunOneHot(indices, values, Desc(DataType::kFloat32, {1, 1, 3, 4}), 3),
            (std::vector<double>{1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0}));
}

TEST(CpuOneHot, SpecExample2OtherAxis) {
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {1, 1, 1, 4}), {0, 2, 1, 0});
  Tensor values = MakeTensor(Desc(DataType::kFloat32, {1, 1, 1, 2}), {0, 1});
  EXPECT_EQ(RunOneHot(indices, values, Desc(DataType::kFloat32, {1, 1, 3, 4}), 2),
            (std::vector<double>{1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0}));
}

TEST(CpuOneHot, SpecExample3OnOffValues) {
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {1, 1, 3, 1}), {0, 3, 2});
  Tensor values = MakeTensor(Desc(DataType::kFloat32, {1, 1, 3, 1}), {4, 2, 9});
  EXPECT_EQ(RunOneHot(indices, values, Desc(DataType::kFloat32, {1, 1, 3, 4}), 3),
            (std::vector<double>{2, 4, 4, 4, 4, 4, 4, 2, 4, 4, 2, 4}));
}

TEST(CpuOneHot, SpecExample4NegativeAndOutOfBounds) {
  Tensor indices = MakeTensor(Desc(DataType::kInt32, {1, 1, 3, 1}), {-3, 100, 3});
  Tensor values = MakeTensor(Desc(DataType::kFloat32, {1, 1, 1, 2}), {0, 1});
  EXPECT_EQ(RunOneHot(indices, values, Desc(DataType::kFloat32, {1, 1, 3, 4}), 3),
            (std::vector<double>{0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
}

TEST(CpuOneHot, EveryDataTypeAndIndexType) {
  const DataType index_types[] = {DataType::kInt64, DataType::kInt32, DataType::kUint64, DataType::kUint32};
  for (DataType type : ops::kAllDataTypes) {
    for (DataType index_type : index_types) {
      Tensor indices = MakeTensor(Desc(index_type, {2, 1}), {2, 0});
      Tensor values = MakeTensor(Desc(type, {1, 2}), {3, 7});
      EXPECT_EQ(RunOneHot(indices, values, Desc(type, {2, 3}), 1), (std::vector<double>{3, 3, 7, 7, 3, 3}))
          << ops::DataTypeName(type) << " " << ops::DataTypeName(index_type);
    }
  }
}

TEST(CpuOneHot, IndicesJustOutsideTheRangeGiveOffValues) {
  Tensor indices = MakeTensor(Desc(DataType::kInt64, {4, 1}), {-4, -1, 3, 4});  // depth 3: -4 and 3, 4 miss
  Tensor values = MakeTensor(Desc(DataType::kInt8, {2, 1}), {-1, 5});
  EXPECT_EQ(RunOneHot(indices, values, Desc(DataType::kInt8, {4, 3}), 1),
            (std::vector<double>{-1, -1, -1, -1, -1, 5, -1, -1, -1, -1, -1, -1}));
}

TEST(CpuOneHot, HugeUnsignedIndexMatchesNothing) {
  const std::vector<uint64_t> idx = {UINT64_MAX, 1};
  Tensor indices = MakeRawTensor(Desc(DataType::kUint64, {2, 1}), idx);
  Tensor values = MakeTensor(Desc(DataType::kUint16, {1, 2}), {0, 9});
  EXPECT_EQ(RunOneHot(indices, values, Desc(DataType::kUint16, {2, 2}), 1), (std::vector<double>{0, 0, 0, 9}));
}

TEST(CpuOneHot, StridedValuesTensor) {
  // Values {2,1,3} with strides {7,1,2}: logical element 1 (the OnValue) sits at offset 2.
  Tensor values = MakeTensor(Desc(DataType::kFloat64, {1, 1, 3}, {7, 1, 2}), {-2, 6, 100});
  Tensor indices = MakeTensor(Desc(DataType::kInt32, {1, 2, 1}), {1, -1});
  EXPECT_EQ(RunOneHot(indices, values, Desc(DataType::kFloat64, {1, 2, 3}), 2),
            (std::vector<double>{-2, 6, -2, -2, -2, 6}));
}

TEST(CpuOneHot, StridedIndicesAndOutputOnOuterAxis) {
  // Indices {1,3} with element stride 2; output {4,3} column-major with gaps.
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {1, 3}, {0, 2}), {3, 0, 1});
  Tensor values = MakeTensor(Desc(DataType::kFloat16, {2, 1}), {0.5, 1.5});
  EXPECT_EQ(RunOneHot(indices, values, Desc(DataType::kFloat16, {4, 3}, {1, 5}, 4), 0),
            (std::vector<double>{0.5, 1.5, 0.5, 0.5, 0.5, 1.5, 0.5, 0.5, 0.5, 1.5, 0.5, 0.5}));
}

}  // namespace
}  // namespace dmlc::backends::testing
