// Numbers are read exactly from their text: every integer type's bounds and one past them, written as
// JSON numbers and as decimal strings, and -0 in float tensors. Out-of-range values are refused at
// load, quoting the text as written, at the element's line and column.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/app/case/case_test_util.h"

namespace dmlc::app {
namespace {

using testing::FirstError;
using testing::LoadText;
using testing::OnlyCase;
using testing::ValuesOf;

// A JOIN of one 1-element tensor; the element stands at line 4, column 32 of the text.
std::string JoinCase(const std::string& type, const std::string& element) {
  return "{\"name\": \"n\", \"operator\": {\"type\": \"JOIN\", \"desc\": {\"Axis\": 0,\n"
         "  \"InputTensors\": [{\"DataType\": \"" + type + "\", \"Sizes\": [1, 1, 1, 1]}],\n"
         "  \"OutputTensor\": {\"DataType\": \"" + type + "\", \"Sizes\": [1, 1, 1, 1]}}},\n"
         "  \"inputs\": {\"InputTensors\": [[" + element + "]]}}";
}

std::string ToText(__int128 v) {
  if (v < 0) return "-" + ToText(-v);
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  } while (v > 0);
  return digits;
}

struct IntegerType {
  const char* name;
  __int128 min;
  __int128 max;
};

template <class T>
IntegerType Type(const char* name) {
  return {name, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()};
}

const IntegerType kIntegerTypes[] = {
    Type<int8_t>("INT8"),   Type<int16_t>("INT16"),   Type<int32_t>("INT32"),   Type<int64_t>("INT64"),
    Type<uint8_t>("UINT8"), Type<uint16_t>("UINT16"), Type<uint32_t>("UINT32"), Type<uint64_t>("UINT64")};

TEST(ExactNumberTest, IntegerBoundsAsNumbersAndStrings) {
  testing::TempDir dir;
  for (const IntegerType& t : kIntegerTypes) {
    for (bool quoted : {false, true}) {
      for (__int128 v : {t.min - 1, t.min, t.max, t.max + 1}) {
        const std::string text = ToText(v);
        const std::string element = quoted ? "\"" + text + "\"" : text;
        SCOPED_TRACE(std::string(t.name) + " " + element);
        const CaseFile file = LoadText(dir, JoinCase(t.name, element));
        if (v < t.min || v > t.max) {
          const Error e = FirstError(file);
          EXPECT_EQ(e.path, "/inputs/InputTensors/0/0");
          EXPECT_EQ(e.message, "/inputs/InputTensors/0/0: " + text + " is out of range for " + t.name);
          EXPECT_EQ(e.rule, "values must fit the data type");
          EXPECT_EQ(e.where.line, 4);
          EXPECT_EQ(e.where.column, 32);
          continue;
        }
        const TestCase tc = OnlyCase(file);
        ASSERT_EQ(tc.inputs.size(), 1u);
        ASSERT_EQ(ValuesOf(tc.inputs[0]).size(), 1u);
        const Scalar s = ValuesOf(tc.inputs[0])[0];
        const __int128 read = std::holds_alternative<int64_t>(s) ? __int128{std::get<int64_t>(s)}
                                                                 : __int128{std::get<uint64_t>(s)};
        EXPECT_EQ(ToText(read), text);
      }
    }
  }
}

TEST(ExactNumberTest, BeyondSixtyFourBitsInAFloatTensorRoundsFromTheDigits) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, JoinCase("FLOAT64", "-9223372036854775809")));
  EXPECT_EQ(std::get<double>(ValuesOf(tc.inputs[0])[0]), -0x1p63);
  const Error e = FirstError(LoadText(dir, JoinCase("FLOAT32", "1e39")));
  EXPECT_EQ(e.message, "/inputs/InputTensors/0/0: 1e39 overflows FLOAT32");
  EXPECT_EQ(e.where.column, 32);
}

TEST(ExactNumberTest, NegativeZeroKeepsItsSignInFloatTensors) {
  testing::TempDir dir;
  for (const char* type : {"FLOAT16", "FLOAT32", "FLOAT64"}) {
    SCOPED_TRACE(type);
    const TestCase tc = OnlyCase(LoadText(dir, JoinCase(type, "-0")));
    const double v = std::get<double>(ValuesOf(tc.inputs[0])[0]);
    EXPECT_EQ(v, 0.0);
    EXPECT_TRUE(std::signbit(v));
  }
  const TestCase integer = OnlyCase(LoadText(dir, JoinCase("INT32", "-0")));
  EXPECT_EQ(ValuesOf(integer.inputs[0])[0], Scalar{int64_t{0}});
}

TEST(ExactNumberTest, FractionsInIntegerTensorsQuoteTheText) {
  testing::TempDir dir;
  const Error e = FirstError(LoadText(dir, JoinCase("INT8", "1.50")));
  EXPECT_EQ(e.message, "/inputs/InputTensors/0/0: 1.50 is not an integer, as required by INT8");
}

TEST(ExactNumberTest, DescFieldsBeyondSixtyFourBitsQuoteTheText) {
  testing::TempDir dir;
  std::string text = JoinCase("INT8", "1");
  text.replace(text.find("\"Axis\": 0"), 9, "\"Axis\": -18446744073709551617");
  const Error e = FirstError(LoadText(dir, text));
  EXPECT_EQ(e.message,
            "/operator/desc/Axis: expected a non-negative integer, found the negative integer -18446744073709551617");
  EXPECT_EQ(e.where.line, 1);
  EXPECT_EQ(e.where.column, 61);
}

}  // namespace
}  // namespace dmlc::app
