// DIAGONAL_MATRIX on the cpu backend: the spec's four examples, every data type, Value truncation and
// FLOAT16 rounding, batches, output strides with their gaps untouched.
#include <gtest/gtest.h>

#include "backends/cpu/cpu_backend.h"
#include "ops/float16.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

Tensor RunDiagonal(const ops::TensorDesc& out_desc, int32_t offset, float value, int threads = 1) {
  ops::DiagonalMatrixDesc desc{out_desc, offset, value};
  Tensor out = MakeOutput(out_desc);
  Result<Timing> r = RunOnCpu(desc, {}, {&out}, threads);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().ToString());
  EXPECT_TRUE(GapsUntouched(out));
  return out;
}

TEST(CpuDiagonalMatrix, SpecExampleIdentity) {
  EXPECT_EQ(ReadValues(RunDiagonal(Desc(DataType::kFloat32, {1, 1, 3, 3}), 0, 1.0f)),
            (std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1}));
}

TEST(CpuDiagonalMatrix, SpecExampleShiftRight) {
  EXPECT_EQ(ReadValues(RunDiagonal(Desc(DataType::kFloat32, {1, 1, 3, 3}), 1, 1.0f)),
            (std::vector<double>{0, 1, 0, 0, 0, 1, 0, 0, 0}));
}

TEST(CpuDiagonalMatrix, SpecExampleShiftLeft) {
  EXPECT_EQ(ReadValues(RunDiagonal(Desc(DataType::kFloat32, {1, 1, 3, 2}), -1, 1.0f)),
            (std::vector<double>{0, 0, 1, 0, 0, 1}));
}

TEST(CpuDiagonalMatrix, SpecExampleShiftedOut) {
  EXPECT_EQ(ReadValues(RunDiagonal(Desc(DataType::kFloat32, {1, 1, 3, 2}), -3, 1.0f)),
            (std::vector<double>(6, 0.0)));
}

TEST(CpuDiagonalMatrix, EveryDataTypeTruncatesValue) {
  for (DataType type : ops::kAllDataTypes) {
    const double v = ops::IsFloat(type) ? (type == DataType::kFloat16 ? 10.6015625 : static_cast<double>(10.6f)) : 10;
    EXPECT_EQ(ReadValues(RunDiagonal(Desc(type, {2, 3}), 1, 10.6f)), (std::vector<double>{0, v, 0, 0, 0, v}))
        << ops::DataTypeName(type);
  }
}

TEST(CpuDiagonalMatrix, NegativeValueTruncatesTowardZero) {
  EXPECT_EQ(ReadValues(RunDiagonal(Desc(DataType::kInt8, {2, 2}), 0, -3.9f)), (std::vector<double>{-3, 0, 0, -3}));
}

TEST(CpuDiagonalMatrix, Float16RoundsToNearestEven) {
  // 2049 lies halfway between the FLOAT16 neighbours 2048 and 2050; even mantissa wins: 2048.
  Tensor out = RunDiagonal(Desc(DataType::kFloat16, {1, 1}), 0, 2049.0f);
  EXPECT_EQ(ReadRaw<uint16_t>(out), (std::vector<uint16_t>{ops::FloatToHalf(2048.0f)}));
  EXPECT_EQ(ReadValues(out), (std::vector<double>{2048}));
}

TEST(CpuDiagonalMatrix, BatchesRepeatTheMatrix) {
  EXPECT_EQ(ReadValues(RunDiagonal(Desc(DataType::kInt32, {2, 2, 2, 3}), 0, 7.0f)),
            (std::vector<double>{7, 0, 0, 0, 7, 0, 7, 0, 0, 0, 7, 0, 7, 0, 0, 0, 7, 0, 7, 0, 0, 0, 7, 0}));
}

TEST(CpuDiagonalMatrix, StridedOutputLeavesGaps) {
  // {3,2} with element stride 2 and row stride 5, 4 extra tail bytes.
  EXPECT_EQ(ReadValues(RunDiagonal(Desc(DataType::kUint16, {3, 2}, {5, 2}, 4), -1, 2.0f)),
            (std::vector<double>{0, 0, 2, 0, 0, 2}));
}

TEST(CpuDiagonalMatrix, AValueOutOfIntegerRangeKeepsItsLowBits) {
  EXPECT_EQ(ReadValues(RunDiagonal(Desc(DataType::kUint8, {2, 2}), 0, 300.0f)), (std::vector<double>{44, 0, 0, 44}));
}

}  // namespace
}  // namespace dmlc::backends::testing
