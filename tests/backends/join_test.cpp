// JOIN on the cpu backend: the spec's four examples, every data type, strided and broadcast inputs,
// output strides with their gaps untouched.
#include <gtest/gtest.h>

#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

std::vector<double> RunJoin(const std::vector<Tensor>& inputs, const ops::TensorDesc& out_desc, uint32_t axis,
                            Tensor* out_tensor = nullptr, int threads = 1) {
  ops::JoinDesc desc;
  for (const auto& t : inputs) desc.InputTensors.push_back(t.desc);
  desc.OutputTensor = out_desc;
  desc.Axis = axis;
  Tensor out = MakeOutput(out_desc);
  std::vector<const Tensor*> in;
  for (const auto& t : inputs) in.push_back(&t);
  Result<Timing> r = RunOnCpu(desc, in, {&out}, threads);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().ToString());
  EXPECT_TRUE(GapsUntouched(out));
  if (out_tensor) *out_tensor = out;
  return ReadValues(out);
}

TEST(CpuJoin, SpecExample1SingleAxis) {
  std::vector<Tensor> in = {MakeTensor(Desc(DataType::kFloat32, {1, 1, 2, 3}), {1, 2, 3, 4, 5, 6}),
                            MakeTensor(Desc(DataType::kFloat32, {1, 1, 2, 4}), {7, 8, 9, 10, 11, 12, 13, 14})};
  EXPECT_EQ(RunJoin(in, Desc(DataType::kFloat32, {1, 1, 2, 7}), 3),
            (std::vector<double>{1, 2, 3, 7, 8, 9, 10, 4, 5, 6, 11, 12, 13, 14}));
}

std::vector<Tensor> Example2Inputs() {
  return {MakeTensor(Desc(DataType::kFloat32, {1, 1, 2, 2}), {1, 2, 3, 4}),
          MakeTensor(Desc(DataType::kFloat32, {1, 1, 2, 2}), {5, 6, 7, 8}),
          MakeTensor(Desc(DataType::kFloat32, {1, 1, 2, 2}), {9, 10, 11, 12})};
}

TEST(CpuJoin, SpecExample2Axis1) {
  EXPECT_EQ(RunJoin(Example2Inputs(), Desc(DataType::kFloat32, {1, 3, 2, 2}), 1), Iota(12, 1));
}

TEST(CpuJoin, SpecExample2Axis2) {
  EXPECT_EQ(RunJoin(Example2Inputs(), Desc(DataType::kFloat32, {1, 1, 6, 2}), 2), Iota(12, 1));
}

TEST(CpuJoin, SpecExample2Axis3) {
  EXPECT_EQ(RunJoin(Example2Inputs(), Desc(DataType::kFloat32, {1, 1, 2, 6}), 3),
            (std::vector<double>{1, 2, 5, 6, 9, 10, 3, 4, 7, 8, 11, 12}));
}

TEST(CpuJoin, EveryDataType) {
  for (DataType type : ops::kAllDataTypes) {
    std::vector<Tensor> in = {MakeTensor(Desc(type, {2, 1}), {1, 3}), MakeTensor(Desc(type, {2, 2}), {5, 6, 7, 8})};
    EXPECT_EQ(RunJoin(in, Desc(type, {2, 3}), 1), (std::vector<double>{1, 5, 6, 3, 7, 8}))
        << ops::DataTypeName(type);
  }
}

TEST(CpuJoin, Exact64BitIntegers) {
  const std::vector<int64_t> a = {INT64_MIN, -1}, b = {INT64_MAX};
  std::vector<Tensor> in = {MakeRawTensor(Desc(DataType::kInt64, {2}), a), MakeRawTensor(Desc(DataType::kInt64, {1}), b)};
  Tensor out;
  RunJoin(in, Desc(DataType::kInt64, {3}), 0, &out);
  EXPECT_EQ(ReadRaw<int64_t>(out), (std::vector<int64_t>{INT64_MIN, -1, INT64_MAX}));
}

TEST(CpuJoin, PaddedAndBroadcastInputsIntoStridedOutput) {
  // Input 0: {2,3} with row stride 5 (padded rows). Input 1: {2,2} broadcasting one row (row stride 0).
  std::vector<Tensor> in = {MakeTensor(Desc(DataType::kInt16, {2, 3}, {5, 1}), {1, 2, 3, 4, 5, 6}),
                            MakeTensor(Desc(DataType::kInt16, {2, 2}, {0, 1}), {7, 8, 7, 8})};
  // Output {2,5} with row stride 7 and element stride 1, plus 8 tail bytes.
  Tensor out;
  EXPECT_EQ(RunJoin(in, Desc(DataType::kInt16, {2, 5}, {7, 1}, 8), 1, &out),
            (std::vector<double>{1, 2, 3, 7, 8, 4, 5, 6, 7, 8}));
}

TEST(CpuJoin, TransposedOutputStrides) {
  std::vector<Tensor> in = {MakeTensor(Desc(DataType::kUint8, {1, 2}), {1, 2}), MakeTensor(Desc(DataType::kUint8, {1, 2}), {3, 4})};
  // Output {2,2} stored column-major: strides {1,2}.
  EXPECT_EQ(RunJoin(in, Desc(DataType::kUint8, {2, 2}, {1, 2}), 0), (std::vector<double>{1, 2, 3, 4}));
}

TEST(CpuJoin, LargeJoinUsesThreadsAndMatchesInput) {
  const uint32_t rows = 300, cols = 400;
  std::vector<double> a = Iota(rows * cols), b = Iota(rows * cols, 1e6);
  std::vector<Tensor> in = {MakeTensor(Desc(DataType::kFloat32, {rows, cols}), a),
                            MakeTensor(Desc(DataType::kFloat32, {rows, cols}), b)};
  std::vector<double> out = RunJoin(in, Desc(DataType::kFloat32, {rows, 2 * cols}), 1, nullptr, 4);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < cols; ++c) {
      ASSERT_EQ(out[r * 2 * cols + c], a[r * cols + c]);
      ASSERT_EQ(out[r * 2 * cols + cols + c], b[r * cols + c]);
    }
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
