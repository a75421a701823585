#include "app/compare/comparison.h"

#include <gtest/gtest.h>

#include <ostream>
#include <set>

namespace dmlc::app::compare {
namespace {

const std::string kData = DMLC_COMPARE_TEST_DATA;

LoadedReport Load(const std::string& name) {
  auto report = LoadReport(kData + "/" + name);
  EXPECT_TRUE(report.ok()) << report.error().ToString();
  return report.ok() ? *report : LoadedReport{};
}

std::vector<std::string> Ids(const std::vector<StatusChange>& changes) {
  std::vector<std::string> ids;
  for (const auto& c : changes) ids.push_back(c.id);
  return ids;
}

TEST(ComparisonTest, ConformanceReportsEveryKindOfChange) {
  const Comparison c = CompareReports(Load("conform_base.json"), Load("conform_new.json"), Thresholds{});
  EXPECT_EQ(Ids(c.new_failures), std::vector<std::string>{"diagonal/f16"});
  EXPECT_EQ(c.new_failures[0].base_status, "pass");
  EXPECT_EQ(c.new_failures[0].new_status, "fail");
  EXPECT_EQ(c.new_failures[0].message, "OutputTensor[0,1]: expected 0, actual 1");
  EXPECT_EQ(Ids(c.fixes), std::vector<std::string>{"gather/broken"});
  EXPECT_EQ(Ids(c.newly_skipped), std::vector<std::string>{"reduce/skipped_later"});
  EXPECT_EQ(c.missing, std::vector<std::string>{"one_hot/dropped"});
  EXPECT_EQ(c.added, std::vector<std::string>{"join/added"});
  EXPECT_EQ(c.timings_compared, 3);
  // join/tiny triples (0.01 -> 0.03 ms) but stays under the 0.05 ms noise floor.
  ASSERT_EQ(c.regressions.size(), 1u);
  EXPECT_EQ(c.regressions[0].id, "reduce/sum_f32");
  EXPECT_DOUBLE_EQ(c.regressions[0].base_ms, 2.0);
  EXPECT_DOUBLE_EQ(c.regressions[0].new_ms, 3.0);
  EXPECT_DOUBLE_EQ(c.regressions[0].Change(), 0.5);
  ASSERT_EQ(c.improvements.size(), 1u);
  EXPECT_EQ(c.improvements[0].id, "diagonal/f16");
  EXPECT_DOUBLE_EQ(c.improvements[0].new_ms, 0.25);
  EXPECT_TRUE(c.HasRegression());
}

TEST(ComparisonTest, NoiseFloorAndThresholdAreBothRequired) {
  Thresholds loose;
  loose.relative = 0.6;  // +50% on reduce/sum_f32 is now within the threshold
  loose.noise_floor_ms = 0.01;  // and join/tiny's +0.02 ms is now above the floor
  const Comparison c = CompareReports(Load("conform_base.json"), Load("conform_new.json"), loose);
  ASSERT_EQ(c.regressions.size(), 1u);
  EXPECT_EQ(c.regressions[0].id, "join/tiny");
}

TEST(ComparisonTest, BenchmarkJsonFlagsErrorsAndSlowMedians) {
  const Comparison c = CompareReports(Load("bench_base.json"), Load("bench_new.json"), Thresholds{});
  EXPECT_EQ(Ids(c.new_failures), std::vector<std::string>{"cpu/JOIN/FLOAT32/1KiB/manual_time"});
  EXPECT_EQ(c.timings_compared, 2);
  ASSERT_EQ(c.regressions.size(), 1u);
  EXPECT_EQ(c.regressions[0].id, "cpu/REDUCE_SUM/FLOAT32/inner/64MiB/manual_time");
  EXPECT_DOUBLE_EQ(c.regressions[0].base_ms, 8.0);
  EXPECT_DOUBLE_EQ(c.regressions[0].new_ms, 12.0);
  EXPECT_TRUE(c.missing.empty());
}

TEST(ComparisonTest, IdenticalReportsHaveNoChanges) {
  for (const char* name : {"conform_base.json", "bench_base.json"}) {
    const LoadedReport r = Load(name);
    const Comparison c = CompareReports(r, r, Thresholds{});
    EXPECT_FALSE(c.HasRegression()) << name;
    EXPECT_TRUE(c.fixes.empty() && c.added.empty() && c.improvements.empty() && c.newly_skipped.empty()) << name;
  }
}

TEST(ComparisonTest, AddedFailingCaseIsANewFailure) {
  auto base = ParseReport(R"({"schemaVersion": 1, "cases": []})", "base.json");
  auto now = ParseReport(R"({"schemaVersion": 1, "cases": [{"id": "x", "status": "error", "message": "bad"}]})",
                         "new.json");
  ASSERT_TRUE(base.ok() && now.ok());
  const Comparison c = CompareReports(*base, *now, Thresholds{});
  ASSERT_EQ(c.new_failures.size(), 1u);
  EXPECT_EQ(c.new_failures[0].base_status, "");
  EXPECT_EQ(c.new_failures[0].new_status, "error");
  EXPECT_EQ(c.added, std::vector<std::string>{"x"});
}

// One case's status in BASE and in NEW, and what the comparison makes of it.
struct Transition {
  const char* base;
  const char* now;
  enum Verdict { kNone, kNewFailure, kFix, kNewlySkipped } verdict;
};

std::ostream& operator<<(std::ostream& out, const Transition& t) { return out << t.base << " -> " << t.now; }

class TransitionTest : public testing::TestWithParam<Transition> {};

LoadedReport OneCase(const std::string& status, const std::string& path) {
  auto report = ParseReport(R"({"schemaVersion": 1, "cases": [{"id": "c", "status": ")" + status + R"("}]})", path);
  EXPECT_TRUE(report.ok()) << report.error().ToString();
  return report.ok() ? *report : LoadedReport{};
}

TEST_P(TransitionTest, IsJudgedByTheStatusRule) {
  const Transition t = GetParam();
  const Comparison c = CompareReports(OneCase(t.base, "base.json"), OneCase(t.now, "new.json"), Thresholds{});
  EXPECT_EQ(c.new_failures.size(), t.verdict == Transition::kNewFailure ? 1u : 0u);
  EXPECT_EQ(c.fixes.size(), t.verdict == Transition::kFix ? 1u : 0u);
  EXPECT_EQ(c.newly_skipped.size(), t.verdict == Transition::kNewlySkipped ? 1u : 0u);
  EXPECT_EQ(c.HasRegression(), t.verdict == Transition::kNewFailure);
  for (const auto* list : {&c.new_failures, &c.fixes, &c.newly_skipped}) {
    for (const StatusChange& change : *list) {
      EXPECT_EQ(change.base_status, t.base);
      EXPECT_EQ(change.new_status, t.now);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, TransitionTest,
    testing::Values(
        // Not failing in BASE, failing in NEW: a new failure, whichever failing status.
        Transition{"pass", "fail", Transition::kNewFailure}, Transition{"pass", "error", Transition::kNewFailure},
        Transition{"pass", "crash", Transition::kNewFailure}, Transition{"pass", "timeout", Transition::kNewFailure},
        Transition{"pass", "unexpected-pass", Transition::kNewFailure},
        Transition{"skip", "crash", Transition::kNewFailure},
        Transition{"expected-fail", "fail", Transition::kNewFailure},
        Transition{"flake", "fail", Transition::kNewFailure},
        // Failing in both: only a worker newly lost (crash or timeout, different from BASE) is news.
        Transition{"fail", "crash", Transition::kNewFailure}, Transition{"error", "timeout", Transition::kNewFailure},
        Transition{"crash", "timeout", Transition::kNewFailure},
        Transition{"unexpected-pass", "crash", Transition::kNewFailure},
        Transition{"crash", "crash", Transition::kNone}, Transition{"timeout", "timeout", Transition::kNone},
        Transition{"crash", "fail", Transition::kNone}, Transition{"fail", "error", Transition::kNone},
        Transition{"fail", "unexpected-pass", Transition::kNone},
        // Failing in BASE, passing in NEW, by a pass, the baseline or a retry: a fix.
        Transition{"fail", "pass", Transition::kFix}, Transition{"crash", "pass", Transition::kFix},
        Transition{"timeout", "flake", Transition::kFix}, Transition{"error", "expected-fail", Transition::kFix},
        Transition{"unexpected-pass", "pass", Transition::kFix},
        // A skip is neither: lost coverage is reported after a pass, a failing case that stopped running
        // is not fixed.
        Transition{"pass", "skip", Transition::kNewlySkipped}, Transition{"crash", "skip", Transition::kNone},
        // Succeeding in both.
        Transition{"pass", "flake", Transition::kNone}, Transition{"expected-fail", "pass", Transition::kNone},
        Transition{"flake", "expected-fail", Transition::kNone}, Transition{"skip", "pass", Transition::kNone}));

TEST(ComparisonTest, AddedCaseIsANewFailureWhenItsStatusFails) {
  const std::set<std::string> failing = {"fail", "error", "crash", "timeout", "unexpected-pass"};
  auto base = ParseReport(R"({"schemaVersion": 1, "cases": []})", "base.json");
  ASSERT_TRUE(base.ok());
  for (CaseStatus s : kAllStatuses) {
    const std::string status(StatusName(s));
    const Comparison c = CompareReports(*base, OneCase(status, "new.json"), Thresholds{});
    EXPECT_EQ(c.new_failures.size(), failing.count(status)) << status;
  }
}

}  // namespace
}  // namespace dmlc::app::compare
