#include "app/html/page_data.h"

#include <gtest/gtest.h>

#include "app/report/format.h"
#include "sample_results.h"

namespace dmlc::app::html {
namespace {

using Json = nlohmann::ordered_json;

const Json& CaseOf(const Json& data, const std::string& id) {
  for (const Json& c : data["cases"]) {
    if (c["id"] == id) return c;
  }
  ADD_FAILURE() << "no case " << id;
  static const Json none;
  return none;
}

TEST(PageData, PassingCasesCarryOnlyWhatTheListShows) {
  const RunContext context = testing::MaskedContext();
  const std::vector<CaseResult> results = testing::SampleResults();
  const Json data = PageData({&context, &results, "run.json"});
  EXPECT_EQ(data["report"], "run.json");
  EXPECT_EQ(data["cases"].size(), results.size());
  EXPECT_EQ(data["totals"]["cases"], results.size());
  for (const CaseResult& r : results) {
    const Json& c = CaseOf(data, r.id);
    EXPECT_EQ(c["status"], std::string(StatusName(r.status)));
    if (r.status == CaseStatus::kPass) {
      EXPECT_EQ(c.size(), 5u) << c.dump();
    } else {
      EXPECT_TRUE(c.contains("message")) << r.id;
      EXPECT_FALSE(c.contains("timing")) << r.id;
    }
  }
}

// A pass under another admitted behaviour than its file expects says which two, and is counted apart.
TEST(PageData, APassUnderAnotherBehaviourSaysWhichAndIsCountedApart) {
  const RunContext context = testing::MaskedContext();
  std::vector<CaseResult> results = testing::SampleResults();
  results[0].behaviour = "offset-clamp";
  results[0].expected_behaviour = "coordinate-clamp";
  const Json data = PageData({&context, &results, "run.json"});
  EXPECT_EQ(data["totals"]["passedUnderAnotherBehaviour"], 1);
  const Json& c = CaseOf(data, results[0].id);
  EXPECT_EQ(c["behaviour"], "offset-clamp");
  EXPECT_EQ(c["expectedBehaviour"], "coordinate-clamp");
  EXPECT_TRUE(c.contains("message"));
}

TEST(PageData, FailingCasesCarryTheirMapsAndTheCommandThatRerunsThem) {
  const RunContext context = testing::MaskedContext();
  const std::vector<CaseResult> results = testing::SampleResults();
  const Json data = PageData({&context, &results, "run.json"});
  const CaseResult* failing = nullptr;
  for (const CaseResult& r : results) {
    if (!r.comparison.maps.empty()) failing = &r;
  }
  ASSERT_NE(failing, nullptr);
  const Json& c = CaseOf(data, failing->id);
  EXPECT_EQ(c["errorMaps"][0]["failedLevels"], "AP8A/wD/");
  EXPECT_EQ(c["worstMismatches"][0]["actualBits"], "0x7fc00000");
  // The run's backend; "highest" is no --feature-level cap.
  EXPECT_EQ(c["rerun"], RerunCommand(*failing, RerunOptions{"cpu", "", ""}));
}

// A differential run's case reruns judged by the same reference (--reference), or it would be judged by
// the file's values and might pass.
TEST(PageData, ADifferentialRunsCasesRerunAgainstItsReference) {
  RunContext context = testing::MaskedContext();
  context.reference = "vulkan:0";
  context.reference_device = "llvmpipe (LLVM 15.0.7, 256 bits)";
  const std::vector<CaseResult> results = testing::SampleResults();
  const Json data = PageData({&context, &results, "run.json"});
  int reruns = 0;
  for (const CaseResult& r : results) {
    if (r.file.empty() || !CaseOf(data, r.id).contains("rerun")) continue;
    EXPECT_TRUE(CaseOf(data, r.id)["rerun"].get<std::string>().ends_with(" --reference vulkan:0")) << r.id;
    ++reruns;
  }
  EXPECT_GT(reruns, 0);
  EXPECT_EQ(ReplayCommand(CaseResult{.id = "fuzz-31/1234"}, context),
            "dml-conform fuzz --replay 31:1234 --backend cpu --reference vulkan:0");
}

TEST(PageData, FuzzCasesCarryTheirReplay) {
  RunContext context = testing::MaskedContext();
  context.backend = "vulkan";
  CaseResult r{.id = "fuzz-31/1234", .status = CaseStatus::kFail};
  EXPECT_EQ(ReplayCommand(r, context), "dml-conform fuzz --replay 31:1234 --backend vulkan");
  r.id = "fuzz-31/1234/x";
  EXPECT_EQ(ReplayCommand(r, context), "");
  for (const char* not_fuzz : {"fuzz-/1", "fuzz-1/", "fuzz-1", "fuzz-1/2x", "xfuzz-1/2", "fuzz-a/1"}) {
    r.id = not_fuzz;
    EXPECT_EQ(ReplayCommand(r, context), "") << not_fuzz;
  }
}

// Issue 47, defect 1: std::regex's recursion crashed `html` on a fuzz id this long.
TEST(PageData, AFuzzIdOfFiftyThousandDigitsIsReadWithoutRecursion) {
  RunContext context = testing::MaskedContext();
  context.backend = "cpu";
  const std::string digits(50000, '7');
  CaseResult r{.id = "fuzz-" + digits + "/" + digits, .status = CaseStatus::kFail};
  EXPECT_EQ(ReplayCommand(r, context), "dml-conform fuzz --replay " + digits + ":" + digits + " --backend cpu");
}

TEST(PageData, ACompareMarksEachCaseWithItsStrongestChange) {
  const RunContext context = testing::MaskedContext();
  std::vector<CaseResult> results;
  for (const char* id : {"a", "b", "c", "d", "e"}) results.push_back(CaseResult{.id = id, .status = CaseStatus::kPass});
  compare::Comparison comparison;
  comparison.new_failures = {{"a", "pass", "fail", "broke"}};
  comparison.added = {"a", "b"};
  comparison.fixes = {{"c", "fail", "pass", ""}};
  comparison.regressions = {{"d", 1.0, 2.0}};
  comparison.missing = {"gone"};
  const Json data = PageData({&context, &results, "new.json", &comparison, "base.json"});
  EXPECT_EQ(CaseOf(data, "a")["mark"], "new");
  EXPECT_EQ(CaseOf(data, "b")["mark"], "added");
  EXPECT_EQ(CaseOf(data, "c")["mark"], "fixed");
  EXPECT_EQ(CaseOf(data, "d")["mark"], "slower");
  EXPECT_FALSE(CaseOf(data, "e").contains("mark"));
  EXPECT_EQ(data["comparison"]["base"], "base.json");
  EXPECT_EQ(data["comparison"]["missing"], Json::array({"gone"}));
  EXPECT_EQ(data["comparison"]["newFailures"][0]["message"], "broke");
  EXPECT_TRUE(data["comparison"]["hasRegression"]);
}

}  // namespace
}  // namespace dmlc::app::html
