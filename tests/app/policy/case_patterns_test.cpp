#include "app/policy/case_patterns.h"

#include <gtest/gtest.h>

#ifndef _WIN32
#include <sys/stat.h>
#endif

#include "tests/app/case/temp_dir.h"

namespace dmlc::app::policy {
namespace {

constexpr const char* kList =
    "# known to be slow on lavapipe\n"
    "\n"
    "reduce/*\n"
    "  join/a?c  \n"
    "\t# an indented comment\n"
    "re:gather_nd1?/.*_f16\n"
    "one_hot/[ab]x\n"
    "join/abc\n";

struct MatchRow {
  const char* name;
  const char* id;
  std::optional<std::string> where;
};

class CasePatternsMatch : public ::testing::TestWithParam<MatchRow> {};

TEST_P(CasePatternsMatch, NamesTheFirstMatchingLine) {
  Result<CasePatterns> patterns = CasePatterns::Parse(kList, "skips.txt");
  ASSERT_TRUE(patterns.ok()) << patterns.error().ToString();
  EXPECT_EQ(patterns->size(), 5u);
  EXPECT_EQ(patterns->Match(GetParam().id), GetParam().where);
}

INSTANTIATE_TEST_SUITE_P(
    Table, CasePatternsMatch,
    ::testing::Values(MatchRow{"GlobMatches", "reduce/sum", "skips.txt:3 (reduce/*)"},
                      MatchRow{"StarCrossesSlash", "reduce/sum/f32/big", "skips.txt:3 (reduce/*)"},
                      MatchRow{"GlobIsWholeId", "xreduce/sum", std::nullopt},
                      MatchRow{"TrimmedAndFirstWins", "join/abc", "skips.txt:4 (join/a?c)"},
                      MatchRow{"QuestionMarkIsOneCharacter", "join/abcd", std::nullopt},
                      MatchRow{"Regex", "gather_nd/x_f16", "skips.txt:6 (re:gather_nd1?/.*_f16)"},
                      MatchRow{"RegexOptionalPart", "gather_nd1/y/z_f16", "skips.txt:6 (re:gather_nd1?/.*_f16)"},
                      MatchRow{"RegexIsWholeId", "gather_nd/x_f16_big", std::nullopt},
                      MatchRow{"Bracket", "one_hot/bx", "skips.txt:7 (one_hot/[ab]x)"},
                      MatchRow{"BracketMisses", "one_hot/cx", std::nullopt},
                      MatchRow{"CommentIsNoPattern", "# known to be slow on lavapipe", std::nullopt}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(CasePatterns, EmptyMatchesNothing) {
  Result<CasePatterns> patterns = CasePatterns::Parse("# nothing yet\n\n   \n", "skips.txt");
  ASSERT_TRUE(patterns.ok());
  EXPECT_TRUE(patterns->empty());
  EXPECT_EQ(patterns->Match("reduce/sum"), std::nullopt);
  EXPECT_EQ(CasePatterns().Match(""), std::nullopt);
}

TEST(CasePatterns, CrLfLinesAndNoFinalNewline) {
  Result<CasePatterns> patterns = CasePatterns::Parse("a/*\r\nre:b/.+\r\nc", "flakes.txt");
  ASSERT_TRUE(patterns.ok());
  EXPECT_EQ(patterns->Match("b/x"), "flakes.txt:2 (re:b/.+)");
  EXPECT_EQ(patterns->Match("c"), "flakes.txt:3 (c)");
}

TEST(CasePatterns, InvalidRegexNamesFileLineAndWhy) {
  Result<CasePatterns> patterns = CasePatterns::Parse("reduce/*\n\n  re:reduce/(sum\n", "skips.txt");
  ASSERT_FALSE(patterns.ok());
  EXPECT_EQ(patterns.error().ToString(),
            "skips.txt:3:3: patterns: invalid regular expression 'reduce/(sum': missing ')' at offset 11 "
            "(the linear-time subset of regular expressions (docs/isolation-and-ci.md))");
}

// Issue 47, defects 1 and 11: std::regex crashed on a 50,000-character id (its recursion) and took
// exponential time on (a+)+$; the documented example and the classic blow-up both answer at once.
TEST(CasePatterns, LongIdsAndNestedQuantifiersNeitherCrashNorStall) {
  Result<CasePatterns> patterns =
      CasePatterns::Parse("re:generated/gather_nd1/[a-z_]+_int64_.*\nre:(a+)+$\n", "skips.txt");
  ASSERT_TRUE(patterns.ok()) << patterns.error().ToString();
  const std::string long_id = "generated/gather_nd1/" + std::string(50000, 'x') + "_int64_" + std::string(50000, 'y');
  EXPECT_EQ(patterns->Match(long_id), "skips.txt:1 (re:generated/gather_nd1/[a-z_]+_int64_.*)");
  EXPECT_EQ(patterns->Match(std::string(50000, 'a') + "!"), std::nullopt);
  EXPECT_EQ(patterns->Match(std::string(50000, 'a')), "skips.txt:2 (re:(a+)+$)");
}

TEST(CasePatterns, EmptyRegexIsAnError) {
  Result<CasePatterns> patterns = CasePatterns::Parse("re:\n", "skips.txt");
  ASSERT_FALSE(patterns.ok());
  EXPECT_EQ(patterns.error().ToString(), "skips.txt:1:1: patterns: \"re:\" needs a regular expression after it");
}

TEST(CasePatterns, LoadNamesTheFile) {
  testing::TempDir dir;
  const std::filesystem::path path = dir.Write("flakes.txt", "# flaky on one driver\nre:join/.*\n");
  Result<CasePatterns> patterns = LoadCasePatterns(path);
  ASSERT_TRUE(patterns.ok()) << patterns.error().ToString();
  EXPECT_EQ(patterns->Match("join/x"), path.string() + ":2 (re:join/.*)");
}

// Issue 47, defect 14: a file saved by a Windows editor starts with a byte-order mark, which made its
// first pattern "\xEF\xBB\xBFjoin/*" and matched nothing.
TEST(CasePatterns, LoadDropsAByteOrderMark) {
  testing::TempDir dir;
  const std::filesystem::path path = dir.Write("skips.txt", "\xEF\xBB\xBFjoin/*\nre:x\n");
  Result<CasePatterns> patterns = LoadCasePatterns(path);
  ASSERT_TRUE(patterns.ok()) << patterns.error().ToString();
  EXPECT_EQ(patterns->Match("join/a"), path.string() + ":1 (join/*)");
}

// Issue 47, defect 13: a folder or a FIFO named as a list is refused by name, never read or waited on.
TEST(CasePatterns, LoadRefusesAFolderAndAFifo) {
  testing::TempDir dir;
  Result<CasePatterns> folder = LoadCasePatterns(dir.path());
  ASSERT_FALSE(folder.ok());
  EXPECT_EQ(folder.error().ToString(), dir.path().string() + ": patterns: is a folder, not a regular file: refused");
#ifndef _WIN32
  const std::filesystem::path fifo = dir.path() / "fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  Result<CasePatterns> blocked = LoadCasePatterns(fifo);
  ASSERT_FALSE(blocked.ok());
  EXPECT_EQ(blocked.error().ToString(), fifo.string() + ": patterns: is a FIFO, not a regular file: refused");
#endif
}

TEST(CasePatterns, LoadOfAMissingFileNamesIt) {
  Result<CasePatterns> patterns = LoadCasePatterns("no/such/skips.txt");
  ASSERT_FALSE(patterns.ok());
  EXPECT_EQ(patterns.error().ToString(), "no/such/skips.txt: patterns: cannot be read");
}

}  // namespace
}  // namespace dmlc::app::policy
