// GATHER_ND1 on the plain backend against hand-computed values: the spec's examples, batches, negative
// indices, strides and broadcast, exact 64-bit copies and indices out of range (DirectML's clamp).
#include <gtest/gtest.h>

#include "tests/backends/gather_clamp_cases.h"
#include "tests/backends/plain/run_plain.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

Result<Timing> RunGather(const Tensor& input, const Tensor& indices, Tensor& out, uint32_t input_dims,
                         uint32_t indices_dims, uint32_t batch_dims) {
  const ops::GatherNd1Desc desc{input.desc, indices.desc, out.desc, input_dims, indices_dims, batch_dims};
  return RunOnPlain(desc, {&input, &indices}, {&out});
}

TEST(PlainGatherNd1, SpecExample1Remap1d) {
  Tensor input = MakeTensor(Desc(DataType::kFloat32, {2, 2}), {0, 1, 2, 3});
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {2, 1}), {1, 0});
  Tensor out = MakeOutput(Desc(DataType::kFloat32, {2, 2}));
  ASSERT_TRUE(RunGather(input, indices, out, 2, 2, 0).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{2, 3, 0, 1}));
}

TEST(PlainGatherNd1, SpecExample2BatchedRemap2d) {
  // Batch b's tuples (y, x) read input[0, b, y, x] = 4b + 2y + x.
  Tensor input = MakeTensor(Desc(DataType::kFloat32, {1, 3, 2, 2}), Iota(12));
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {1, 3, 2, 2}), {0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0});
  Tensor out = MakeOutput(Desc(DataType::kFloat32, {1, 1, 3, 2}));
  ASSERT_TRUE(RunGather(input, indices, out, 3, 3, 1).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{0, 3, 7, 4, 9, 10}));
}

TEST(PlainGatherNd1, NegativeIndicesCountFromTheEnd) {
  // Tuples (-1,-2) -> (2,0) = 5, (0,-1) -> (0,1) = 2, (-3,1) -> (0,1) = 2.
  Tensor input = MakeTensor(Desc(DataType::kInt32, {3, 2}), {1, 2, 3, 4, 5, 6});
  Tensor indices = MakeTensor(Desc(DataType::kInt64, {3, 2}), {-1, -2, 0, -1, -3, 1});
  Tensor out = MakeOutput(Desc(DataType::kInt32, {1, 3}));
  ASSERT_TRUE(RunGather(input, indices, out, 2, 2, 0).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{5, 2, 2}));
}

TEST(PlainGatherNd1, StridedBroadcastInputsAndStridedOutput) {
  // Input rows padded to 4 elements; one index broadcast to both rows (stride 0); output column-major.
  Tensor input = MakeTensor(Desc(DataType::kFloat16, {2, 3}, {4, 1}), {1, 2, 3, 4, 5, 6});
  Tensor indices = MakeTensor(Desc(DataType::kInt32, {2, 1}, {0, 1}), {1, 1});
  Tensor out = MakeOutput(Desc(DataType::kFloat16, {2, 3}, {1, 2}, 4));
  ASSERT_TRUE(RunGather(input, indices, out, 2, 2, 0).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{4, 5, 6, 4, 5, 6}));
  EXPECT_TRUE(GapsUntouched(out));
}

TEST(PlainGatherNd1, Int64ElementsAreCopiedExactly) {
  const int64_t big = (int64_t{1} << 62) + 1;  // not a double
  Tensor input = MakeRawTensor<int64_t>(Desc(DataType::kInt64, {1, 3}), {7, big, -big});
  Tensor indices = MakeTensor(Desc(DataType::kUint64, {2, 1}), {2, 1});
  Tensor out = MakeOutput(Desc(DataType::kInt64, {1, 2}));
  ASSERT_TRUE(RunGather(input, indices, out, 1, 2, 0).ok());
  EXPECT_EQ(ReadRaw<int64_t>(out), (std::vector<int64_t>{-big, big}));
}

TEST(PlainGatherNd1, IndicesOutOfRangeReadWhatDirectmlReads) {
  for (const GatherClampCase& c : GatherClampCases()) {
    Tensor out = MakeOutput(c.desc.OutputTensor);
    Result<Timing> r = RunOnPlain(c.desc, {&c.input, &c.indices}, {&out});
    ASSERT_TRUE(r.ok()) << c.name << ": " << r.error().ToString();
    EXPECT_EQ(ReadValues(out), c.directml) << c.name;
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
