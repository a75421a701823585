// The reporters' output is a contract: each is compared byte for byte with a checked-in golden file,
// volatile context fields masked (sample_results.h). DMLC_UPDATE_GOLDEN=1 rewrites the files.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/report/console_report.h"
#include "app/report/json_report.h"
#include "app/report/junit_report.h"
#include "app/report/timing_lines.h"
#include "sample_results.h"

namespace dmlc::app {
namespace {

void ExpectGolden(const std::string& name, const std::string& actual) {
  const std::string path = std::string(DMLC_GOLDEN_DIR) + "/" + name;
  if (std::getenv("DMLC_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "missing golden file " << path;
  std::stringstream golden;
  golden << in.rdbuf();
  EXPECT_EQ(actual, golden.str()) << "differs from " << path;
}

TEST(JsonReport, MatchesGolden) {
  std::ostringstream out;
  WriteJsonReport(out, testing::MaskedContext(), testing::SampleResults());
  ExpectGolden("report.json", out.str());
}

TEST(JsonReport, NonFiniteNumbersAreStrings) {
  const nlohmann::ordered_json j = JsonReport(testing::MaskedContext(), testing::SampleResults());
  const auto& fail = j["cases"][1];
  EXPECT_EQ(fail["maxUlp"], "inf");
  EXPECT_EQ(fail["firstMismatches"][1]["actual"], "nan");
  EXPECT_EQ(fail["firstMismatches"][0]["coordinates"], nlohmann::ordered_json::array({0, 1}));
  EXPECT_EQ(j["cases"][3]["maxUlp"], nullptr);  // never compared
  EXPECT_EQ(j["cases"][4]["firstMismatches"][0]["expected"], -9007199254740993);
  EXPECT_EQ(j["totals"]["fail"], 2);
  EXPECT_EQ(j["schemaVersion"], 2);
}

TEST(JUnitReport, MatchesGolden) {
  std::ostringstream out;
  WriteJUnitReport(out, testing::MaskedContext(), testing::SampleResults());
  ExpectGolden("junit.xml", out.str());
}

TEST(ConsoleReport, MatchesGolden) {
  std::ostringstream out;
  WriteConsoleReport(out, testing::MaskedContext(), testing::SampleResults(),
                     ConsoleOptions{Verbosity::kNormal, RerunOptions{"cpu", "", ""}});
  ExpectGolden("console.txt", out.str());
}

TEST(ConsoleReport, VerboseListsSkipsAndQuietOnlyProblems) {
  std::ostringstream verbose;
  WriteConsoleReport(verbose, testing::MaskedContext(), testing::SampleResults(),
                     ConsoleOptions{Verbosity::kVerbose, RerunOptions{"cpu", "", ""}});
  EXPECT_NE(verbose.str().find("SKIP one_hot/f64 (testcases/one_hot.json)\n  its tensors need feature level 5_1"),
            std::string::npos);
  std::ostringstream quiet;
  WriteConsoleReport(quiet, testing::MaskedContext(), testing::SampleResults(),
                     ConsoleOptions{Verbosity::kQuiet, RerunOptions{"cpu", "", ""}});
  ExpectGolden("console_quiet.txt", quiet.str());
}

// The timing lines in DxDispatch's words: cold and hot statistics with their sample counts, the
// Initialize (prepare) time and the compared execution.
TEST(ConsoleReport, VerboseMatchesGolden) {
  std::ostringstream verbose;
  WriteConsoleReport(verbose, testing::MaskedContext(), testing::SampleResults(),
                     ConsoleOptions{Verbosity::kVerbose, RerunOptions{"cpu", "", ""}});
  ExpectGolden("console_verbose.txt", verbose.str());
}

TEST(TimingLines, BriefLineIsDxDispatchsDispatchLine) {
  const std::vector<CaseResult> results = testing::SampleResults();
  EXPECT_EQ(TimingLines(results[0], false),
            std::vector<std::string>{"Dispatch 'join/basic/f32': 3 iterations, 0.7500 ms median (CPU)"});
  EXPECT_EQ(TimingLines(results[9], false),
            std::vector<std::string>{
                "Dispatch 'reduce/sum/f16': 4 iterations, 0.3125 ms median (CPU), 0.046875 ms median (GPU)"});
}

TEST(TimingLines, NoneWithoutTimedIterations) {
  CaseResult untimed = testing::SampleResults()[0];
  untimed.timing->iterations = 0;
  untimed.timing->cold.reset();
  untimed.timing->hot.reset();
  EXPECT_TRUE(TimingLines(untimed, true).empty());
  EXPECT_TRUE(TimingLines(testing::SampleResults()[1], true).empty());  // never executed
  std::ostringstream out;
  WriteConsoleReport(out, testing::MaskedContext(), {untimed}, ConsoleOptions{Verbosity::kVerbose, RerunOptions{"cpu", "", ""}});
  EXPECT_EQ(out.str().find("Dispatch '"), std::string::npos) << out.str();
}

TEST(ConsoleReport, InterruptedRunSaysHowManyPlannedCasesFinished) {
  std::ostringstream quiet;
  WriteConsoleReport(quiet, testing::InterruptedContext(), testing::SampleResults(),
                     ConsoleOptions{Verbosity::kQuiet, RerunOptions{"cpu", "", ""}});
  ExpectGolden("console_quiet_interrupted.txt", quiet.str());
}

// Scripts and people read the table and the totals line of runs that have only the first four
// statuses; those stay exactly as they were before the others existed.
TEST(ConsoleReport, FourStatusRunKeepsItsTableAndTotalsLine) {
  std::vector<CaseResult> results = testing::SampleResults();
  results.resize(5);  // pass, fail, error, skip, fail
  for (CaseResult& r : results) r.timing.reset();  // and no timed iterations
  RunContext context = testing::MaskedContext();
  context.isolation = "";
  context.shard = "";
  std::ostringstream out;
  WriteConsoleReport(out, context, results, ConsoleOptions{Verbosity::kNormal, RerunOptions{"cpu", "", ""}});
  EXPECT_NE(out.str().find(", 2 jobs\n\noperator      data types       pass   fail  error   skip\n"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("\ntotal                             1      2      1      1\n"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("\n\n5 cases: 1 passed, 2 failed, 1 errors, 1 skipped (1.23 s)\n"), std::string::npos)
      << out.str();
}

// The golden files have one of each; two read in the plural.
TEST(ConsoleReport, TotalsLineCountsInThePlural) {
  std::vector<CaseResult> results = testing::SampleResults();
  for (CaseStatus status : {CaseStatus::kExpectedFail, CaseStatus::kUnexpectedPass, CaseStatus::kFlake}) {
    for (const CaseResult& r : testing::SampleResults()) {
      if (r.status == status) results.push_back(r);
    }
  }
  std::ostringstream out;
  WriteConsoleReport(out, testing::MaskedContext(), results,
                     ConsoleOptions{Verbosity::kQuiet, RerunOptions{"cpu", "", ""}});
  EXPECT_NE(out.str().find("13 cases: 1 passed, 2 failed, 1 errors, 1 skipped, 1 crashed, 1 timed out, 2 expected "
                           "failures, 2 unexpected passes, 2 flakes (1.23 s)\n"),
            std::string::npos)
      << out.str();
}

// A pass under another admitted behaviour than its file expects gets a line after the details and a
// count after the totals line's fixed start, which scripts read; its JSON record and totals say both.
TEST(ConsoleReport, PassesUnderAnotherAdmittedBehaviourAreCountedApart) {
  std::vector<CaseResult> results = testing::SampleResults();
  results.resize(1);
  results[0].timing.reset();
  CaseResult other = results[0];
  other.id = "gather/out_of_range";
  other.behaviour = "offset-clamp";
  other.expected_behaviour = "coordinate-clamp";
  other.message = "passed under another admitted behaviour: the outputs show offset-clamp, the expected values "
                  "coordinate-clamp";
  results.push_back(other);
  std::ostringstream out;
  WriteConsoleReport(out, testing::MaskedContext(), results,
                     ConsoleOptions{Verbosity::kNormal, RerunOptions{"cpu", "", ""}});
  EXPECT_NE(out.str().find("\n\nPASS gather/out_of_range: passed under another admitted behaviour: the outputs "
                           "show offset-clamp, the expected values coordinate-clamp\n"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("\n2 cases: 2 passed, 0 failed, 0 errors, 0 skipped, 1 passed under another admitted "
                           "behaviour (1.23 s)\n"),
            std::string::npos)
      << out.str();
  const nlohmann::ordered_json report = JsonReport(testing::MaskedContext(), results);
  EXPECT_EQ(report["totals"]["passedUnderAnotherBehaviour"], 1);
  EXPECT_EQ(report["cases"][1]["behaviour"], "offset-clamp");
  EXPECT_EQ(report["cases"][1]["expectedBehaviour"], "coordinate-clamp");
  EXPECT_FALSE(report["cases"][0].contains("expectedBehaviour"));
  // Without such a pass, the totals keep the keys they had.
  EXPECT_FALSE(JsonReport(testing::MaskedContext(), testing::SampleResults())["totals"].contains(
      "passedUnderAnotherBehaviour"));
}

TEST(ProgressLine, RewritesOneLineOnlyWhenEnabled) {
  std::ostringstream on, off;
  ProgressLine enabled(on, true), disabled(off, false);
  for (const CaseResult& r : testing::SampleResults()) {
    enabled.Update(r, 1, 5);
    disabled.Update(r, 1, 5);
  }
  enabled.Clear();
  disabled.Clear();
  EXPECT_EQ(off.str(), "");
  EXPECT_NE(on.str().find("\r\033[K[1/5] 2 fail, 1 error  gather/i64"), std::string::npos);
  // Then a crash, a timeout and an unexpected pass: failures too, the crash also named.
  EXPECT_NE(on.str().find("\r\033[K[1/5] 3 fail (1 crashed), 1 error  reduce/max/f16"), std::string::npos);
  EXPECT_NE(on.str().find("\r\033[K[1/5] 5 fail (1 crashed), 1 error  join/axis3/i8"), std::string::npos);
  EXPECT_EQ(on.str().substr(on.str().size() - 4), "\r\033[K");
}

// Issue 47, defect 6: the report is streamed a case at a time; its text is the whole document's dump,
// byte for byte, with cases and without.
TEST(JsonReport, StreamedTextIsTheWholeDocumentsDump) {
  for (const std::vector<CaseResult>& results : {testing::SampleResults(), std::vector<CaseResult>{}}) {
    std::ostringstream streamed;
    WriteJsonReport(streamed, testing::MaskedContext(), results);
    EXPECT_EQ(streamed.str(), JsonReport(testing::MaskedContext(), results)
                                      .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
                                  "\n");
  }
}

}  // namespace
}  // namespace dmlc::app
