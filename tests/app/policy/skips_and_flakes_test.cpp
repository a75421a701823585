#include "app/policy/skips_and_flakes.h"

#include <gtest/gtest.h>

#include "tests/app/policy/transition_row.h"

namespace dmlc::app::policy {
namespace {

CasePatterns Patterns(const char* text, const char* source) {
  Result<CasePatterns> patterns = CasePatterns::Parse(text, source);
  EXPECT_TRUE(patterns.ok());
  return patterns.ok() ? *patterns : CasePatterns();
}

TEST(SkipMessage, NamesThePattern) {
  const CasePatterns skips = Patterns("# slow\nreduce/*\n", "skips.txt");
  EXPECT_EQ(SkipMessage(skips, "reduce/sum"), "skipped by skips.txt:2 (reduce/*)");
  EXPECT_EQ(SkipMessage(skips, "join/a"), std::nullopt);
}

class KnownFlakes : public ::testing::TestWithParam<TransitionRow> {};

TEST_P(KnownFlakes, TurnsListedFailuresIntoFlakes) {
  CaseResult r = Before(GetParam());
  ApplyKnownFlakes(Patterns("re:join/.*\n", "flakes.txt"), r);
  ExpectAfter(GetParam(), r);
}

INSTANTIATE_TEST_SUITE_P(
    Table, KnownFlakes,
    ::testing::Values(
        TransitionRow{"Fail", "join/a", CaseStatus::kFail, "1 of 4 elements differ", CaseStatus::kFlake,
                 "known flake (flakes.txt:1 (re:join/.*)): fail: 1 of 4 elements differ"},
        TransitionRow{"Error", "join/a", CaseStatus::kError, "device lost", CaseStatus::kFlake,
                 "known flake (flakes.txt:1 (re:join/.*)): error: device lost"},
        TransitionRow{"CrashWithoutMessage", "join/a", CaseStatus::kCrash, "", CaseStatus::kFlake,
                 "known flake (flakes.txt:1 (re:join/.*)): crash"},
        TransitionRow{"Timeout", "join/a", CaseStatus::kTimeout, "ran past 10 s", CaseStatus::kFlake,
                 "known flake (flakes.txt:1 (re:join/.*)): timeout: ran past 10 s"},
        TransitionRow{"PassStays", "join/a", CaseStatus::kPass, "", CaseStatus::kPass, ""},
        TransitionRow{"SkipStays", "join/a", CaseStatus::kSkip, "no FLOAT16", CaseStatus::kSkip, "no FLOAT16"},
        TransitionRow{"ExpectedFailStays", "join/a", CaseStatus::kExpectedFail, "expected by the baseline: x",
                 CaseStatus::kExpectedFail, "expected by the baseline: x"},
        TransitionRow{"UnlistedStays", "reduce/a", CaseStatus::kFail, "differs", CaseStatus::kFail, "differs"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace dmlc::app::policy
