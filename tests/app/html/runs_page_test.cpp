#include "app/html/runs_page.h"

#include <gtest/gtest.h>

#include "history_fixtures.h"

namespace dmlc::app::html {
namespace {

using history::kFail;
using history::kPass;
using history::MadeRun;

TEST(RunPageLink, BesideTheMatrixPercentEncoded) {
  EXPECT_EQ(RunPagesFolder("out/runs.html"), "runs.runs");
  EXPECT_EQ(RunPageLink("out/runs.html", 0), "runs.runs/run-1.html");
  EXPECT_EQ(RunPageLink("my runs#1.html", 2), "my%20runs%231.runs/run-3.html");
}

TEST(RunsPageData, CellsCountPassedOverRanPerOperatorAndRun) {
  const std::vector<history::RunInput> inputs = {
      MadeRun("b.json", "r2", "2026-12-02T00:00:00Z", {{"JOIN/a", kFail}, {"JOIN/b", kPass}, {"REDUCE/a", CaseStatus::kSkip}}),
      MadeRun("a.json", "r1", "2026-12-01T00:00:00Z", {{"JOIN/a", kPass}, {"JOIN/b", kPass}}),
      MadeRun("gpu.json", "r1", "2026-12-01T00:00:00Z", {{"JOIN/a", kPass}}, "rtx-4090")};
  const history::History h = history::BuildHistory(inputs);
  const nlohmann::ordered_json d = RunsPageData(h, inputs, "runs.html");
  ASSERT_EQ(d["configurations"].size(), 2u);
  EXPECT_EQ(d["configurations"][0]["runs"].dump(), "[0,2]") << "a.json then b.json, the llvmpipe runs";
  EXPECT_EQ(d["configurations"][1]["runs"].dump(), "[1]");
  EXPECT_EQ(d["runs"][2]["file"], "b.json");
  EXPECT_EQ(d["runs"][2]["page"], "runs.runs/run-3.html");
  EXPECT_EQ(d["runs"][2]["passed"], 1);
  EXPECT_EQ(d["runs"][2]["ran"], 2);
  EXPECT_EQ(d["runs"][2]["cases"], 3);
  ASSERT_EQ(d["operators"].size(), 2u);
  EXPECT_EQ(d["operators"][0]["name"], "JOIN");
  EXPECT_EQ(d["operators"][0]["cells"].dump(), R"([{"passed":2,"ran":2},{"passed":1,"ran":1},{"passed":1,"ran":2}])");
  EXPECT_EQ(d["operators"][1]["name"], "REDUCE");
  EXPECT_EQ(d["operators"][1]["cells"].dump(), R"([null,null,{"passed":0,"ran":0}])") << "all skipped: nothing ran";
  ASSERT_EQ(d["regressions"].size(), 1u);
  EXPECT_EQ(d["regressions"][0].dump(),
            R"({"id":"JOIN/a","configuration":0,"lastGoodRevision":"r1","lastGoodRun":0,"firstBadRevision":"r2",)"
            R"("firstBadRun":2,"latestStatus":"fail"})");
  EXPECT_EQ(d["flakes"].size(), 0u);
}

}  // namespace
}  // namespace dmlc::app::html
