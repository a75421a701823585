// The rule book: every rule names its source, each spec quote is in its page, and docs/semantics.md
// lists exactly the rules no document states.
#include "ops/rule_book.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "ops/operators/reduce.h"

namespace dmlc::ops {
namespace {

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(RuleBook, EveryRuleHasAnIdATextAndASource) {
  std::set<std::string_view> ids;
  for (const Rule* rule : rule_book::kAll) {
    EXPECT_TRUE(ids.insert(rule->id).second) << "duplicate id " << rule->id;
    EXPECT_FALSE(rule->text.empty()) << rule->id;
    EXPECT_FALSE(rule->quote.empty()) << rule->id << ": a source quote, or why we chose";
    EXPECT_EQ(rule->document.empty(), rule->origin == RuleOrigin::kNotStated) << rule->id;
  }
}

TEST(RuleBook, EverySpecQuoteIsInItsPage) {
  const std::filesystem::path spec_dir = DMLC_SPEC_DIR;
  if (!std::filesystem::is_directory(spec_dir)) GTEST_SKIP() << "no spec pages at " << spec_dir;
  int checked = 0;
  for (const Rule* rule : rule_book::kAll) {
    if (rule->origin != RuleOrigin::kSpec || !rule->document.ends_with(".txt")) continue;
    const std::string page = ReadFile(spec_dir / std::string(rule->document));
    ASSERT_FALSE(page.empty()) << rule->document;
    EXPECT_NE(page.find(rule->quote), std::string::npos) << rule->id << ": \"" << rule->quote << "\" is not in "
                                                         << rule->document;
    ++checked;
  }
  EXPECT_GE(checked, 25);
}

// docs/semantics.md, "Rules no document states": one line per rule, its id in backticks first.
TEST(RuleBook, TheSemanticsPageListsExactlyTheRulesNoDocumentStates) {
  const std::string page = ReadFile(std::filesystem::path(DMLC_SOURCE_DIR) / "docs" / "semantics.md");
  const size_t start = page.find("## Rules no document states");
  ASSERT_NE(start, std::string::npos);
  const size_t end = page.find("\n#", start + 1);
  const std::string section = page.substr(start, end - start);
  for (const Rule* rule : rule_book::kAll) {
    const bool listed = section.find("- `" + std::string(rule->id) + "`") != std::string::npos;
    EXPECT_EQ(listed, rule->origin == RuleOrigin::kNotStated) << rule->id;
  }
}

TEST(RuleError, CarriesTheRuleItsIdAndItsSource) {
  const Error e = RuleError("JOIN", "Axis", "Axis is 4 but OutputTensor has 4 dimensions", rule_book::kJoinAxisInRange);
  EXPECT_EQ(e.rule, "Axis must be in [0, OutputTensor.DimensionCount - 1]");
  EXPECT_EQ(e.rule_id, "join.axis-in-range");
  EXPECT_EQ(e.rule_origin, "spec");
  EXPECT_EQ(e.rule_source,
            "spec 002_8233f32f5498c8d5.txt: \"Este valor debe estar en el intervalo [0, OutputTensor.DimensionCount - "
            "1]\"");
  EXPECT_EQ(e.ToString(),
            "JOIN: Axis is 4 but OutputTensor has 4 dimensions (Axis must be in [0, OutputTensor.DimensionCount - 1]; "
            "spec)");
  EXPECT_FALSE(BreaksOnlyOurRule(e));
  EXPECT_TRUE(BreaksOnlyOurRule(RuleError("GATHER_ND1", "", "", rule_book::kGatherBatchSizesMatch)));
}

TEST(ReducedAxes, AreSortedAndDistinctAndMayBeNone) {
  ReduceDesc desc;
  desc.InputTensor.Sizes = {2, 3, 4};
  desc.Axes = {2, 0, 2};
  EXPECT_EQ(ReducedAxes(desc), (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(ReducedElementCount(desc), 8u);
  desc.Axes = {};
  EXPECT_TRUE(ReducedAxes(desc).empty());
  EXPECT_EQ(ReducedElementCount(desc), 1u);
}

}  // namespace
}  // namespace dmlc::ops
