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

}  // namespace
}  // namespace dmlc::app
