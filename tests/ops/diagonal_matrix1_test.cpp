// DIAGONAL_MATRIX1's model: the page's four examples validate, each rule is rejected with its path and
// rule, the support table starts at 5_1, and DiagonalFill is the pseudocode's XOR (and DIAGONAL_MATRIX's
// one diagonal, INT_MAX included).
#include <gtest/gtest.h>

#include <bit>
#include <limits>

#include "ops/operator_desc.h"
#include "ops/operators/diagonal_matrix.h"
#include "ops/rule.h"
#include "test_util.h"

namespace dmlc::ops {
namespace {

using testing::Accepted;
using testing::Mutation;
using testing::Tensor;
using D = DataType;

constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();

DiagonalMatrix1Desc Make(bool input, float value, int32_t begin, int32_t end) {
  DiagonalMatrix1Desc d;
  if (input) d.InputTensor = Tensor(D::kFloat32, {4, 5});
  d.OutputTensor = Tensor(D::kFloat32, {4, 5});
  d.Value = {D::kFloat32, std::bit_cast<uint32_t>(value)};
  d.DiagonalFillBegin = begin;
  d.DiagonalFillEnd = end;
  return d;
}

TEST(DiagonalMatrix1, PageExamplesValidate) {
  EXPECT_TRUE(Accepted(ValidateDiagonalMatrix1(Make(false, 7, 0, 1))));
  EXPECT_TRUE(Accepted(ValidateDiagonalMatrix1(Make(false, 7, 0, 3))));
  EXPECT_TRUE(Accepted(ValidateDiagonalMatrix1(Make(true, 0, kMin, 1))));
  EXPECT_TRUE(Accepted(ValidateDiagonalMatrix1(Make(true, 0, 1, 0))));
  EXPECT_TRUE(Accepted(ValidateAt(OperatorDesc(Make(true, 0, 1, 0)), FeatureLevel::k5_1)));
}

TEST(DiagonalMatrix1, RejectsEachConstraint) {
  const std::vector<Mutation<DiagonalMatrix1Desc>> cases = {
      {"tensor desc rule", [](DiagonalMatrix1Desc& d) { d.InputTensor->Flags = 2; }, "InputTensor.Flags",
       "Flags must be NONE (0) or OWNED_BY_DML (1)"},
      {"one dimension",
       [](DiagonalMatrix1Desc& d) {
         d.InputTensor.reset();
         d.OutputTensor = Tensor(D::kFloat32, {3});
       },
       "OutputTensor.Sizes", "OutputTensor.DimensionCount must be 2 to 4"},
      {"five dimensions",
       [](DiagonalMatrix1Desc& d) {
         d.InputTensor.reset();
         d.OutputTensor = Tensor(D::kFloat32, {1, 1, 1, 3, 3});
       },
       "OutputTensor.Sizes", "OutputTensor.DimensionCount must be 2 to 4"},
      {"value type", [](DiagonalMatrix1Desc& d) { d.Value = {D::kInt32, 7}; }, "ValueDataType",
       "ValueDataType must match OutputTensor.DataType"},
      {"value type of the same width",
       [](DiagonalMatrix1Desc& d) {
         d.OutputTensor = Tensor(D::kInt8, {4, 5});
         d.InputTensor = d.OutputTensor;
         d.Value = {D::kUint8, 7};
       },
       "ValueDataType", "ValueDataType must match OutputTensor.DataType"},
      {"input type", [](DiagonalMatrix1Desc& d) { d.InputTensor = Tensor(D::kFloat16, {4, 5}); },
       "InputTensor.DataType", "InputTensor and OutputTensor must have the same DataType"},
      {"input dimension count", [](DiagonalMatrix1Desc& d) { d.InputTensor = Tensor(D::kFloat32, {1, 4, 5}); },
       "InputTensor.Sizes", "InputTensor and OutputTensor must have the same DimensionCount"},
      {"input sizes", [](DiagonalMatrix1Desc& d) { d.InputTensor = Tensor(D::kFloat32, {4, 6}); },
       "InputTensor.Sizes[1]", "InputTensor.Sizes must equal OutputTensor.Sizes"},
      {"broadcastable input sizes", [](DiagonalMatrix1Desc& d) { d.InputTensor = Tensor(D::kFloat32, {1, 5}); },
       "InputTensor.Sizes[0]", "InputTensor.Sizes must equal OutputTensor.Sizes"},
  };
  testing::ExpectEachRejected(Make(true, 7, 0, 1), cases, ValidateDiagonalMatrix1, "DIAGONAL_MATRIX1");
}

TEST(DiagonalMatrix1, TheInputSizesRuleIsOurs) {
  DiagonalMatrix1Desc d = Make(true, 7, 0, 1);
  d.InputTensor = Tensor(D::kFloat32, {4, 6});
  const Status status = ValidateDiagonalMatrix1(d);
  ASSERT_FALSE(status.ok());
  EXPECT_TRUE(BreaksOnlyOurRule(status.error()));
}

TEST(DiagonalMatrix1, IsIntroducedAtFeatureLevel5_1WithEveryType) {
  for (DataType type : kAllDataTypes) {
    DiagonalMatrix1Desc d;
    d.InputTensor = Tensor(type, {2, 3, 4});
    d.OutputTensor = Tensor(type, {2, 3, 4});
    d.Value = {type, 1};
    EXPECT_EQ(LowestFeatureLevel(OperatorDesc(d)), FeatureLevel::k5_1) << DataTypeName(type);
  }
  EXPECT_FALSE(ValidateAt(OperatorDesc(Make(false, 7, 0, 1)), FeatureLevel::k5_0).ok());
}

// The band against the page's pseudocode, evaluated as written, for bounds around and at INT's limits.
TEST(DiagonalFill, IsThePseudocodesXor) {
  const int32_t bounds[] = {kMin, kMin + 1, -3, -1, 0, 1, 2, 4, kMax - 1, kMax};
  const int64_t top_xs[] = {-6, -4, -2, -1, 0, 1, 2, 3, 5, 6};
  for (int32_t begin : bounds) {
    for (int32_t end : bounds) {
      const DiagonalFill fill = FillOf(Make(false, 1, begin, end));
      for (int64_t top_x : top_xs) {
        const bool pseudocode = (end >= begin) ^ (top_x >= begin) ^ (top_x < end);
        EXPECT_EQ(TakesValue(fill, 6, 6 + top_x), pseudocode) << begin << " " << end << " " << top_x;
      }
    }
  }
}

TEST(DiagonalFill, OfDiagonalMatrixIsOneDiagonalWithItsValueConverted) {
  DiagonalMatrixDesc d;
  d.OutputTensor = Tensor(D::kInt8, {3, 3});
  d.Offset = kMax;
  d.Value = -3.7f;
  const DiagonalFill fill = FillOf(d);
  EXPECT_EQ(fill.begin, kMax);
  EXPECT_EQ(fill.end, int64_t{kMax} + 1);  // no overflow
  EXPECT_FALSE(fill.inverted);
  EXPECT_EQ(fill.value_bits, 0xFDu);
  EXPECT_EQ(fill.input, nullptr);
}

TEST(DiagonalFill, OfDiagonalMatrix1KeepsOnlyTheMembersBytes) {
  DiagonalMatrix1Desc d = Make(true, 7, 3, -1);
  d.InputTensor = Tensor(D::kUint16, {4, 5});
  d.OutputTensor = Tensor(D::kUint16, {4, 5});
  d.Value = {D::kUint16, 0xDEAD0000FFFFull};
  const DiagonalFill fill = FillOf(d);
  EXPECT_EQ(fill.value_bits, 0xFFFFu);
  EXPECT_EQ(fill.begin, -1);
  EXPECT_EQ(fill.end, 3);
  EXPECT_TRUE(fill.inverted);
  EXPECT_EQ(fill.input, &*d.InputTensor);
}

}  // namespace
}  // namespace dmlc::ops
