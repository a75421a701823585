#include "app/history/history.h"

#include <gtest/gtest.h>

#include "history_fixtures.h"

namespace dmlc::app::history {
namespace {

std::vector<std::string> Files(const History& h) {
  std::vector<std::string> files;
  for (const RunEntry& r : h.runs) files.push_back(r.file);
  return files;
}

const std::string kLlvmpipe = "backend=vulkan vendor=mesa device=llvmpipe os=linux runtime=native feature-level=highest";

TEST(BuildHistory, RunsInDateOrderTiesInInputOrder) {
  const History h = BuildHistory({MadeRun("c.json", "r3", "2026-12-03T00:00:00Z", {}), MadeRun("a.json", "r1", "2026-12-01T00:00:00Z", {}),
                                  MadeRun("b2.json", "r2", "2026-12-02T00:00:00Z", {}), MadeRun("b1.json", "r2", "2026-12-02T00:00:00Z", {})});
  EXPECT_EQ(Files(h), (std::vector<std::string>{"a.json", "b2.json", "b1.json", "c.json"}));
  EXPECT_EQ(h.runs[0].input, 1u);
  EXPECT_EQ(h.runs[3].input, 0u);
}

TEST(BuildHistory, ConfigurationLeavesTheDriverOutAndRevisionFallsBackToGitRevision) {
  RunInput other_night = MadeRun("n2.json", "", "2026-12-02T00:00:00Z", {}, "llvmpipe", "25.1.0");
  const History h = BuildHistory({MadeRun("n1.json", "r1", "2026-12-01T00:00:00Z", {}), other_night,
                                  MadeRun("gpu.json", "r1", "2026-12-01T00:00:00Z", {}, "rtx-4090", "560.35")});
  EXPECT_EQ(h.configurations, (std::vector<std::string>{kLlvmpipe, "backend=vulkan vendor=mesa device=rtx-4090 os=linux "
                                                                   "runtime=native feature-level=highest"}));
  EXPECT_EQ(h.runs[0].configuration, kLlvmpipe);
  EXPECT_EQ(h.runs[2].configuration, kLlvmpipe) << "another driver is another revision, not another configuration";
  EXPECT_EQ(h.runs[2].revision, "v1.0-12-gabcdef") << "no --revision: the tool's git revision";
}

TEST(BuildHistory, AFlakeIsAPassAndAFailOnOneRevisionAndConfiguration) {
  const History h = BuildHistory({MadeRun("1.json", "r1", "2026-12-01T00:00:00Z", {{"join/a", kPass}, {"join/b", kPass}}),
                                  MadeRun("2a.json", "r2", "2026-12-02T00:00:00Z", {{"join/a", kFail}, {"join/b", kPass}}),
                                  MadeRun("2b.json", "r2", "2026-12-02T01:00:00Z", {{"join/a", kPass}, {"join/b", kPass}})});
  ASSERT_EQ(h.flakes.size(), 1u);
  EXPECT_EQ(h.flakes[0].id, "join/a");
  EXPECT_EQ(h.flakes[0].revision, "r2");
  EXPECT_EQ(h.flakes[0].configuration, kLlvmpipe);
  ASSERT_EQ(h.flakes[0].runs.size(), 2u);
  EXPECT_EQ(h.flakes[0].runs[0].run, 1u);
  EXPECT_EQ(h.flakes[0].runs[0].status, kFail);
  EXPECT_EQ(h.flakes[0].runs[1].status, kPass);
  EXPECT_TRUE(h.regressions.empty());
  EXPECT_TRUE(h.failing.empty());
}

TEST(BuildHistory, PassAndFailOnOneRevisionInTwoConfigurationsIsNoFlake) {
  const History h = BuildHistory({MadeRun("a.json", "r1", "2026-12-01T00:00:00Z", {{"join/a", kPass}}),
                                  MadeRun("b.json", "r1", "2026-12-01T00:00:00Z", {{"join/a", kFail}}, "rtx-4090")});
  EXPECT_TRUE(h.flakes.empty());
  EXPECT_TRUE(h.regressions.empty());
  ASSERT_EQ(h.failing.size(), 1u) << "it never passed on the rtx-4090";
  EXPECT_EQ(h.failing[0].configuration.find("device=rtx-4090") != std::string::npos, true);
}

TEST(BuildHistory, ARegressionNamesTheLastGoodAndFirstBadRevision) {
  const History h = BuildHistory({MadeRun("4.json", "r4", "2026-12-04T00:00:00Z", {{"reduce/a", kFail}}),
                                  MadeRun("1.json", "r1", "2026-12-01T00:00:00Z", {{"reduce/a", kPass}}),
                                  MadeRun("2.json", "r2", "2026-12-02T00:00:00Z", {{"reduce/a", kPass}}),
                                  MadeRun("3.json", "r3", "2026-12-03T00:00:00Z", {{"reduce/a", CaseStatus::kCrash}})});
  ASSERT_EQ(h.regressions.size(), 1u);
  const Regression& r = h.regressions[0];
  EXPECT_EQ(r.id, "reduce/a");
  EXPECT_EQ(r.last_good, "r2");
  EXPECT_EQ(r.last_good_run, 1u);
  EXPECT_EQ(r.first_bad, "r3");
  EXPECT_EQ(r.first_bad_run, 2u);
  EXPECT_EQ(r.latest, kFail);
}

TEST(BuildHistory, AFlakyRevisionBetweenGoodAndBadIsTheFirstBad) {
  const History h = BuildHistory({MadeRun("1.json", "r1", "2026-12-01T00:00:00Z", {{"reduce/a", kPass}}),
                                  MadeRun("2a.json", "r2", "2026-12-02T00:00:00Z", {{"reduce/a", kPass}}),
                                  MadeRun("2b.json", "r2", "2026-12-02T01:00:00Z", {{"reduce/a", kFail}}),
                                  MadeRun("3.json", "r3", "2026-12-03T00:00:00Z", {{"reduce/a", kFail}})});
  ASSERT_EQ(h.regressions.size(), 1u);
  EXPECT_EQ(h.regressions[0].last_good, "r1");
  EXPECT_EQ(h.regressions[0].first_bad, "r2");
  EXPECT_EQ(h.regressions[0].first_bad_run, 2u) << "the revision's first failing run";
  ASSERT_EQ(h.flakes.size(), 1u);
  EXPECT_EQ(h.flakes[0].revision, "r2");
}

TEST(BuildHistory, AFlakyLatestRevisionIsNoRegression) {
  const History h = BuildHistory({MadeRun("1.json", "r1", "2026-12-01T00:00:00Z", {{"reduce/a", kPass}}),
                                  MadeRun("2a.json", "r2", "2026-12-02T00:00:00Z", {{"reduce/a", kPass}}),
                                  MadeRun("2b.json", "r2", "2026-12-02T01:00:00Z", {{"reduce/a", kFail}})});
  EXPECT_TRUE(h.regressions.empty());
  EXPECT_EQ(h.flakes.size(), 1u);
}

TEST(BuildHistory, AlwaysFailingIsFailingNotARegression) {
  const History h = BuildHistory({MadeRun("1.json", "r1", "2026-12-01T00:00:00Z", {{"gather/a", CaseStatus::kError}}),
                                  MadeRun("2.json", "r2", "2026-12-02T00:00:00Z", {{"gather/a", CaseStatus::kSkip}}),
                                  MadeRun("3.json", "r3", "2026-12-03T00:00:00Z", {{"gather/a", CaseStatus::kExpectedFail}})});
  EXPECT_TRUE(h.regressions.empty());
  ASSERT_EQ(h.failing.size(), 1u);
  EXPECT_EQ(h.failing[0].id, "gather/a");
  EXPECT_EQ(h.failing[0].since, "r1");
  EXPECT_EQ(h.failing[0].latest, CaseStatus::kExpectedFail);
}

TEST(BuildHistory, FixedCaseAndSkipsSayNothing) {
  const History h = BuildHistory({MadeRun("1.json", "r1", "2026-12-01T00:00:00Z", {{"gather/a", kFail}, {"gather/b", kPass}}),
                                  MadeRun("2.json", "r2", "2026-12-02T00:00:00Z", {{"gather/a", kPass}, {"gather/b", CaseStatus::kSkip}})});
  EXPECT_TRUE(h.regressions.empty());
  EXPECT_TRUE(h.failing.empty());
  EXPECT_TRUE(h.flakes.empty());
  ASSERT_EQ(h.cases.at("gather/b").size(), 2u);
  EXPECT_EQ(h.cases.at("gather/b")[1].status, CaseStatus::kSkip);
}

// A differential run's reference that hung on a case says nothing of the backend: no regression, no flake.
TEST(BuildHistory, AReferenceFaultSaysNothing) {
  RunInput faulted = MadeRun("2.json", "r2", "2026-12-02T00:00:00Z", {{"gather/a", CaseStatus::kError}});
  faulted.report.results[0].reference_fault = "timeout";
  const History h = BuildHistory({MadeRun("1.json", "r1", "2026-12-01T00:00:00Z", {{"gather/a", kPass}}), faulted,
                                  MadeRun("3.json", "r2", "2026-12-02T01:00:00Z", {{"gather/a", kPass}})});
  EXPECT_TRUE(h.regressions.empty());
  EXPECT_TRUE(h.flakes.empty());
  EXPECT_TRUE(h.failing.empty());
  ASSERT_EQ(h.cases.at("gather/a").size(), 3u);
  EXPECT_EQ(h.cases.at("gather/a")[1].status, CaseStatus::kError);  // the history still shows what the run said
}

TEST(BuildHistory, ARetriedFlakeStatusMakesItsRevisionFlaky) {
  const History h = BuildHistory({MadeRun("1.json", "r1", "2026-12-01T00:00:00Z", {{"join/a", CaseStatus::kFlake}})});
  ASSERT_EQ(h.flakes.size(), 1u);
  EXPECT_EQ(h.flakes[0].revision, "r1");
}

TEST(ConfigurationTags, DerivedWhenTheReportHasNone) {
  RunContext c;
  c.backend = "cpu";
  c.device = "CPU reference";
  c.driver = "dml-conform 0.1.0";
  c.feature_level = "highest";
  const policy::RunTags tags = ConfigurationTags(c);
  EXPECT_EQ(policy::FindTag(tags, "driver"), nullptr);
  ASSERT_NE(policy::FindTag(tags, "backend"), nullptr);
  EXPECT_EQ(*policy::FindTag(tags, "backend"), "cpu");
  EXPECT_EQ(*policy::FindTag(tags, "device"), "cpu-reference");
}

TEST(ConfigurationTags, ADifferentialRunIsAConfigurationOfItsOwn) {
  RunContext c;
  c.backend = "cpu";
  c.feature_level = "highest";
  const std::string plain = policy::FormatTags(ConfigurationTags(c));
  c.reference = "vulkan:0";
  EXPECT_EQ(policy::FormatTags(ConfigurationTags(c)), plain + " reference=vulkan-0");
}

}  // namespace
}  // namespace dmlc::app::history
