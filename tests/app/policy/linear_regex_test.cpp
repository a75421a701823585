#include "app/policy/linear_regex.h"

#include <gtest/gtest.h>

namespace dmlc::app::policy {
namespace {

struct MatchRow {
  const char* pattern;
  const char* text;
  bool matches;
};

class LinearRegexMatch : public ::testing::TestWithParam<MatchRow> {};

TEST_P(LinearRegexMatch, AgreesWithECMAScriptOnTheSubset) {
  Result<LinearRegex> r = LinearRegex::Compile(GetParam().pattern);
  ASSERT_TRUE(r.ok()) << r.error().ToString();
  EXPECT_EQ(r->FullMatch(GetParam().text), GetParam().matches) << GetParam().pattern << " ~ " << GetParam().text;
}

INSTANTIATE_TEST_SUITE_P(
    Table, LinearRegexMatch,
    ::testing::Values(MatchRow{"abc", "abc", true}, MatchRow{"abc", "abcd", false}, MatchRow{"abc", "ab", false},
                      MatchRow{"a.c", "a/c", true}, MatchRow{"a.c", "a\nc", false}, MatchRow{"a*", "", true},
                      MatchRow{"a*b", "aaab", true}, MatchRow{"a+b", "b", false}, MatchRow{"ab?c", "ac", true},
                      MatchRow{"ab?c", "abbc", false}, MatchRow{"a|bc|", "bc", true}, MatchRow{"a|bc|", "", true},
                      MatchRow{"(ab)+", "ababab", true}, MatchRow{"(?:ab)+", "aba", false},
                      MatchRow{"[a-c_]+", "ab_c", true}, MatchRow{"[^/]+", "a/b", false},
                      MatchRow{"[-a]", "-", true}, MatchRow{"[a-]", "-", true}, MatchRow{"\\d+", "0123", true},
                      MatchRow{"\\w+", "a_1", true}, MatchRow{"\\W", "-", true}, MatchRow{"\\s\\S", " x", true},
                      MatchRow{"\\.", "x", false}, MatchRow{"[\\d.]+", "1.5", true}, MatchRow{"^a$", "a", true},
                      MatchRow{"a^b", "ab", false}, MatchRow{"(a*)*b", "aab", true}, MatchRow{"a*?b", "aab", true},
                      MatchRow{"(a|ab)(c|bcd)", "abcd", true}, MatchRow{"x(a+)+$", "xaaaa!", false}),
    [](const auto& info) { return "Row" + std::to_string(info.index); });

struct ErrorRow {
  const char* pattern;
  const char* message;
};

class LinearRegexRefuses : public ::testing::TestWithParam<ErrorRow> {};

TEST_P(LinearRegexRefuses, NamesWhatAndWhere) {
  Result<LinearRegex> r = LinearRegex::Compile(GetParam().pattern);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Table, LinearRegexRefuses,
    ::testing::Values(ErrorRow{"(a", "missing ')' at offset 2"}, ErrorRow{"a)", "unmatched ')' at offset 1"},
                      ErrorRow{"[ab", "missing ']' at offset 3"}, ErrorRow{"*a", "nothing to repeat at offset 0"},
                      ErrorRow{"a**", "nothing to repeat at offset 2"}, ErrorRow{"^*", "nothing to repeat at offset 1"},
                      ErrorRow{"a{2}", "unsupported: counted repetition '{' at offset 1"},
                      ErrorRow{"(a)\\1", "unsupported escape '\\1' (back-references, \\b and the like) at offset 4"},
                      ErrorRow{"(?=a)", "unsupported: look-around or named group '(?' at offset 1"},
                      ErrorRow{"[z-a]", "range out of order at offset 4"}, ErrorRow{"a\\", "'\\' at the end at offset 2"}),
    [](const auto& info) { return "Row" + std::to_string(info.index); });

// The bounds that keep the parser's recursion and the program small.
TEST(LinearRegex, DeepGroupsAndLongPatternsAreRefusedByName) {
  const std::string deep = std::string(65, '(') + "a" + std::string(65, ')');
  Result<LinearRegex> r = LinearRegex::Compile(deep);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "groups nested deeper than 64 at offset 65");
  EXPECT_TRUE(LinearRegex::Compile(std::string(64, '(') + "a" + std::string(64, ')')).ok());
  Result<LinearRegex> long_one = LinearRegex::Compile(std::string(4097, 'a'));
  ASSERT_FALSE(long_one.ok());
  EXPECT_EQ(long_one.error().ToString(), "patterns: a pattern of 4097 bytes (at most 4096 bytes)");
}

// The shapes that backtrack exponentially in std::regex, against a million-byte text: each state is
// visited once a byte, so these finish; a wall clock is not asserted (STYLE.md 11).
TEST(LinearRegex, NestedQuantifiersOnAMillionBytes) {
  const std::string text = std::string(1000000, 'a') + "!";
  for (const char* pattern : {"(a+)+$", "(a|a)*", "(a*)*b", "(.*a){20}x"}) {
    Result<LinearRegex> r = LinearRegex::Compile(pattern);
    if (!r.ok()) continue;  // {20} is refused, by design
    EXPECT_FALSE(r->FullMatch(text)) << pattern;
  }
}

}  // namespace
}  // namespace dmlc::app::policy
