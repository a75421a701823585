#include "app/policy/csv.h"

#include <gtest/gtest.h>

namespace dmlc::app::policy {
namespace {

struct FieldRow {
  const char* name;
  const char* text;
  const char* field;
};

class CsvFieldTest : public ::testing::TestWithParam<FieldRow> {};

TEST_P(CsvFieldTest, QuotesWhereNeededAndReadsBack) {
  EXPECT_EQ(CsvField(GetParam().text), GetParam().field);
  Result<std::vector<std::string>> fields = SplitCsvLine(CsvField(GetParam().text) + ",fail");
  ASSERT_TRUE(fields.ok()) << fields.error().message;
  EXPECT_EQ(*fields, (std::vector<std::string>{GetParam().text, "fail"}));
}

INSTANTIATE_TEST_SUITE_P(Table, CsvFieldTest,
                         ::testing::Values(FieldRow{"Plain", "reduce/sum/f32", "reduce/sum/f32"},
                                           FieldRow{"Comma", "join/a,b", "\"join/a,b\""},
                                           FieldRow{"Quotes", "say \"hi\"", "\"say \"\"hi\"\"\""},
                                           FieldRow{"LeadingHashIsNoComment", "#1", "\"#1\""},
                                           FieldRow{"InnerHash", "a#1", "a#1"},
                                           FieldRow{"LeadingSpaceIsKept", " lead", "\" lead\""},
                                           FieldRow{"TrailingTabIsKept", "trail\t", "\"trail\t\""}),
                         [](const auto& info) { return std::string(info.param.name); });

struct SplitRow {
  const char* name;
  const char* line;
  std::vector<std::string> fields;
  const char* error;  // "" when it splits
};

class SplitCsvLineTest : public ::testing::TestWithParam<SplitRow> {};

TEST_P(SplitCsvLineTest, FieldsOrTheError) {
  Result<std::vector<std::string>> fields = SplitCsvLine(GetParam().line);
  if (*GetParam().error == '\0') {
    ASSERT_TRUE(fields.ok()) << fields.error().message;
    EXPECT_EQ(*fields, GetParam().fields);
  } else {
    ASSERT_FALSE(fields.ok());
    EXPECT_EQ(fields.error().message, GetParam().error);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, SplitCsvLineTest,
    ::testing::Values(
        SplitRow{"TwoFields", "a,fail", {"a", "fail"}, ""}, SplitRow{"OneField", "a", {"a"}, ""},
        SplitRow{"EmptyLast", "a,", {"a", ""}, ""}, SplitRow{"BothEmpty", ",", {"", ""}, ""},
        SplitRow{"QuotedEmpty", "\"\",x", {"", "x"}, ""},
        SplitRow{"QuotedCommaAndQuotes", "\"a,\"\"b\"\"\",Crash", {"a,\"b\"", "Crash"}, ""},
        SplitRow{"Unterminated", "\"a,fail", {}, "a quoted field has no closing '\"'"},
        SplitRow{"TextAfterQuote", "\"a\"x,fail", {}, "'x' follows a closing '\"'; a quoted field ends at it"},
        SplitRow{"QuoteInPlainField", "a\"b,fail", {},
                 "'\"' in the unquoted field 'a\"b' (quote the field and double its '\"')"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace dmlc::app::policy
