#include "app/history/history_format.h"

#include <sstream>

#include <gtest/gtest.h>

#include "history_fixtures.h"

namespace dmlc::app::history {
namespace {

History Planted() {
  return BuildHistory({MadeRun("1.json", "r1", "2026-12-01T00:00:00Z", {{"join/a", kPass}, {"reduce/b", kPass}}),
                       MadeRun("2a.json", "r2", "2026-12-02T00:00:00Z", {{"join/a", kFail}, {"reduce/b", kFail}}),
                       MadeRun("2b.json", "r2", "2026-12-02T01:00:00Z", {{"join/a", kPass}, {"reduce/b", kFail}})});
}

TEST(HistoryJson, NamesTheRunsTheFlakeAndTheRegression) {
  const nlohmann::ordered_json j = HistoryJson(Planted());
  EXPECT_EQ(j["schemaVersion"], 1);
  ASSERT_EQ(j["runs"].size(), 3u);
  EXPECT_EQ(j["runs"][1]["file"], "2a.json");
  EXPECT_EQ(j["runs"][1]["revision"], "r2");
  EXPECT_EQ(j["runs"][1]["date"], "2026-12-02T00:00:00Z");
  EXPECT_EQ(j["runs"][1]["tags"]["device"], "llvmpipe");
  EXPECT_FALSE(j["runs"][1]["tags"].contains("driver"));
  EXPECT_EQ(j["runs"][1]["totals"]["cases"], 2);
  EXPECT_EQ(j["runs"][1]["totals"]["fail"], 2);
  EXPECT_EQ(j["cases"]["join/a"].dump(),
            R"([{"run":0,"status":"pass"},{"run":1,"status":"fail"},{"run":2,"status":"pass"}])");
  ASSERT_EQ(j["flakes"].size(), 1u);
  EXPECT_EQ(j["flakes"][0]["id"], "join/a");
  EXPECT_EQ(j["flakes"][0]["revision"], "r2");
  ASSERT_EQ(j["regressions"].size(), 1u);
  EXPECT_EQ(j["regressions"][0].dump(),
            R"({"id":"reduce/b","configuration":"backend=vulkan vendor=mesa device=llvmpipe os=linux runtime=native )"
            R"(feature-level=highest","lastGoodRevision":"r1","lastGoodRun":0,"firstBadRevision":"r2","firstBadRun":1,)"
            R"("latestStatus":"fail"})");
  EXPECT_EQ(j["failing"].size(), 0u);
}

TEST(WriteHistorySummary, OneLinePerFindingAndTheCounts) {
  std::ostringstream out;
  WriteHistorySummary(out, Planted());
  const std::string text = out.str();
  EXPECT_NE(text.find("3 runs, 1 configurations, 2 cases\n"), std::string::npos) << text;
  EXPECT_NE(text.find("flake: join/a on revision r2 [backend=vulkan vendor=mesa device=llvmpipe os=linux runtime=native "
                      "feature-level=highest]: fail in run 2 pass in run 3\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("regression: reduce/b [backend=vulkan vendor=mesa device=llvmpipe os=linux runtime=native "
                      "feature-level=highest]: last good r1 (run 1 (1.json)), first bad r2 (run 2 (2a.json)), now fail\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("1 flakes, 1 regressions, 0 always failing\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace dmlc::app::history
