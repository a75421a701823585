// The model's errors name a desc field in ops' style; the loader's table points them at the field.
#include "app/case/desc_locations.h"

#include <gtest/gtest.h>

#include "ops/operator_desc.h"
#include "tests/app/case/case_test_util.h"

namespace dmlc::app {
namespace {

using testing::LoadText;
using testing::OnlyCase;

const std::string kJoin = R"({"name": "j", "operator": {"type": "JOIN", "desc": {
  "InputTensors": [{"DataType": "INT32", "Sizes": [1, 1, 2, 2]},
                   {"Type": "BUFFER", "Desc": {"DataType": "INT32", "Sizes": [1, 1, 2, 3]}}],
  "OutputTensor": {"DataType": "INT32", "Sizes": [1, 1, 4, 4]}, "Axis": 2}}, "expectError": true})";

struct Row {
  const char* path;  // as ops names it
  int line;
  int column;
};

TEST(DescLocationsTest, ModelErrorsPointAtTheirField) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, kJoin));
  const SourceLocation case_where = tc.where;
  for (const Row& row : {Row{"InputTensors[1].Sizes[3]", 3, 88}, Row{"InputTensors[1].Sizes", 3, 78},
                         Row{"InputTensors[0].DataType", 2, 33}, Row{"OutputTensor.Sizes[2]", 4, 57},
                         Row{"Axis", 4, 73}, Row{"OutputTensor.DimensionCount", 4, 19}, Row{"", 1, 1}}) {
    SCOPED_TRACE(row.path);
    const Error e = LocateDescError(MakeError("JOIN", row.path, "m"), tc.desc_fields, case_where);
    EXPECT_EQ(e.where.file, tc.file);
    EXPECT_EQ(e.where.line, row.line);
    EXPECT_EQ(e.where.column, row.column);
  }
}

TEST(DescLocationsTest, ValidationOfARealDescPointsAtTheFirstSizeThatDiffers) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, kJoin));
  Status valid = ops::Validate(tc.desc);
  ASSERT_FALSE(valid.ok());
  const Error e = LocateDescError(valid.error(), tc.desc_fields, tc.where);
  EXPECT_EQ(e.ToString(), tc.file + ":2:61: " + valid.error().ToString());
}

TEST(DescLocationsTest, ElementsOfLongArraysOfNumbersArePointedAt) {
  // 100 sizes, ten to a line after the '[' (line 4, column 50): element k on line 5 + k / 10, at
  // column 5 + 3 * (k % 10).
  std::string sizes = "[\n";
  for (int k = 0; k < 100; ++k) sizes += std::string(k % 10 == 0 ? "    " : " ") + "1," + (k % 10 == 9 ? "\n" : "");
  sizes.back() = ']';
  sizes.erase(sizes.size() - 2, 1);  // the last element's comma
  std::string text = kJoin;
  text.replace(text.find("[1, 1, 4, 4]"), 12, sizes);
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, text));
  for (const Row& row : {Row{"OutputTensor.Sizes[0]", 5, 5}, Row{"OutputTensor.Sizes[70]", 12, 5},
                         Row{"OutputTensor.Sizes[99]", 14, 32}, Row{"OutputTensor.Sizes", 4, 50},
                         Row{"OutputTensor.Sizes[100]", 4, 50}, Row{"OutputTensor.Sizes[x]", 4, 50}}) {
    SCOPED_TRACE(row.path);
    const Error e = LocateDescError(MakeError("JOIN", row.path, "m"), tc.desc_fields, tc.where);
    EXPECT_EQ(e.where.line, row.line);
    EXPECT_EQ(e.where.column, row.column);
  }
}

}  // namespace
}  // namespace dmlc::app
