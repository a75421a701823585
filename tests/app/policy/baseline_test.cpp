#include "app/policy/baseline.h"

#include <sstream>

#include <gtest/gtest.h>

#include "app/report/json_report.h"
#include "tests/app/case/temp_dir.h"
#include "tests/app/policy/transition_row.h"

namespace dmlc::app::policy {
namespace {

using Map = std::map<std::string, CaseStatus, std::less<>>;

CaseResult Case(const std::string& id, CaseStatus status, const std::string& expected_status = "") {
  CaseResult r;
  r.id = id;
  r.status = status;
  r.expected_status = expected_status;
  return r;
}

TEST(Baseline, FromCsvWithQuotesCommentsAndDeqpRunnerStatuses) {
  const char* csv =
      "# deqp-runner's form\n"
      "reduce/sum_f16,Fail\n"
      "\"join/a,b\",crash\n"
      "  \"say \"\"hi\"\"/x\",Timeout  \r\n"
      "\n"
      "gather/x,error\n"
      "one_hot/y,fail\n";
  Result<Baseline> baseline = ParseBaseline(csv, "baseline.csv");
  ASSERT_TRUE(baseline.ok()) << baseline.error().ToString();
  EXPECT_EQ(baseline->expected, (Map{{"reduce/sum_f16", CaseStatus::kFail},
                                     {"join/a,b", CaseStatus::kCrash},
                                     {"say \"hi\"/x", CaseStatus::kTimeout},
                                     {"gather/x", CaseStatus::kError},
                                     {"one_hot/y", CaseStatus::kFail}}));
  EXPECT_EQ(baseline->Expected("join/a,b"), CaseStatus::kCrash);
  EXPECT_EQ(baseline->Expected("join/a"), std::nullopt);
}

TEST(Baseline, ACauseRidesOnTheExpectedFailsMessage) {
  Result<Baseline> baseline = ParseBaseline(
      "reduce/max_nan,fail,\"DirectML 1.15.4: MIN/MAX skip NaN, as minNum/maxNum\"\nreduce/plain,fail\n", "b.csv");
  ASSERT_TRUE(baseline.ok()) << baseline.error().ToString();
  EXPECT_EQ(baseline->causes.size(), 1u);
  CaseResult with_cause = Case("reduce/max_nan", CaseStatus::kFail);
  with_cause.message = "1 of 4 elements differ";
  ApplyBaseline(*baseline, with_cause);
  EXPECT_EQ(with_cause.status, CaseStatus::kExpectedFail);
  EXPECT_EQ(with_cause.message,
            "expected by the baseline (DirectML 1.15.4: MIN/MAX skip NaN, as minNum/maxNum): 1 of 4 elements differ");
  CaseResult without = Case("reduce/plain", CaseStatus::kFail);
  without.message = "x";
  ApplyBaseline(*baseline, without);
  EXPECT_EQ(without.message, "expected by the baseline: x");
  CaseResult fixed = Case("reduce/max_nan", CaseStatus::kPass);
  ApplyBaseline(*baseline, fixed);
  EXPECT_EQ(fixed.status, CaseStatus::kUnexpectedPass);
  EXPECT_EQ(fixed.message, "passed, but the baseline expects fail (DirectML 1.15.4: MIN/MAX skip NaN, as minNum/maxNum): "
                           "remove it from the baseline");
}

struct CsvErrorRow {
  const char* name;
  const char* csv;
  const char* error;
};

class BaselineCsvError : public ::testing::TestWithParam<CsvErrorRow> {};

TEST_P(BaselineCsvError, NamesFileLineAndWhatIsWrong) {
  Result<Baseline> baseline = ParseBaseline(GetParam().csv, "b.csv");
  ASSERT_FALSE(baseline.ok());
  EXPECT_EQ(baseline.error().ToString(), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Table, BaselineCsvError,
    ::testing::Values(
        CsvErrorRow{"Pass", "# c\na,pass\n",
                    "b.csv:2:1: baseline: 'pass' is not a status a baseline lists: fail, error, crash, timeout (or Fail, "
                    "Crash, Timeout)"},
        CsvErrorRow{"CapitalisedError", "a,Error\n",
                    "b.csv:1:1: baseline: 'Error' is not a status a baseline lists: fail, error, crash, timeout (or "
                    "Fail, Crash, Timeout)"},
        CsvErrorRow{"ExpectedFail", "a,expected-fail\n",
                    "b.csv:1:1: baseline: 'expected-fail' is not a status a baseline lists: fail, error, crash, "
                    "timeout (or Fail, Crash, Timeout)"},
        CsvErrorRow{"OneField", "a\n", "b.csv:1:1: baseline: expected id,status or id,status,cause but found 1 fields"},
        CsvErrorRow{"FourFields", "  a,fail,x,y\n",
                    "b.csv:1:3: baseline: expected id,status or id,status,cause but found 4 fields"},
        CsvErrorRow{"EmptyCause", "a,fail,\n", "b.csv:1:1: baseline: the cause is empty (leave the field out instead)"},
        CsvErrorRow{"EmptyId", ",fail\n", "b.csv:1:1: baseline: the id is empty"},
        CsvErrorRow{"Unterminated", "\"a,fail\n", "b.csv:1:1: baseline: a quoted field has no closing '\"'"},
        CsvErrorRow{"TextAfterQuote", "\"a\"x,fail\n",
                    "b.csv:1:1: baseline: 'x' follows a closing '\"'; a quoted field ends at it"},
        CsvErrorRow{"RepeatedId", "a,fail\n\n  a,crash\n",
                    "b.csv:3:3: baseline: 'a' is listed again (first at line 1)"}),
    [](const auto& info) { return std::string(info.param.name); });

std::string ReportText(const std::vector<CaseResult>& results) {
  std::ostringstream out;
  WriteJsonReport(out, CollectRunContext(), results);
  return out.str();
}

// A result of each status, with ids that CSV must quote, and the baseline they stand for.
std::vector<CaseResult> EveryOutcome() {
  return {Case("z/fail", CaseStatus::kFail),
          Case("a/pass", CaseStatus::kPass),
          Case("join/a,b", CaseStatus::kError),
          Case("a/skip", CaseStatus::kSkip),
          Case("say \"hi\"", CaseStatus::kCrash),
          Case("#hash", CaseStatus::kTimeout),
          Case("a/expected", CaseStatus::kExpectedFail, "timeout"),
          Case("a/unexpected", CaseStatus::kUnexpectedPass, "fail"),
          Case("a/flake", CaseStatus::kFlake)};
}
const Map kEveryOutcomeBaseline = {{"z/fail", CaseStatus::kFail},
                                   {"join/a,b", CaseStatus::kError},
                                   {"say \"hi\"", CaseStatus::kCrash},
                                   {"#hash", CaseStatus::kTimeout},
                                   {"a/expected", CaseStatus::kTimeout}};

TEST(Baseline, FromAJsonReportKeepsEachFailingRawOutcome) {
  // Leading whitespace: JSON is told by its first non-space character.
  Result<Baseline> baseline = ParseBaseline("\n  " + ReportText(EveryOutcome()), "run.json");
  ASSERT_TRUE(baseline.ok()) << baseline.error().ToString();
  EXPECT_EQ(baseline->expected, kEveryOutcomeBaseline);
}

TEST(Baseline, FromAJsonReportRefusesAnExpectedFailWithoutAFailingStatus) {
  Result<Baseline> baseline = ParseBaseline(ReportText({Case("a/x", CaseStatus::kExpectedFail, "pass")}), "run.json");
  ASSERT_FALSE(baseline.ok());
  EXPECT_EQ(baseline.error().ToString(),
            "run.json: baseline: case 'a/x' is expected-fail but its expectedStatus 'pass' is not fail, error, crash or "
            "timeout");
}

TEST(Baseline, BrokenJsonIsTheReportReadersError) {
  Result<Baseline> baseline = ParseBaseline("{ \"schemaVersion\": ", "run.json");
  ASSERT_FALSE(baseline.ok());
  EXPECT_EQ(baseline.error().ToString(), "run.json: report: not valid JSON");
}

TEST(Baseline, LoadNamesAMissingFile) {
  Result<Baseline> baseline = LoadBaseline("no/such/baseline.csv");
  ASSERT_FALSE(baseline.ok());
  EXPECT_EQ(baseline.error().ToString(), "no/such/baseline.csv: baseline: cannot be read");
}

class ApplyBaselineTest : public ::testing::TestWithParam<TransitionRow> {};

TEST_P(ApplyBaselineTest, Transition) {
  Baseline baseline;
  baseline.expected = {{"a/fails", CaseStatus::kFail}, {"a/crashes", CaseStatus::kCrash}};
  CaseResult r = Before(GetParam());
  ApplyBaseline(baseline, r);
  ExpectAfter(GetParam(), r);
}

INSTANTIATE_TEST_SUITE_P(
    Table, ApplyBaselineTest,
    ::testing::Values(
        TransitionRow{"ListedFail", "a/fails", CaseStatus::kFail, "1 of 4 elements differ", CaseStatus::kExpectedFail,
                 "expected by the baseline: 1 of 4 elements differ", "fail"},
        TransitionRow{"ListedCrash", "a/crashes", CaseStatus::kCrash, "SIGSEGV", CaseStatus::kExpectedFail,
                 "expected by the baseline: SIGSEGV", "crash"},
        TransitionRow{"OtherFailure", "a/fails", CaseStatus::kError, "backend error", CaseStatus::kError,
                 "backend error (the baseline expects fail)", "fail"},
        TransitionRow{"OtherFailureTimeout", "a/crashes", CaseStatus::kTimeout, "ran past 10 s", CaseStatus::kTimeout,
                 "ran past 10 s (the baseline expects crash)", "crash"},
        TransitionRow{"Pass", "a/fails", CaseStatus::kPass, "", CaseStatus::kUnexpectedPass,
                 "passed, but the baseline expects fail: remove it from the baseline", "fail"},
        TransitionRow{"Skip", "a/fails", CaseStatus::kSkip, "no FLOAT16", CaseStatus::kSkip, "no FLOAT16", "fail"},
        TransitionRow{"UnlistedFail", "a/other", CaseStatus::kFail, "differs", CaseStatus::kFail, "differs"},
        TransitionRow{"UnlistedPass", "a/other", CaseStatus::kPass, "", CaseStatus::kPass, ""}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(BaselineCsv, WritesRawFailuresInOrderAndReadsBackEqual) {
  const std::string csv = BaselineCsv(EveryOutcome());
  EXPECT_EQ(csv,
            "# dml-conform baseline: id,status[,cause]\n"
            "z/fail,fail\n"
            "\"join/a,b\",error\n"
            "\"say \"\"hi\"\"\",crash\n"
            "\"#hash\",timeout\n"
            "a/expected,timeout\n");
  testing::TempDir dir;
  Result<Baseline> read = LoadBaseline(dir.Write("baseline.csv", csv));
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(read->expected, kEveryOutcomeBaseline);
}

TEST(BaselineCsv, KeepsTheCausesOfTheRunsBaseline) {
  Result<Baseline> kept = ParseBaseline("z/fail,fail,\"DirectML 1.15.4, lavapipe\"\na/gone,crash,fixed since\n", "old.csv");
  ASSERT_TRUE(kept.ok()) << kept.error().ToString();
  const std::string csv = BaselineCsv(EveryOutcome(), &*kept);
  EXPECT_EQ(csv,
            "# dml-conform baseline: id,status[,cause]\n"
            "z/fail,fail,\"DirectML 1.15.4, lavapipe\"\n"
            "\"join/a,b\",error\n"
            "\"say \"\"hi\"\"\",crash\n"
            "\"#hash\",timeout\n"
            "a/expected,timeout\n");
  Result<Baseline> read = ParseBaseline(csv, "new.csv");
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(read->expected, kEveryOutcomeBaseline);
  EXPECT_EQ(read->causes, (std::map<std::string, std::string, std::less<>>{{"z/fail", "DirectML 1.15.4, lavapipe"}}));
}

TEST(BaselineCsv, NoFailuresIsTheCommentAlone) {
  EXPECT_EQ(BaselineCsv({Case("a/pass", CaseStatus::kPass)}), "# dml-conform baseline: id,status[,cause]\n");
  Result<Baseline> read = ParseBaseline(BaselineCsv({}), "empty.csv");
  ASSERT_TRUE(read.ok());
  EXPECT_TRUE(read->expected.empty());
}

}  // namespace
}  // namespace dmlc::app::policy
