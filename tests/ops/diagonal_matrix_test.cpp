#include "ops/operators/diagonal_matrix.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "test_util.h"

namespace dmlc::ops {
namespace {

using testing::Accepted;
using testing::Mutation;
using testing::Rejected;
using testing::Tensor;
using D = DataType;

DiagonalMatrixDesc Make(D type, std::vector<uint32_t> sizes, int32_t offset, float value) {
  DiagonalMatrixDesc d;
  d.OutputTensor = Tensor(type, std::move(sizes));
  d.Offset = offset;
  d.Value = value;
  return d;
}

TEST(DiagonalMatrix, SpecExamplesValidate) {
  EXPECT_TRUE(Accepted(ValidateDiagonalMatrix(Make(D::kFloat32, {1, 1, 3, 3}, 0, 1.0f))));
  EXPECT_TRUE(Accepted(ValidateDiagonalMatrix(Make(D::kFloat32, {1, 1, 3, 3}, 1, 1.0f))));
  EXPECT_TRUE(Accepted(ValidateDiagonalMatrix(Make(D::kFloat32, {1, 1, 3, 2}, -1, 1.0f))));
  EXPECT_TRUE(Accepted(ValidateDiagonalMatrix(Make(D::kFloat32, {1, 1, 3, 2}, -3, 1.0f))));
  EXPECT_TRUE(Accepted(ValidateDiagonalMatrix(Make(D::kFloat32, {2, 3}, std::numeric_limits<int32_t>::min(), 1.0f))));
}

TEST(DiagonalMatrix, RejectsEachConstraint) {
  const std::vector<Mutation<DiagonalMatrixDesc>> cases = {
      {"tensor desc rule", [](DiagonalMatrixDesc& d) { d.OutputTensor.Flags = 2; }, "OutputTensor.Flags",
       "Flags must be NONE (0) or OWNED_BY_DML (1)"},
      {"one dimension", [](DiagonalMatrixDesc& d) { d.OutputTensor = Tensor(D::kFloat32, {3}); }, "OutputTensor.Sizes",
       "OutputTensor.DimensionCount must be 2 to 4"},
      {"five dimensions",
       [](DiagonalMatrixDesc& d) {
         d.OutputTensor = Tensor(D::kFloat32, {1, 1, 1, 3, 3});
       },
       "OutputTensor.Sizes", "OutputTensor.DimensionCount must be 2 to 4"},
  };
  testing::ExpectEachRejected(Make(D::kFloat32, {1, 1, 3, 3}, 0, 1.0f), cases, ValidateDiagonalMatrix,
                              "DIAGONAL_MATRIX");
}

struct ValueCase {
  D type;
  float value;
  bool fits;
};

TEST(DiagonalMatrix, AnyValueIsValidAndFitsSaysWhetherTheTypeHoldsItsTruncation) {
  const float inf = std::numeric_limits<float>::infinity();
  const ValueCase cases[] = {
      {D::kInt32, 10.6f, true},
      {D::kInt32, -10.6f, true},
      {D::kInt32, 2147483520.0f, true},   // the largest float below 2^31
      {D::kInt32, 2147483648.0f, false},  // 2^31
      {D::kInt32, -2147483648.0f, true},
      {D::kInt32, -2147483904.0f, false},
      {D::kUint8, 255.9f, true},
      {D::kUint8, 256.0f, false},
      {D::kUint8, -0.9f, true},  // truncates to 0
      {D::kUint8, -1.0f, false},
      {D::kInt8, 127.5f, true},
      {D::kInt8, -128.99f, true},
      {D::kInt8, -129.0f, false},
      {D::kUint16, 65535.0f, true},
      {D::kUint16, 65536.0f, false},
      {D::kInt16, -32769.0f, false},
      {D::kUint32, 4294967040.0f, true},
      {D::kUint32, 4294967296.0f, false},
      {D::kInt64, 9223372036854775808.0f, false},  // 2^63
      {D::kInt64, -9223372036854775808.0f, true},
      {D::kUint64, 18446744073709551616.0f, false},  // 2^64
      {D::kUint64, 1e19f, true},
      {D::kInt32, std::nanf(""), false},
      {D::kInt32, inf, false},
      {D::kUint64, -inf, false},
  };
  for (const ValueCase& c : cases) {
    SCOPED_TRACE(std::string(DataTypeName(c.type)) + " " + std::to_string(c.value));
    EXPECT_TRUE(Accepted(ValidateDiagonalMatrix(Make(c.type, {3, 3}, 0, c.value))));
    EXPECT_EQ(DiagonalValueFits(c.value, c.type), c.fits);
  }
}

// The page is silent past the type's range: the low bits of the truncated value, as DirectML 1.15.4
// gave for each of these (docs/semantics.md, "Answers DirectML decides").
TEST(DiagonalMatrix, ValueBitsTruncateAndKeepTheLowBitsPastTheRange) {
  EXPECT_EQ(DiagonalValueBits(10.6f, D::kInt32), 10u);
  EXPECT_EQ(DiagonalValueBits(-10.6f, D::kInt8), 0xF6u);
  EXPECT_EQ(DiagonalValueBits(300.0f, D::kUint8), 44u);
  EXPECT_EQ(DiagonalValueBits(-1.0f, D::kUint32), 0xFFFFFFFFu);
  EXPECT_EQ(DiagonalValueBits(5e9f, D::kUint32), 705032704u);
  EXPECT_EQ(DiagonalValueBits(-1000.5f, D::kInt8), 24u);
  EXPECT_EQ(DiagonalValueBits(70000.0f, D::kUint16), 4464u);
  EXPECT_EQ(DiagonalValueBits(-9223372036854775808.0f, D::kInt64), uint64_t{1} << 63);
  EXPECT_EQ(DiagonalValueBits(std::nanf(""), D::kInt32), 0u);
  EXPECT_EQ(DiagonalValueBits(std::numeric_limits<float>::infinity(), D::kUint8), 0u);
  EXPECT_EQ(DiagonalValueBits(1e30f, D::kUint64), 0u);  // beyond 64 bits
  EXPECT_EQ(DiagonalValueBits(1.5f, D::kFloat32), 0x3FC00000u);
  EXPECT_EQ(DiagonalValueBits(1.5f, D::kFloat16), 0x3E00u);
}

TEST(DiagonalMatrix, FloatOutputsTakeAnyValue) {
  for (D type : {D::kFloat16, D::kFloat32, D::kFloat64}) {
    for (float value : {1e6f, -std::numeric_limits<float>::infinity(), std::nanf("")}) {
      EXPECT_TRUE(Accepted(ValidateDiagonalMatrix(Make(type, {2, 2}, 0, value))));
    }
  }
}

TEST(DiagonalMatrix, TensorUses) {
  const DiagonalMatrixDesc d = Make(D::kFloat32, {3, 3}, 0, 1.0f);
  const std::vector<TensorUse> uses = TensorUsesOf(d);
  ASSERT_EQ(uses.size(), 1u);
  EXPECT_EQ(uses[0].tensor, "OutputTensor");
  EXPECT_EQ(uses[0].path, "OutputTensor");
  EXPECT_EQ(uses[0].desc, &d.OutputTensor);
}

}  // namespace
}  // namespace dmlc::ops
