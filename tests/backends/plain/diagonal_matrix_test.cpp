// DIAGONAL_MATRIX on the plain backend: offsets, batches, strides, integer truncation and its limit,
// FLOAT16 rounding.
#include <gtest/gtest.h>

#include "backends/plain/kernels.h"
#include "ops/float16.h"
#include "tests/backends/plain/run_plain.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

Result<Timing> RunDiagonal(Tensor& out, int32_t offset, float value) {
  return RunOnPlain(ops::DiagonalMatrixDesc{out.desc, offset, value}, {}, {&out});
}

TEST(PlainDiagonalMatrix, PositiveOffsetShiftsRight) {
  Tensor out = MakeOutput(Desc(DataType::kFloat32, {2, 4}));
  ASSERT_TRUE(RunDiagonal(out, 1, 5).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{0, 5, 0, 0, 0, 0, 5, 0}));
}

TEST(PlainDiagonalMatrix, NegativeOffsetAndBatchesRepeatTheMatrix) {
  Tensor out = MakeOutput(Desc(DataType::kInt32, {2, 3, 2}));
  ASSERT_TRUE(RunDiagonal(out, -1, 7).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{0, 0, 7, 0, 0, 7, 0, 0, 7, 0, 0, 7}));
}

TEST(PlainDiagonalMatrix, IntegersTruncateTowardZero) {
  Tensor int8 = MakeOutput(Desc(DataType::kInt8, {2, 2}));
  ASSERT_TRUE(RunDiagonal(int8, 0, -3.7f).ok());
  EXPECT_EQ(ReadValues(int8), (std::vector<double>{-3, 0, 0, -3}));
  Tensor uint8 = MakeOutput(Desc(DataType::kUint8, {2, 2}));
  ASSERT_TRUE(RunDiagonal(uint8, 0, 255.9f).ok());
  EXPECT_EQ(ReadValues(uint8), (std::vector<double>{255, 0, 0, 255}));
}

TEST(PlainDiagonalMatrix, AValueThatDoesNotFitKeepsItsLowBits) {
  Tensor out = MakeOutput(Desc(DataType::kInt8, {2, 2}));
  ASSERT_TRUE(RunDiagonal(out, 0, -1000.5f).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{24, 0, 0, 24}));
}

TEST(PlainDiagonalMatrix, Float16RoundsToNearestEvenIntoStridedOutput) {
  Tensor out = MakeOutput(Desc(DataType::kFloat16, {2, 2}, {1, 3}, 4));  // column-major with gaps
  ASSERT_TRUE(RunDiagonal(out, 0, 0.1f).ok());
  const double tenth = ops::HalfToFloat(ops::FloatToHalf(0.1f));
  EXPECT_EQ(ReadValues(out), (std::vector<double>{tenth, 0, 0, tenth}));
  EXPECT_TRUE(GapsUntouched(out));
}

}  // namespace
}  // namespace dmlc::backends::testing
