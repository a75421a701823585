#include "app/engine/case_filter.h"

#include <gtest/gtest.h>

namespace dmlc::app {
namespace {

TEST(CaseFilter, EmptySelectsEverything) {
  EXPECT_TRUE(CaseFilter().Matches("reduce/sum/f32"));
  EXPECT_TRUE(CaseFilter().empty());
}

TEST(CaseFilter, StarCrossesSlashes) {
  const CaseFilter f({"reduce/*"});
  EXPECT_TRUE(f.Matches("reduce/sum/f32"));
  EXPECT_FALSE(f.Matches("join/basic"));
  EXPECT_TRUE(CaseFilter({"*f16*"}).Matches("join/x/f16_4d"));
}

TEST(CaseFilter, AnyIncludeMatches) {
  const CaseFilter f({"join/*", "one_hot/*"});
  EXPECT_TRUE(f.Matches("join/a"));
  EXPECT_TRUE(f.Matches("one_hot/b"));
  EXPECT_FALSE(f.Matches("reduce/c"));
}

TEST(CaseFilter, LeadingDashExcludes) {
  const CaseFilter only_exclude({"-*f16*"});
  EXPECT_TRUE(only_exclude.Matches("join/f32"));
  EXPECT_FALSE(only_exclude.Matches("join/f16"));
  const CaseFilter both({"reduce/*", "-reduce/arg*"});
  EXPECT_TRUE(both.Matches("reduce/sum"));
  EXPECT_FALSE(both.Matches("reduce/argmax_u32"));
  EXPECT_FALSE(both.Matches("join/a"));
}

TEST(CaseFilter, EscapedGlobCharactersMatchThemselves) {
  const CaseFilter f({"file/case\\[1\\]"});
  EXPECT_TRUE(f.Matches("file/case[1]"));
  EXPECT_FALSE(f.Matches("file/case1"));
}


// The matcher is the project's own (the Windows build has no fnmatch): pin the glob forms it takes.
TEST(CaseFilter, QuestionMarkMatchesExactlyOneCharacter) {
  EXPECT_TRUE(CaseFilter({"join/f?6"}).Matches("join/f16"));
  EXPECT_FALSE(CaseFilter({"join/f?6"}).Matches("join/f6"));
  EXPECT_FALSE(CaseFilter({"join/f?"}).Matches("join/f16"));
}

TEST(CaseFilter, BracketsTakeSetsRangesAndNegation) {
  EXPECT_TRUE(CaseFilter({"reduce/axis[02]"}).Matches("reduce/axis2"));
  EXPECT_FALSE(CaseFilter({"reduce/axis[02]"}).Matches("reduce/axis1"));
  EXPECT_TRUE(CaseFilter({"reduce/axis[0-3]"}).Matches("reduce/axis3"));
  EXPECT_FALSE(CaseFilter({"reduce/axis[0-3]"}).Matches("reduce/axis4"));
  EXPECT_TRUE(CaseFilter({"reduce/axis[!0-3]"}).Matches("reduce/axis7"));
  EXPECT_FALSE(CaseFilter({"reduce/axis[!0-3]"}).Matches("reduce/axis2"));
  EXPECT_TRUE(CaseFilter({"a[b"}).Matches("a[b"));  // an unterminated bracket is a literal
}

TEST(CaseFilter, BackslashEscapesGlobCharacters) {
  EXPECT_TRUE(CaseFilter({"odd/name\\*x"}).Matches("odd/name*x"));
  EXPECT_FALSE(CaseFilter({"odd/name\\*x"}).Matches("odd/nameYx"));
  EXPECT_TRUE(CaseFilter({"odd/\\[1\\]"}).Matches("odd/[1]"));
}

TEST(CaseFilter, StarBacktracksToFindALaterMatch) {
  EXPECT_TRUE(CaseFilter({"*sum*f32"}).Matches("reduce/sum_axis/sum_f32"));
  EXPECT_FALSE(CaseFilter({"*sum*f32"}).Matches("reduce/sum_axis/sum_f16"));
  EXPECT_TRUE(CaseFilter({"**"}).Matches(""));
  EXPECT_FALSE(CaseFilter({"?"}).Matches(""));
}

}  // namespace
}  // namespace dmlc::app
