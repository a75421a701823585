#include "app/case/json_locations.h"

#include <gtest/gtest.h>

namespace dmlc::app {
namespace {

struct Where {
  int line;
  int column;
};

void ExpectAt(const JsonLocations& locations, const std::string& pointer, Where value, Where key) {
  SCOPED_TRACE(pointer);
  EXPECT_EQ(locations.Find(pointer).line, value.line);
  EXPECT_EQ(locations.Find(pointer).column, value.column);
  EXPECT_EQ(locations.FindKey(pointer).line, key.line);
  EXPECT_EQ(locations.FindKey(pointer).column, key.column);
}

TEST(JsonLocationsTest, RecordsValueAndKeyPositionsByPointer) {
  const std::string text =
      "{\n"
      "  \"a\": 1,\n"
      "  \"b\": [true, {\"c\": \"x/y\"}],\n"
      "  \"d~e/f\": null\n"
      "}\n";
  Result<LocatedJson> parsed = ParseJsonWithLocations(text, "t.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().ToString();
  EXPECT_EQ(parsed->value["b"][1]["c"], "x/y");
  EXPECT_EQ(parsed->locations.size(), 7u);
  ExpectAt(parsed->locations, "", {1, 1}, {1, 1});
  ExpectAt(parsed->locations, "/a", {2, 8}, {2, 3});
  ExpectAt(parsed->locations, "/b", {3, 8}, {3, 3});
  ExpectAt(parsed->locations, "/b/0", {3, 9}, {3, 9});
  ExpectAt(parsed->locations, "/b/1", {3, 15}, {3, 15});
  ExpectAt(parsed->locations, "/b/1/c", {3, 21}, {3, 16});
  ExpectAt(parsed->locations, "/d~0e~1f", {4, 12}, {4, 3});
}

TEST(JsonLocationsTest, NumbersReadAheadDoNotShiftLaterPositions) {
  // nlohmann reads one byte past a number; positions must still be those of each token's first byte.
  Result<LocatedJson> parsed = ParseJsonWithLocations(R"({"x":[1,22 ,-3.5e1],"y":0})", "t.json");
  ASSERT_TRUE(parsed.ok());
  ExpectAt(parsed->locations, "/x", {1, 6}, {1, 2});
  ExpectAt(parsed->locations, "/x/0", {1, 7}, {1, 7});
  ExpectAt(parsed->locations, "/x/1", {1, 9}, {1, 9});
  ExpectAt(parsed->locations, "/x/2", {1, 13}, {1, 13});
  ExpectAt(parsed->locations, "/y", {1, 25}, {1, 21});
}

TEST(JsonLocationsTest, MissingPointerFallsBackToNearestAncestor) {
  Result<LocatedJson> parsed = ParseJsonWithLocations("{\n \"a\": {\"b\": 1}}", "t.json");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->locations.Find("/a/missing/deeper").line, 2);
  EXPECT_EQ(parsed->locations.Find("/a/missing/deeper").column, 7);
}

TEST(JsonLocationsTest, ByteOrderMarkIsSkipped) {
  Result<LocatedJson> parsed = ParseJsonWithLocations("\xEF\xBB\xBF{\"a\": 2}", "t.json");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->locations.Find("/a").column, 10);  // columns count bytes, the BOM's 3 included
}

struct SyntaxCase {
  const char* name;
  const char* text;
  int line;
  int column;
  const char* message;  // substring
};

class JsonSyntaxErrorTest : public ::testing::TestWithParam<SyntaxCase> {};

TEST_P(JsonSyntaxErrorTest, ReportsLineAndColumnOfTheOffendingToken) {
  const SyntaxCase& c = GetParam();
  Result<LocatedJson> parsed = ParseJsonWithLocations(c.text, "bad.json");
  ASSERT_FALSE(parsed.ok());
  const Error& e = parsed.error();
  EXPECT_EQ(e.where.file, "bad.json");
  EXPECT_EQ(e.where.line, c.line);
  EXPECT_EQ(e.where.column, c.column);
  EXPECT_NE(e.message.find(c.message), std::string::npos) << e.message;
  EXPECT_EQ(e.message.find("json.exception"), std::string::npos) << "nlohmann's prefix leaks: " << e.message;
  EXPECT_EQ(e.rule, "the file must be valid JSON (RFC 8259)");
}

INSTANTIATE_TEST_SUITE_P(
    Cases, JsonSyntaxErrorTest,
    ::testing::Values(SyntaxCase{"TrailingComma", "{\"a\": 1,}", 1, 9, "syntax error while parsing object key"},
                      SyntaxCase{"MissingComma", "{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3,
                                 "unexpected string literal; expected '}'"},
                      SyntaxCase{"BadLiteral", "[\n  1,\n  tru }", 3, 3, "invalid literal"},
                      SyntaxCase{"UnexpectedEnd", "{\"a\": [1, 2", 1, 12, "unexpected end of input"},
                      SyntaxCase{"Empty", "", 1, 1, "unexpected end of input"},
                      SyntaxCase{"TrailingGarbage", "{}\n{}", 2, 1, "expected end of input"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(JsonLocationsTest, DuplicateKeyIsAnErrorAtTheSecondKey) {
  Result<LocatedJson> parsed = ParseJsonWithLocations("{\"a\": {\"k\": 1,\n  \"k\": 2}}", "d.json");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().path, "/a/k");
  EXPECT_EQ(parsed.error().where.line, 2);
  EXPECT_EQ(parsed.error().where.column, 3);
  EXPECT_EQ(parsed.error().rule, "object keys are unique");
}

TEST(JsonLocationsTest, EscapesPointerTokens) {
  EXPECT_EQ(EscapePointerToken("a/b~c"), "a~1b~0c");
}

}  // namespace
}  // namespace dmlc::app
