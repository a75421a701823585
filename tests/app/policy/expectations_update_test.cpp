#include "app/policy/expectations_update.h"

#include <gtest/gtest.h>

#include "app/policy/expectations.h"

namespace dmlc::app::policy {
namespace {

using Kind = ExpectationChange::Kind;
using Outcomes = std::map<std::string, CaseStatus, std::less<>>;
constexpr CaseStatus kPass = CaseStatus::kPass;
constexpr CaseStatus kFail = CaseStatus::kFail;
constexpr CaseStatus kError = CaseStatus::kError;
constexpr CaseStatus kCrash = CaseStatus::kCrash;

// A report of the CI's shape: DirectML on lavapipe under Windows, on one D3D12 runtime.
ReportEvidence Report(std::string runtime, Outcomes outcomes, std::string backend = "directml") {
  return {backend + "." + runtime + ".json",
          {{"backend", backend}, {"vendor", "mesa"}, {"device", "llvmpipe-llvm-15.0.7-256-bits"}, {"driver", "25.0.7"},
           {"os", "windows"}, {"runtime", runtime}, {"feature-level", "highest"}},
          std::move(outcomes)};
}

ExpectationsUpdate Update(std::string_view text, const std::vector<ReportEvidence>& reports) {
  Result<ExpectationsUpdate> update = UpdateExpectations(text, "x.csv", reports);
  EXPECT_TRUE(update.ok()) << update.error().ToString();
  return update.ok() ? std::move(update).value() : ExpectationsUpdate{};
}

constexpr const char* kFile =
    "# known failures\n"
    "\n"
    "[ backend=directml ] one_hot/modulo,fail,\"DirectML 1.15.4: INT64 indices modulo 2^32, so 2^32 + 1 is 1\"\n"
    "# Wine's own\n"
    "[ backend=directml runtime=wine ] reduce/int64,error,\"Wine 8 (vkd3d 1.6): no DXIL\"\n"
    "[ backend=d3d12 runtime=proton ] fuzz-7/899,fail,vkd3d-proton: FP16 denormals flushed\n";

TEST(ExpectationsUpdate, ALineWhoseCasePassedOnEveryMatchingRunIsRemovedTheRestKeptByteForByte) {
  const ExpectationsUpdate u = Update(kFile, {Report("wine", {{"one_hot/modulo", kPass}, {"reduce/int64", kError}}),
                                              Report("proton", {{"one_hot/modulo", kPass}, {"reduce/int64", kPass}})});
  EXPECT_EQ(u.text,
            "# known failures\n"
            "\n"
            "# Wine's own\n"
            "[ backend=directml runtime=wine ] reduce/int64,error,\"Wine 8 (vkd3d 1.6): no DXIL\"\n"
            "[ backend=d3d12 runtime=proton ] fuzz-7/899,fail,vkd3d-proton: FP16 denormals flushed\n");
  ASSERT_EQ(u.changes.size(), 1u);
  EXPECT_EQ(u.changes[0].kind, Kind::kRemoved);
  EXPECT_EQ(u.changes[0].old_line, 3);
  EXPECT_EQ(u.changes[0].old_text,
            "[ backend=directml ] one_hot/modulo,fail,\"DirectML 1.15.4: INT64 indices modulo 2^32, so 2^32 + 1 is 1\"");
  // The reasons name the tags that tell the reports apart, and the reports.
  EXPECT_EQ(u.changes[0].why,
            "passed on backend=directml runtime=wine (directml.wine.json), backend=directml runtime=proton (directml.proton.json)");
  EXPECT_EQ(u.kept, 2);  // reduce/int64 failed as listed; fuzz-7/899 has no evidence (no d3d12 report)
  EXPECT_TRUE(u.notes.empty());
}

TEST(ExpectationsUpdate, ALineThatFailedOnOneMatchingRunStaysWithANote) {
  const ExpectationsUpdate u = Update(kFile, {Report("wine", {{"one_hot/modulo", kFail}}), Report("proton", {{"one_hot/modulo", kPass}})});
  EXPECT_EQ(u.text, kFile);
  EXPECT_FALSE(u.Changed());
  EXPECT_TRUE(u.Stale());
  ASSERT_EQ(u.notes.size(), 1u);
  EXPECT_EQ(u.notes[0],
            "line 3 (one_hot/modulo): failed on backend=directml runtime=wine (directml.wine.json); passed on backend=directml "
            "runtime=proton (directml.proton.json): its tags meet runs where it passes; narrow them by hand");
}

TEST(ExpectationsUpdate, WithoutEvidenceALineStays) {
  // reduce/int64 passed, but only where its line does not apply (proton); wine skipped it (absent);
  // one_hot/modulo failed as listed.
  const ExpectationsUpdate u =
      Update(kFile, {Report("wine", {{"one_hot/modulo", kFail}}), Report("proton", {{"one_hot/modulo", kFail}, {"reduce/int64", kPass}})});
  EXPECT_EQ(u.text, kFile);
  EXPECT_FALSE(u.Stale());
  EXPECT_EQ(u.kept, 3);
  EXPECT_EQ(Update(kFile, {}).text, kFile);
}

TEST(ExpectationsUpdate, ANewFailureOnTwoRuntimesGetsTheTagsCommonToBoth) {
  const ExpectationsUpdate u = Update(kFile, {Report("wine", {{"gather/new", kFail}}), Report("proton", {{"gather/new", kFail}})});
  const std::string added =
      "[ backend=directml vendor=mesa device=llvmpipe-llvm-15.0.7-256-bits os=windows feature-level=highest ] "
      "gather/new,fail";
  EXPECT_EQ(u.text, std::string(kFile) + added + "\n");
  ASSERT_EQ(u.changes.size(), 1u);
  EXPECT_EQ(u.changes[0].kind, Kind::kAdded);
  EXPECT_EQ(u.changes[0].new_line, 7);
  EXPECT_EQ(u.changes[0].new_text, added);
  EXPECT_EQ(u.changes[0].why,
            "fail on backend=directml runtime=wine (directml.wine.json), backend=directml runtime=proton (directml.proton.json); "
            "give it a cause");
}

TEST(ExpectationsUpdate, ANewFailureOnOneOfTwoRuntimesGetsThatRuntimesTags) {
  const ExpectationsUpdate u = Update(kFile, {Report("wine", {{"gather/new", kCrash}}), Report("proton", {{"gather/new", kPass}})});
  ASSERT_EQ(u.changes.size(), 1u);
  EXPECT_EQ(u.changes[0].new_text,
            "[ backend=directml vendor=mesa device=llvmpipe-llvm-15.0.7-256-bits os=windows runtime=wine "
            "feature-level=highest ] gather/new,crash");
}

// Tonight's driver build is not tomorrow's: an added line that named it would stop applying, and the
// failure would be added again every night. Two builds failing alike make one line.
TEST(ExpectationsUpdate, AddedLinesLeaveTheDriverOut) {
  ReportEvidence tonight = Report("wine", {{"gather/new", kFail}});
  ReportEvidence tomorrow = Report("wine", {{"gather/new", kFail}});
  tomorrow.name = "tomorrow.json";
  for (auto& [key, value] : tomorrow.tags) {
    if (key == "driver") value = "25.0.8";
  }
  for (const std::vector<ReportEvidence>& reports : {std::vector{tonight}, std::vector{tonight, tomorrow}}) {
    const ExpectationsUpdate u = Update("", reports);
    ASSERT_EQ(u.changes.size(), 1u);
    EXPECT_EQ(u.changes[0].new_text.find("driver"), std::string::npos) << u.changes[0].new_text;
  }
}

// A differential run's case whose reference crashed says nothing of the backend under test: the line
// listing the backend's failure stays as it is, and no error line is added.
TEST(ExpectationsUpdate, AReferenceFaultIsNoEvidence) {
  RunReport report;
  report.context.tags = {{"backend", "d3d12"}, {"runtime", "proton"}, {"reference", "directml-0"}};
  CaseResult faulted{.id = "fuzz-7/899", .status = CaseStatus::kError};
  faulted.reference_fault = "timeout";
  CaseResult passed{.id = "gather/ok", .status = CaseStatus::kPass};
  report.results = {faulted, passed};
  const ReportEvidence evidence = EvidenceOf(report, "d3d12_vs_directml.json");
  EXPECT_EQ(evidence.outcomes, (Outcomes{{"gather/ok", kPass}}));
  const ExpectationsUpdate u = Update(kFile, {evidence});
  EXPECT_EQ(u.text, kFile);
  EXPECT_TRUE(u.notes.empty());
}

TEST(ExpectationsUpdate, AGroupThatWouldMeetAPassingRunFallsBackToOneLinePerFailingRun) {
  // Failing on a and c, passing on b: what a and c share meets b too.
  const ExpectationsUpdate u = Update("", {Report("a", {{"x", kFail}}), Report("b", {{"x", kPass}}), Report("c", {{"x", kFail}})});
  ASSERT_EQ(u.changes.size(), 2u);
  EXPECT_NE(u.changes[0].new_text.find(" runtime=a "), std::string::npos) << u.changes[0].new_text;
  EXPECT_NE(u.changes[1].new_text.find(" runtime=c "), std::string::npos) << u.changes[1].new_text;
  EXPECT_EQ(u.changes[1].why, "fail on backend=directml runtime=c (directml.c.json); give it a cause");
  EXPECT_TRUE(ParseExpectations(u.text, "updated").ok());
}

TEST(ExpectationsUpdate, ANewLineGoesAfterTheLastLineWithItsTags) {
  const std::string file =
      "[ backend=cpu runtime=a ] x,fail,cause x\n"
      "# between\n"
      "[ backend=cpu runtime=a ] y,fail,cause y\n"
      "# the end\n";
  const ReportEvidence a{"a.json", {{"backend", "cpu"}, {"runtime", "a"}}, {{"x", kFail}, {"y", kFail}, {"z", kError}}};
  const ReportEvidence b{"b.json", {{"backend", "cpu"}, {"runtime", "b"}}, {{"x", kPass}, {"y", kPass}, {"z", kPass}}};
  const ExpectationsUpdate u = Update(file, {a, b});
  EXPECT_EQ(u.text,
            "[ backend=cpu runtime=a ] x,fail,cause x\n"
            "# between\n"
            "[ backend=cpu runtime=a ] y,fail,cause y\n"
            "[ backend=cpu runtime=a ] z,error\n"
            "# the end\n");
  ASSERT_EQ(u.changes.size(), 1u);
  EXPECT_EQ(u.changes[0].new_line, 4);
}

TEST(ExpectationsUpdate, AnotherFailingStatusRewritesTheStatusAndKeepsTheCause) {
  const std::string file = "# c\n[ backend=cpu ] \"x, y\",fail,\"a cause, with \"\"quotes\"\"\"\r\nz,fail,z\r\n";
  const ReportEvidence a{"a.json", {{"backend", "cpu"}, {"runtime", "a"}}, {{"x, y", kCrash}, {"z", kFail}}};
  const ReportEvidence b{"b.json", {{"backend", "cpu"}, {"runtime", "b"}}, {{"x, y", kCrash}}};
  const ExpectationsUpdate u = Update(file, {a, b});
  EXPECT_EQ(u.text, "# c\n[ backend=cpu ] \"x, y\",crash,\"a cause, with \"\"quotes\"\"\"\r\nz,fail,z\r\n");
  ASSERT_EQ(u.changes.size(), 1u);
  EXPECT_EQ(u.changes[0].kind, Kind::kStatusChanged);
  EXPECT_EQ(u.changes[0].old_line, 2);
  EXPECT_EQ(u.changes[0].new_line, 2);
  EXPECT_EQ(u.changes[0].why, "crash on backend=cpu runtime=a (a.json), backend=cpu runtime=b (b.json), not fail");
}

TEST(ExpectationsUpdate, StatusesThatDifferAmongTheRunsAreANoteNotAGuess) {
  const std::string file = "[ backend=cpu ] x,fail,cause\n";
  const ReportEvidence a{"a.json", {{"backend", "cpu"}, {"runtime", "a"}}, {{"x", kCrash}}};
  const ReportEvidence b{"b.json", {{"backend", "cpu"}, {"runtime", "b"}}, {{"x", kFail}}};
  const ExpectationsUpdate u = Update(file, {a, b});
  EXPECT_EQ(u.text, file);
  ASSERT_EQ(u.notes.size(), 1u);
  EXPECT_EQ(u.notes[0], "line 1 (x): fail on backend=cpu runtime=b (b.json); crash on backend=cpu runtime=a (a.json): one line holds one "
            "status; split it by tags by hand");
}

TEST(ExpectationsUpdate, AnAdditionThatWouldOverlapALineIsANote) {
  // The line applies to runtime=a only through a device part; a run without a device tag fails the
  // case: its own tags (backend=cpu) could meet a run the line meets.
  const std::string file = "[ device~=llvm ] x,fail,cause\n";
  const ReportEvidence a{"a.json", {{"backend", "cpu"}}, {{"x", kFail}}};
  const ExpectationsUpdate u = Update(file, {a});
  EXPECT_EQ(u.text, file);
  ASSERT_EQ(u.notes.size(), 1u);
  EXPECT_EQ(u.notes[0], "x: fail on backend=cpu (a.json) cannot be added: it could match the runs [ device~=llvm ] matches");
}

TEST(ExpectationsUpdate, ALastLineWithoutAnEndingGetsOneWhenALineFollowsIt) {
  const ReportEvidence a{"a.json", {{"backend", "cpu"}}, {{"x", kFail}, {"y", kFail}}};
  EXPECT_EQ(Update("x,fail,cause", {a}).text, "x,fail,cause\n[ backend=cpu ] y,fail\n");
}

TEST(ExpectationsUpdate, AReportIsNoFileToUpdateAndABadFileIsTheParsersError) {
  Result<ExpectationsUpdate> report = UpdateExpectations("{\"cases\": []}", "r.json", {});
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().where.file, "r.json");
  EXPECT_NE(report.error().message.find("a report is no expectations file"), std::string::npos);
  Result<ExpectationsUpdate> bad = UpdateExpectations("# c\nx,pass\n", "bad.csv", {});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().ToString().find("bad.csv:2:1: baseline: 'pass' is not a status a baseline lists"), std::string::npos)
      << bad.error().ToString();
}

TEST(ExpectationsUpdate, EvidenceIsWhatRunningGaveBeforeTheBaselineJudgedIt) {
  RunReport report;
  report.context.backend = "cpu";
  report.context.tags = {{"backend", "cpu"}, {"runtime", "ci-a"}};
  auto result = [](std::string id, CaseStatus status, std::string expected = "") {
    CaseResult r;
    r.id = std::move(id);
    r.status = status;
    r.expected_status = std::move(expected);
    return r;
  };
  report.results = {result("p", kPass), result("u", CaseStatus::kUnexpectedPass, "fail"), result("e", CaseStatus::kExpectedFail, "crash"),
                    result("f", kFail), result("s", CaseStatus::kSkip), result("k", CaseStatus::kFlake)};
  const ReportEvidence e = EvidenceOf(report, "r.json");
  EXPECT_EQ(e.tags, (RunTags{{"backend", "cpu"}, {"runtime", "ci-a"}}));
  EXPECT_FALSE(e.derived_tags);
  EXPECT_EQ(e.outcomes, (Outcomes{{"p", kPass}, {"u", kPass}, {"e", kCrash}, {"f", kFail}}));
  // A report without tags (written before they existed) gets those its context gives.
  report.context.tags.clear();
  EXPECT_TRUE(EvidenceOf(report, "r.json").derived_tags);
  const RunTags derived = EvidenceOf(report, "r.json").tags;
  ASSERT_NE(FindTag(derived, "runtime"), nullptr);
  EXPECT_EQ(*FindTag(derived, "runtime"), "native");
  EXPECT_EQ(*FindTag(derived, "backend"), "cpu");
}

}  // namespace
}  // namespace dmlc::app::policy
