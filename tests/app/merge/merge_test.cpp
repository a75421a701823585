#include "app/merge/merge.h"

#include <gtest/gtest.h>

namespace dmlc::app::merge {
namespace {

using Input = std::pair<std::string, RunReport>;

// A part's report: the given cases (all passed), its shard, and a whole, uninterrupted run.
Input Part(const std::string& path, const std::string& shard, const std::vector<std::string>& ids) {
  RunReport report;
  report.context.backend = "cpu";
  report.context.device = "CPU reference";
  report.context.driver = "";
  report.context.date = "2026-11-21T10:00:00Z";
  report.context.jobs = 2;
  report.context.duration_ms = 100;
  report.context.shard = shard;
  report.context.planned_cases = static_cast<int>(ids.size());
  for (const std::string& id : ids) {
    CaseResult r;
    r.id = id;
    r.status = CaseStatus::kPass;
    report.results.push_back(r);
  }
  return {path, report};
}

std::vector<std::string> Ids(const RunReport& report) {
  std::vector<std::string> ids;
  for (const CaseResult& r : report.results) ids.push_back(r.id);
  return ids;
}

TEST(MergeReports, ThreeShardsMakeTheUnion) {
  std::vector<Input> inputs = {Part("s2.json", "2/3", {"join/a", "reduce/b"}), Part("s1.json", "1/3", {"reduce/a"}),
                               Part("s3.json", "3/3", {"one_hot/a", "one_hot/b"})};
  inputs[1].second.context.date = "2026-11-21T09:59:58Z";
  inputs[1].second.context.device = "lavapipe";
  inputs[1].second.context.driver = "Mesa 22.3";
  inputs[0].second.context.revision = "r7";
  inputs[2].second.context.revision = "r7";
  inputs[2].second.context.duration_ms = 250;
  inputs[2].second.context.jobs = 4;
  Result<MergedRun> run = MergeReports(inputs);
  ASSERT_TRUE(run.ok()) << run.error().ToString();
  EXPECT_EQ(run->problems, std::vector<std::string>{});
  EXPECT_EQ(Ids(run->merged), (std::vector<std::string>{"join/a", "reduce/b", "reduce/a", "one_hot/a", "one_hot/b"}));
  const RunContext& c = run->merged.context;
  EXPECT_EQ(c.shard, "");
  EXPECT_EQ(c.backend, "cpu");
  EXPECT_EQ(c.planned_cases, 5);
  EXPECT_EQ(c.jobs, 8);
  EXPECT_EQ(c.duration_ms, 250);
  EXPECT_EQ(c.date, "2026-11-21T09:59:58Z");
  EXPECT_EQ(c.device, "CPU reference, lavapipe");
  EXPECT_EQ(c.driver, "Mesa 22.3");
  EXPECT_EQ(c.revision, "r7") << "the parts' --revision, once";
  EXPECT_FALSE(c.interrupted);
}

TEST(MergeReports, TagsAreThoseEveryInputShares) {
  std::vector<Input> inputs = {Part("s1.json", "1/2", {"a"}), Part("s2.json", "2/2", {"b"})};
  inputs[0].second.context.tags = {{"backend", "vulkan"}, {"vendor", "nvidia"}, {"device", "nvidia-h100"}, {"os", "linux"}};
  inputs[1].second.context.tags = {{"backend", "vulkan"}, {"vendor", "nvidia"}, {"device", "nvidia-h200"}, {"os", "linux"}};
  Result<MergedRun> run = MergeReports(inputs);
  ASSERT_TRUE(run.ok()) << run.error().ToString();
  EXPECT_EQ(run->merged.context.tags,
            (std::vector<std::pair<std::string, std::string>>{{"backend", "vulkan"}, {"vendor", "nvidia"}, {"os", "linux"}}));
  // A part written before tags existed narrows nothing.
  inputs.push_back(Part("old.json", "", {"c"}));
  Result<MergedRun> with_old = MergeReports(inputs);
  ASSERT_TRUE(with_old.ok()) << with_old.error().ToString();
  EXPECT_EQ(with_old->merged.context.tags, run->merged.context.tags);
}

TEST(MergeReports, ReportsJudgedByTwoReferencesAreRefused) {
  std::vector<Input> inputs = {Part("s1.json", "1/2", {"a"}), Part("s2.json", "2/2", {"b"})};
  inputs[1].second.context.reference = "vulkan:0";
  Result<MergedRun> run = MergeReports(inputs);
  ASSERT_FALSE(run.ok());
  EXPECT_EQ(run.error().message, "s1.json was judged against the case files but s2.json against reference "
                                 "'vulkan:0'; merge the reports of one reference");
}

TEST(MergeReports, UnshardedReportsMerge) {
  Result<MergedRun> run = MergeReports({Part("good.json", "", {"good/a", "good/b"}), Part("bad.json", "", {"bad/a"})});
  ASSERT_TRUE(run.ok()) << run.error().ToString();
  EXPECT_EQ(run->problems, std::vector<std::string>{});
  EXPECT_EQ(Ids(run->merged), (std::vector<std::string>{"good/a", "good/b", "bad/a"}));
  EXPECT_EQ(run->merged.context.device, "CPU reference");
}

TEST(MergeReports, MissingAndIncompleteShardsAreProblems) {
  std::vector<Input> inputs = {Part("s1.json", "1/4", {"a"}), Part("s2.json", "2/4", {"b"}),
                               Part("s4.json", "4/4", {"d"}), Part("extra.json", "", {"x"})};
  inputs[1].second.context.planned_cases = 200;
  inputs[1].second.context.interrupted = true;
  inputs[2].second.context.interrupted = true;
  inputs[3].second.context.planned_cases = 3;
  Result<MergedRun> run = MergeReports(inputs);
  ASSERT_TRUE(run.ok()) << run.error().ToString();
  EXPECT_EQ(run->problems, (std::vector<std::string>{"shard 2/4 (s2.json): 1 of 200 planned cases; interrupted",
                                                     "shard 4/4 (s4.json): interrupted",
                                                     "extra.json: 1 of 3 planned cases", "shard 3/4 is missing"}));
  EXPECT_TRUE(run->merged.context.interrupted);
  EXPECT_EQ(run->merged.context.planned_cases, 205);
}

struct RefusalRow {
  const char* name;
  std::vector<Input> inputs;
  const char* error;
};

class MergeRefusal : public ::testing::TestWithParam<RefusalRow> {};

TEST_P(MergeRefusal, NamesTheFiles) {
  Result<MergedRun> run = MergeReports(GetParam().inputs);
  ASSERT_FALSE(run.ok());
  EXPECT_EQ(run.error().ToString(), GetParam().error);
}

Input OnBackend(Input input, const std::string& backend) {
  input.second.context.backend = backend;
  return input;
}

Input WithCounts(Input input, int planned_cases, int jobs) {
  input.second.context.planned_cases = planned_cases;
  input.second.context.jobs = jobs;
  return input;
}

INSTANTIATE_TEST_SUITE_P(
    Table, MergeRefusal,
    ::testing::Values(
        RefusalRow{"DuplicateCase", {Part("s1.json", "1/2", {"a", "b"}), Part("s2.json", "2/2", {"c", "b"})},
                   "merge: case 'b' is in both s1.json and s2.json"},
        RefusalRow{"SameReportTwice", {Part("r.json", "", {"a"}), Part("r.json", "", {"a"})},
                   "merge: case 'a' is in both r.json and r.json"},
        RefusalRow{"TwoBackends", {Part("s1.json", "1/2", {"a"}), OnBackend(Part("s2.json", "2/2", {"b"}), "vulkan")},
                   "merge: s1.json ran on backend 'cpu' but s2.json on 'vulkan'; merge the reports of one backend"},
        RefusalRow{"TwoShardCounts", {Part("s1.json", "1/3", {"a"}), Part("s2.json", "2/4", {"b"})},
                   "merge: s1.json is shard 1/3 but s2.json is shard 2/4; merge shards of one count"},
        RefusalRow{"SameShardTwice", {Part("a.json", "2/4", {"a"}), Part("b.json", "2/4", {"b"})},
                   "merge: shard 2/4 is in both a.json and b.json"},
        RefusalRow{"ShardNotKOfN", {Part("a.json", "3", {"a"})},
                   "merge: a.json: context.shard '3': not K/N, auto or auto/N"},
        RefusalRow{"ShardOutOfRange", {Part("a.json", "5/4", {"a"})},
                   "merge: a.json: context.shard '5/4': K is 5; it must be 1 to 4"},
        RefusalRow{"Nothing", {}, "merge: no reports to merge"},
        // Issue 47, defect 16: two shards of 2^31-1 planned cases merged to -2.
        RefusalRow{"PlannedCasesOverflow",
                   {WithCounts(Part("s1.json", "1/2", {"a"}), 2147483647, 1),
                    WithCounts(Part("s2.json", "2/2", {"b"}), 2147483647, 1)},
                   "merge: s2.json: context.plannedCases 2147483647 makes the merged plannedCases negative or larger "
                   "than 2147483647"},
        RefusalRow{"JobsOverflow",
                   {WithCounts(Part("s1.json", "1/2", {"a"}), 1, 2147483647), WithCounts(Part("s2.json", "2/2", {"b"}), 1, 1)},
                   "merge: s2.json: context.jobs 1 makes the merged jobs negative or larger than 2147483647"},
        RefusalRow{"NegativeCount", {WithCounts(Part("s1.json", "", {"a"}), -5, 1)},
                   "merge: s1.json: context.plannedCases -5 makes the merged plannedCases negative or larger than "
                   "2147483647"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace dmlc::app::merge
