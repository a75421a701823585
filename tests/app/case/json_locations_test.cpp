#include "app/case/json_locations.h"

#include <optional>
#include <string>

#include <gtest/gtest.h>

namespace dmlc::app {
namespace {

struct Where {
  int line;
  int column;
};

// Where the value whose pointer is `pointer` and its key start, found by asking every node (and
// scanning packed arrays, whose elements have none): tests only.
struct Found {
  uint64_t value;
  uint64_t key;
};
std::optional<Found> Lookup(const JsonTree& tree, const std::string& pointer) {
  for (uint32_t i = 0; i < tree.size(); ++i) {
    const JsonTree::Node& node = tree.node(i);
    const std::string at = tree.Pointer(i);
    if (at == pointer) return Found{node.offset, node.key == JsonTree::kNone ? node.offset : tree.key(node.key).offset};
    if (!node.packed || !pointer.starts_with(at + "/")) continue;
    const uint64_t wanted = std::stoull(pointer.substr(at.size() + 1));
    std::optional<Found> found;
    ScanPackedArray(tree.text(), node.offset, [&](uint64_t k, uint64_t offset) {
      if (k == wanted) found = Found{offset, offset};
      return k < wanted;
    });
    return found;
  }
  return std::nullopt;
}

void ExpectAt(const JsonTree& tree, const std::string& pointer, Where value, Where key) {
  SCOPED_TRACE(pointer);
  const std::optional<Found> found = Lookup(tree, pointer);
  ASSERT_TRUE(found.has_value());
  const TextPosition v = tree.Position(found->value);
  const TextPosition k = tree.Position(found->key);
  EXPECT_EQ(v.line, value.line);
  EXPECT_EQ(v.column, value.column);
  EXPECT_EQ(k.line, key.line);
  EXPECT_EQ(k.column, key.column);
}

TEST(JsonLocationsTest, RecordsValueAndKeyPositionsByPointer) {
  const std::string text =
      "{\n"
      "  \"a\": 1,\n"
      "  \"b\": [true, {\"c\": \"x/y\"}],\n"
      "  \"d~e/f\": null\n"
      "}\n";
  Result<JsonTree> parsed = ParseJsonWithLocations(text, "t.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().ToString();
  EXPECT_EQ(parsed->size(), 7u);
  EXPECT_EQ(parsed->string(parsed->node(5).string), "x/y");
  ExpectAt(*parsed, "", {1, 1}, {1, 1});
  ExpectAt(*parsed, "/a", {2, 8}, {2, 3});
  ExpectAt(*parsed, "/b", {3, 8}, {3, 3});
  ExpectAt(*parsed, "/b/0", {3, 9}, {3, 9});
  ExpectAt(*parsed, "/b/1", {3, 15}, {3, 15});
  ExpectAt(*parsed, "/b/1/c", {3, 21}, {3, 16});
  ExpectAt(*parsed, "/d~0e~1f", {4, 12}, {4, 3});
}

TEST(JsonLocationsTest, NumbersReadAheadDoNotShiftLaterPositions) {
  // nlohmann reads one byte past a number; positions must still be those of each token's first byte.
  Result<JsonTree> parsed = ParseJsonWithLocations(R"({"x":[1,22 ,-3.5e1],"y":0})", "t.json");
  ASSERT_TRUE(parsed.ok());
  ExpectAt(*parsed, "/x", {1, 6}, {1, 2});
  ExpectAt(*parsed, "/x/0", {1, 7}, {1, 7});
  ExpectAt(*parsed, "/x/1", {1, 9}, {1, 9});
  ExpectAt(*parsed, "/x/2", {1, 13}, {1, 13});
  ExpectAt(*parsed, "/y", {1, 25}, {1, 21});
  EXPECT_EQ(NumberTokenAt(parsed->text(), Lookup(*parsed, "/x/2")->value), "-3.5e1");
  EXPECT_EQ(parsed->NumberText(2), "0");
}

TEST(JsonLocationsTest, ArraysOfNumbersOnlyArePackedWithoutANodePerElement) {
  Result<JsonTree> parsed = ParseJsonWithLocations(R"({"x": [1, 2.5, -3], "e": [], "o": [[7]]})", "t.json");
  ASSERT_TRUE(parsed.ok());
  ASSERT_EQ(parsed->size(), 5u);  // the object, x, e, o and o's inner array
  EXPECT_TRUE(parsed->node(1).packed);
  EXPECT_EQ(parsed->node(1).count, 3u);
  EXPECT_EQ(parsed->node(1).end, 2u);
  EXPECT_FALSE(parsed->node(2).packed);  // empty
  EXPECT_EQ(parsed->node(2).count, 0u);
  EXPECT_FALSE(parsed->node(3).packed);  // holds an array
  EXPECT_TRUE(parsed->node(4).packed);
  EXPECT_EQ(parsed->Pointer(4), "/o/0");
}

TEST(JsonLocationsTest, ANonNumberUnpacksTheNumbersBeforeIt) {
  // Strings among numbers ("nan", 64-bit integers) give every element a node, at its own position.
  Result<JsonTree> parsed = ParseJsonWithLocations("[1,\n 22 , \"nan\", 3, [4]]", "t.json");
  ASSERT_TRUE(parsed.ok());
  ASSERT_EQ(parsed->size(), 6u);
  EXPECT_FALSE(parsed->node(0).packed);
  EXPECT_EQ(parsed->node(0).count, 5u);
  ExpectAt(*parsed, "/0", {1, 2}, {1, 2});
  ExpectAt(*parsed, "/1", {2, 2}, {2, 2});
  ExpectAt(*parsed, "/2", {2, 7}, {2, 7});
  ExpectAt(*parsed, "/3", {2, 14}, {2, 14});
  EXPECT_EQ(parsed->NumberText(2), "22");
  EXPECT_EQ(parsed->node(4).index, 3u);
  EXPECT_TRUE(parsed->node(5).packed);
}

TEST(JsonLocationsTest, PositionsAcrossIndexBlocks) {
  // Positions are found from a checkpoint every 4 KiB: lines that straddle one must still count.
  std::string text = "[" + std::string(5000, '\n') + "1," + std::string(3000, ' ') + "\n  2]";
  Result<JsonTree> parsed = ParseJsonWithLocations(text, "t.json");
  ASSERT_TRUE(parsed.ok());
  ExpectAt(*parsed, "/0", {5001, 1}, {5001, 1});
  ExpectAt(*parsed, "/1", {5002, 3}, {5002, 3});
}

TEST(JsonLocationsTest, LongWhitespaceRunsKeepPositionsAndStrings) {
  // Runs of whitespace longer than 4 KiB are handed to nlohmann as one byte: positions after them,
  // syntax errors after them, and spaces inside strings must not notice.
  const std::string spaces(10000, ' ');
  const std::string text = spaces + "{\"s\": \"" + spaces + "\\\"" + spaces + "\"," + spaces + "\n\n" + spaces +
                           "\"n\": 7}" + std::string(9000, '\n');
  Result<JsonTree> parsed = ParseJsonWithLocations(text, "t.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().ToString();
  EXPECT_EQ(parsed->string(parsed->node(1).string), spaces + "\"" + spaces);
  ExpectAt(*parsed, "", {1, 10001}, {1, 10001});
  ExpectAt(*parsed, "/n", {3, 10006}, {3, 10001});

  Result<JsonTree> bad = ParseJsonWithLocations("[1," + spaces + "\n" + spaces + "}", "t.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().where.line, 2);
  EXPECT_EQ(bad.error().where.column, 10001);
  Result<JsonTree> unclosed = ParseJsonWithLocations("[1" + std::string(9000, '\n'), "t.json");
  ASSERT_FALSE(unclosed.ok());
  EXPECT_EQ(unclosed.error().where.line, 9001);
}

TEST(JsonLocationsTest, ByteOrderMarkIsSkipped) {
  Result<JsonTree> parsed = ParseJsonWithLocations("\xEF\xBB\xBF{\"a\": 2}", "t.json");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->Position(Lookup(*parsed, "/a")->value).column, 10);  // columns count bytes, the BOM's 3 included
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
  Result<JsonTree> parsed = ParseJsonWithLocations(c.text, "bad.json");
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
    ::testing::Values(SyntaxCase{"TrailingComma", "{\"a\": 1,}", 1, 9,
                                 "trailing comma before '}': JSON allows no comma after the last member"},
                      SyntaxCase{"MissingComma", "{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3,
                                 "unexpected string literal; expected '}'"},
                      SyntaxCase{"BadLiteral", "[\n  1,\n  tru }", 3, 3, "invalid literal"},
                      SyntaxCase{"UnexpectedEnd", "{\"a\": [1, 2", 1, 12, "unexpected end of input"},
                      SyntaxCase{"Empty", "", 1, 1, "unexpected end of input"},
                      SyntaxCase{"TrailingGarbage", "{}\n{}", 2, 1, "expected end of input"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(JsonLocationsTest, DuplicateKeyIsAnErrorAtTheSecondKey) {
  Result<JsonTree> parsed = ParseJsonWithLocations("{\"a\": {\"k\": 1,\n  \"k\": 2}}", "d.json");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().path, "/a/k");
  EXPECT_EQ(parsed.error().where.line, 2);
  EXPECT_EQ(parsed.error().where.column, 3);
  EXPECT_EQ(parsed.error().rule, "object keys are unique");
}

struct DepthCase {
  const char* name;
  std::string text;
  const char* path;
  int column;
};

class JsonDepthTest : public ::testing::TestWithParam<DepthCase> {};

// The level past the limit is refused at its opening bracket, whatever lies beyond it.
TEST_P(JsonDepthTest, NestingPastTheLimitIsRefusedAtItsBracket) {
  const DepthCase& c = GetParam();
  Result<JsonTree> parsed = ParseJsonWithLocations(c.text, "deep.json");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().ToString(), "deep.json:1:" + std::to_string(c.column) +
                                           ": json: nesting deeper than 256 levels (case files nest at most 256 levels)");
  EXPECT_EQ(parsed.error().path.substr(0, std::string(c.path).size()), c.path);
}

std::string Repeat(std::string_view s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, JsonDepthTest,
    ::testing::Values(DepthCase{"Arrays", Repeat("[", 100000) + Repeat("]", 100000), "/0/0/0", 257},
                      DepthCase{"Objects", Repeat("{\"a\":", 100000) + "1" + Repeat("}", 100000), "/a/a/a", 1281},
                      DepthCase{"Unclosed", Repeat("[", 100000), "/0/0", 257}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(JsonLocationsTest, NestingAtTheLimitIsAccepted) {
  EXPECT_TRUE(ParseJsonWithLocations(Repeat("[", 256) + Repeat("]", 256), "t.json").ok());
}

TEST(JsonLocationsTest, EscapesPointerTokens) {
  EXPECT_EQ(EscapePointerToken("a/b~c"), "a~1b~0c");
}

}  // namespace
}  // namespace dmlc::app
