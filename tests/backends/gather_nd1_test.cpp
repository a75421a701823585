// GATHER_ND1 on the cpu backend: the spec's two examples, every data type and index type, strided and
// broadcast inputs, output strides, negative indices and indices out of range (DirectML's clamp).
#include <gtest/gtest.h>

#include "tests/backends/gather_clamp_cases.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

ops::GatherNd1Desc GatherDesc(const Tensor& input, const Tensor& indices, const ops::TensorDesc& out,
                              uint32_t input_dims, uint32_t indices_dims, uint32_t batch_dims) {
  return ops::GatherNd1Desc{input.desc, indices.desc, out, input_dims, indices_dims, batch_dims};
}

Result<Timing> RunGather(const ops::GatherNd1Desc& desc, const Tensor& input, const Tensor& indices, Tensor& out,
                         int threads = 1) {
  return RunOnCpu(desc, {&input, &indices}, {&out}, threads);
}

TEST(CpuGatherNd1, SpecExample1Remap1d) {
  Tensor input = MakeTensor(Desc(DataType::kFloat32, {2, 2}), {0, 1, 2, 3});
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {2, 1}), {1, 0});
  Tensor out = MakeOutput(Desc(DataType::kFloat32, {2, 2}));
  ASSERT_TRUE(RunGather(GatherDesc(input, indices, out.desc, 2, 2, 0), input, indices, out).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{2, 3, 0, 1}));
}

TEST(CpuGatherNd1, SpecExample2BatchedRemap2d) {
  Tensor input = MakeTensor(Desc(DataType::kFloat32, {1, 3, 2, 2}), Iota(12));
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {1, 3, 2, 2}), {0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0});
  Tensor out = MakeOutput(Desc(DataType::kFloat32, {1, 1, 3, 2}));
  ASSERT_TRUE(RunGather(GatherDesc(input, indices, out.desc, 3, 3, 1), input, indices, out).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{0, 3, 7, 4, 9, 10}));
}

TEST(CpuGatherNd1, EveryDataTypeAndIndexType) {
  const DataType index_types[] = {DataType::kInt64, DataType::kInt32, DataType::kUint64, DataType::kUint32};
  for (DataType type : ops::kAllDataTypes) {
    for (DataType index_type : index_types) {
      Tensor input = MakeTensor(Desc(type, {3, 2}), {1, 2, 3, 4, 5, 6});
      Tensor indices = MakeTensor(Desc(index_type, {2, 1}), {2, 0});
      Tensor out = MakeOutput(Desc(type, {2, 2}));
      ASSERT_TRUE(RunGather(GatherDesc(input, indices, out.desc, 2, 2, 0), input, indices, out).ok());
      EXPECT_EQ(ReadValues(out), (std::vector<double>{5, 6, 1, 2}))
          << ops::DataTypeName(type) << " " << ops::DataTypeName(index_type);
    }
  }
}

TEST(CpuGatherNd1, NegativeIndicesCountFromTheEnd) {
  Tensor input = MakeTensor(Desc(DataType::kInt32, {3, 2}), {1, 2, 3, 4, 5, 6});
  Tensor indices = MakeTensor(Desc(DataType::kInt64, {3, 2}), {-1, -2, 0, -1, -3, 1});
  Tensor out = MakeOutput(Desc(DataType::kInt32, {1, 3}));
  ASSERT_TRUE(RunGather(GatherDesc(input, indices, out.desc, 2, 2, 0), input, indices, out).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{5, 2, 2}));
}

TEST(CpuGatherNd1, IndicesOutOfRangeReadWhatDirectmlReads) {
  for (const GatherClampCase& c : GatherClampCases()) {
    for (int threads : {1, 3}) {
      Tensor out = MakeOutput(c.desc.OutputTensor);
      Result<Timing> r = RunGather(c.desc, c.input, c.indices, out, threads);
      ASSERT_TRUE(r.ok()) << c.name << ": " << r.error().ToString();
      EXPECT_EQ(ReadValues(out), c.directml) << c.name << ", " << threads << " threads";
    }
  }
}

TEST(CpuGatherNd1, StreamedRowsOutOfRangeAreClampedToo) {
  // An output past kStreamMinBytes is streamed in batches of rows: one index out of range sends its batch
  // down the clamped path, and the row past the end reads the last element over and over.
  const uint32_t rows = 1100, columns = 4096;
  Tensor input = MakeTensor(Desc(DataType::kFloat32, {4, columns}), Iota(4 * columns));
  std::vector<double> idx(rows);
  for (uint32_t r = 0; r < rows; ++r) idx[r] = r % 4;
  idx[700] = 4;
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {rows, 1}), idx);
  Tensor out = MakeOutput(Desc(DataType::kFloat32, {rows, columns}));
  ASSERT_TRUE(RunGather(GatherDesc(input, indices, out.desc, 2, 2, 0), input, indices, out, 2).ok());
  const std::vector<double> values = ReadValues(out);
  EXPECT_EQ(values[699 * columns + 5], 3 * columns + 5);
  EXPECT_EQ(values[700 * columns], 4 * columns - 1);
  EXPECT_EQ(values[700 * columns + columns - 1], 4 * columns - 1);
  EXPECT_EQ(values[701 * columns + 7], 1 * columns + 7);
}

TEST(CpuGatherNd1, StridedBroadcastInputsAndStridedOutput) {
  // Input {2,3} with padded rows (stride 4); indices {2,1} broadcasting one index (stride 0).
  Tensor input = MakeTensor(Desc(DataType::kFloat16, {2, 3}, {4, 1}), {1, 2, 3, 4, 5, 6});
  Tensor indices = MakeTensor(Desc(DataType::kInt32, {2, 1}, {0, 1}), {1, 1});
  Tensor out = MakeOutput(Desc(DataType::kFloat16, {2, 3}, {1, 2}, 4));  // column-major output
  ASSERT_TRUE(RunGather(GatherDesc(input, indices, out.desc, 2, 2, 0), input, indices, out).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{4, 5, 6, 4, 5, 6}));
  EXPECT_TRUE(GapsUntouched(out));
}

TEST(CpuGatherNd1, FullTupleGathersScalars) {
  Tensor input = MakeTensor(Desc(DataType::kInt64, {2, 3}), {10, 11, 12, 13, 14, 15});
  Tensor indices = MakeTensor(Desc(DataType::kUint64, {3, 2}), {1, 2, 0, 0, 1, 0});
  Tensor out = MakeOutput(Desc(DataType::kInt64, {1, 3}));
  ASSERT_TRUE(RunGather(GatherDesc(input, indices, out.desc, 2, 2, 0), input, indices, out).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{15, 10, 13}));
}

TEST(CpuGatherNd1, SpecSizesExample) {
  // Input {3,4,5,6,7}, indices {1,1,1,2,3} (a {1,2} array of 3-coordinate tuples): output {1,1,2,6,7}.
  const std::vector<double> values = Iota(3 * 4 * 5 * 6 * 7);
  Tensor input = MakeTensor(Desc(DataType::kUint16, {3, 4, 5, 6, 7}), values);
  Tensor indices = MakeTensor(Desc(DataType::kInt32, {1, 1, 1, 2, 3}), {2, 3, 4, 0, -1, 1});
  Tensor out = MakeOutput(Desc(DataType::kUint16, {1, 1, 2, 6, 7}));
  ASSERT_TRUE(RunGather(GatherDesc(input, indices, out.desc, 5, 3, 0), input, indices, out).ok());
  const std::vector<double> got = ReadValues(out);
  const size_t block = 6 * 7;
  const size_t first = ((2 * 4 + 3) * 5 + 4) * block, second = ((0 * 4 + 3) * 5 + 1) * block;
  for (size_t i = 0; i < block; ++i) {
    ASSERT_EQ(got[i], values[first + i]);
    ASSERT_EQ(got[block + i], values[second + i]);
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
