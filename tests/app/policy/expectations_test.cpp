#include "app/policy/expectations.h"

#include <gtest/gtest.h>

#include "app/policy/csv.h"

namespace dmlc::app::policy {
namespace {

using Map = std::map<std::string, CaseStatus, std::less<>>;

// The CI file's shape: DirectML's own failures everywhere DirectML runs, one runtime's on that runtime,
// the d3d12 backend's on another, and a line that names a driver range.
constexpr const char* kFile =
    "# tagged expectations\n"
    "[ backend=directml ] one_hot/modulo,fail,\"DirectML 1.15.4: INT64 indices modulo 2^32\"\n"
    "[ backend=directml runtime=wine-vkd3d-1.6 ] reduce/sum_square_int64,error,\"Wine 8 (vkd3d 1.6): no DXIL\"\n"
    "[ backend=d3d12 runtime=vkd3d-proton ]  fuzz-7/899,fail,vkd3d-proton 2.14.1: FP16 denormals flushed\n"
    "[ vendor=nvidia driver>=31.0.15 driver<32 ] join/x,crash,driver 31\n"
    "[ vendor=nvidia driver>=32 ] join/x,fail,driver 32\n"
    "[ device~=llvmpipe ] gather/y,timeout\n"
    "plain/everywhere,fail\n";

RunTags Tags(std::initializer_list<std::pair<std::string, std::string>> tags) { return RunTags(tags); }

TEST(Expectations, ParsesTagGroupsAndTheCsvAfterThem) {
  Result<Expectations> e = ParseExpectations(kFile, "x.csv");
  ASSERT_TRUE(e.ok()) << e.error().ToString();
  ASSERT_EQ(e->lines.size(), 7u);
  EXPECT_EQ(e->lines[1].line, 3);
  EXPECT_EQ(e->lines[1].tags.ToString(), "[ backend=directml runtime=wine-vkd3d-1.6 ]");
  EXPECT_EQ(e->lines[1].id, "reduce/sum_square_int64");
  EXPECT_EQ(e->lines[1].status, CaseStatus::kError);
  EXPECT_EQ(e->lines[1].cause, "Wine 8 (vkd3d 1.6): no DXIL");
  EXPECT_EQ(e->lines[3].tags.ToString(), "[ vendor=nvidia driver>=31.0.15 driver<32 ]");
  EXPECT_TRUE(e->lines[6].tags.constraints.empty());
  EXPECT_TRUE(e->Tagged());
}

TEST(Expectations, EachRunGetsTheLinesItsTagsMeet) {
  Result<Expectations> e = ParseExpectations(kFile, "x.csv");
  ASSERT_TRUE(e.ok()) << e.error().ToString();
  const Baseline wine = e->For(Tags({{"backend", "directml"}, {"vendor", "mesa"}, {"device", "llvmpipe-llvm-15.0.6-256-bits"},
                                     {"os", "windows"}, {"runtime", "wine-vkd3d-1.6"}}));
  EXPECT_EQ(wine.expected, (Map{{"one_hot/modulo", CaseStatus::kFail},
                                {"reduce/sum_square_int64", CaseStatus::kError},
                                {"gather/y", CaseStatus::kTimeout},
                                {"plain/everywhere", CaseStatus::kFail}}));
  EXPECT_EQ(wine.causes.at("reduce/sum_square_int64"), "Wine 8 (vkd3d 1.6): no DXIL");
  const Baseline proton = e->For(Tags({{"backend", "d3d12"}, {"runtime", "vkd3d-proton"}}));
  EXPECT_EQ(proton.expected, (Map{{"fuzz-7/899", CaseStatus::kFail}, {"plain/everywhere", CaseStatus::kFail}}));
  // Driver ranges: 31.0.15.3623 is in [31.0.15, 32); 32.0.1 in [32, ...); 31.0.14 in neither.
  EXPECT_EQ(e->For(Tags({{"vendor", "nvidia"}, {"driver", "31.0.15.3623"}})).Expected("join/x"), CaseStatus::kCrash);
  EXPECT_EQ(e->For(Tags({{"vendor", "nvidia"}, {"driver", "32.0.1"}})).Expected("join/x"), CaseStatus::kFail);
  EXPECT_EQ(e->For(Tags({{"vendor", "nvidia"}, {"driver", "31.0.14"}})).Expected("join/x"), std::nullopt);
  // A run without the tag a line names does not match it.
  EXPECT_EQ(e->For(Tags({{"driver", "31.0.15"}})).Expected("join/x"), std::nullopt);
  EXPECT_EQ(e->For({}).expected, (Map{{"plain/everywhere", CaseStatus::kFail}}));
}

TEST(Expectations, PlainCsvIsUnchangedUnderAnyTags) {
  const char* csv = "reduce/sum_f16,Fail\n\"join/a,b\",crash,why\n\"[not a group]/x\",fail\n";
  Result<Expectations> e = ParseExpectations(csv, "b.csv");
  ASSERT_TRUE(e.ok()) << e.error().ToString();
  EXPECT_FALSE(e->Tagged());
  const Map all{{"reduce/sum_f16", CaseStatus::kFail}, {"join/a,b", CaseStatus::kCrash}, {"[not a group]/x", CaseStatus::kFail}};
  EXPECT_EQ(e->For({}).expected, all);
  EXPECT_EQ(e->For(Tags({{"backend", "vulkan"}, {"runtime", "native"}})).expected, all);
  Result<Baseline> b = ParseBaseline(csv, "b.csv");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->expected, all);
  // An id that starts with '[' is written quoted, so it reads back as an id, not a tag group.
  EXPECT_EQ(CsvField("[x]/y"), "\"[x]/y\"");
}

TEST(Expectations, OneIdOnAtMost256LinesKeepsTheOverlapCheckQuick) {
  std::string text;
  for (int i = 0; i < 257; ++i) text += "[ runtime=r" + std::to_string(i) + " ] a,fail\n";
  Result<Expectations> e = ParseExpectations(text, "many.csv");
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().ToString(), "many.csv:257:1: baseline: 'a' has more than 256 lines (first at line 1)");
  text.resize(text.rfind("[ runtime=r256"));
  EXPECT_TRUE(ParseExpectations(text, "many.csv").ok());
}

TEST(Expectations, TheSameIdOnDisjointTagsIsAccepted) {
  Result<Expectations> e = ParseExpectations(
      "[ runtime=wine-vkd3d-1.6 ] a,error,wine\n[ runtime=vkd3d-proton ] a,fail,proton\n"
      "[ backend=d3d12 driver<2 ] b,fail\n[ backend=d3d12 driver>=2 ] b,crash\n"
      "[ device=llvmpipe-x ] c,fail\n[ device~=radeon ] c,crash\n",
      "t.csv");
  ASSERT_TRUE(e.ok()) << e.error().ToString();
  EXPECT_EQ(e->For(Tags({{"runtime", "vkd3d-proton"}})).causes.at("a"), "proton");
  EXPECT_EQ(e->For(Tags({{"backend", "d3d12"}, {"driver", "1.9"}})).Expected("b"), CaseStatus::kFail);
  EXPECT_EQ(e->For(Tags({{"backend", "d3d12"}, {"driver", "2"}})).Expected("b"), CaseStatus::kCrash);
}

struct ErrorRow {
  const char* name;
  const char* text;
  const char* error;
};

class ExpectationsError : public ::testing::TestWithParam<ErrorRow> {};

TEST_P(ExpectationsError, NamesFileLineColumnAndWhatIsWrong) {
  Result<Expectations> e = ParseExpectations(GetParam().text, "t.csv");
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().ToString(), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Table, ExpectationsError,
    ::testing::Values(
        ErrorRow{"OverlapUntaggedAndTagged", "a,fail\n# c\n[ runtime=vkd3d-proton ] a,crash\n",
                 "t.csv:3:1: baseline: 'a': line 3 [ runtime=vkd3d-proton ] and line 1 [ ] can match the same run; "
                 "give them tags no run meets both of (runtime=a and runtime=b)"},
        ErrorRow{"OverlapDifferentKeys", "[ backend=directml ] a,fail\n[ runtime=wine-vkd3d-1.6 ] a,error\n",
                 "t.csv:2:1: baseline: 'a': line 2 [ runtime=wine-vkd3d-1.6 ] and line 1 [ backend=directml ] can "
                 "match the same run; give them tags no run meets both of (runtime=a and runtime=b)"},
        ErrorRow{"OverlapDriverRanges", "[ driver>=1.2 ] a,fail\n[ driver<1.10 ] a,fail\n",
                 "t.csv:2:1: baseline: 'a': line 2 [ driver<1.10 ] and line 1 [ driver>=1.2 ] can match the same "
                 "run; give them tags no run meets both of (runtime=a and runtime=b)"},
        ErrorRow{"OverlapTwoParts", "[ device~=rtx ] a,fail\n[ device~=4090 ] a,fail\n",
                 "t.csv:2:1: baseline: 'a': line 2 [ device~=4090 ] and line 1 [ device~=rtx ] can match the same "
                 "run; give them tags no run meets both of (runtime=a and runtime=b)"},
        ErrorRow{"PlainRepeat", "a,fail\n\n  a,crash\n", "t.csv:3:3: baseline: 'a' is listed again (first at line 1)"},
        ErrorRow{"UnknownKey", "  [ backend=d3d12 vendr=amd ] a,fail\n",
                 "t.csv:1:19: baseline: tag 'vendr=amd': 'vendr' is not a tag key (backend, vendor, device, driver, "
                 "os, runtime, feature-level)"},
        ErrorRow{"UpperCaseValue", "[ runtime=Wine ] a,fail\n",
                 "t.csv:1:3: baseline: tag 'runtime=Wine': 'Wine' is not a tag value (lower case [a-z0-9._+-]; 'wine' is)"},
        ErrorRow{"NoOperator", "[ directml ] a,fail\n",
                 "t.csv:1:3: baseline: tag 'directml': expected KEY=VALUE, KEY~=PART, driver>=VERSION or driver<VERSION"},
        ErrorRow{"EmptyValue", "[ backend= ] a,fail\n", "t.csv:1:3: baseline: tag 'backend=': the value is empty"},
        ErrorRow{"RangeOnOtherKey", "[ os>=10 ] a,fail\n",
                 "t.csv:1:3: baseline: tag 'os>=10': '>=' compares versions: only driver takes it"},
        ErrorRow{"NotAVersion", "[ driver<abc ] a,fail\n",
                 "t.csv:1:3: baseline: tag 'driver<abc': 'abc' is not a version (numbers joined by single dots)"},
        ErrorRow{"KeyTwice", "[ backend=d3d12 backend=d3d12 ] a,fail\n",
                 "t.csv:1:17: baseline: tag 'backend=d3d12': 'backend=' is given twice in this group"},
        ErrorRow{"NeverHolds", "[ driver>=2 driver<1 ] a,fail\n",
                 "t.csv:1:1: baseline: the constraints on 'driver' can never hold together"},
        ErrorRow{"Unclosed", "[ backend=d3d12 a,fail\n",
                 "t.csv:1:17: baseline: tag 'a,fail': expected KEY=VALUE, KEY~=PART, driver>=VERSION or driver<VERSION"},
        ErrorRow{"UnclosedAtEnd", "[ backend=d3d12\n", "t.csv:1:1: baseline: the tag group '[' has no closing ']'"},
        ErrorRow{"GroupAlone", "[ backend=d3d12 ]\n", "t.csv:1:18: baseline: the tag group is followed by no id,status"},
        ErrorRow{"BadCsvAfterGroup", "[ backend=d3d12 ]   a,pass\n",
                 "t.csv:1:21: baseline: 'pass' is not a status a baseline lists: fail, error, crash, timeout (or "
                 "Fail, Crash, Timeout)"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace dmlc::app::policy

namespace dmlc::app::policy {
namespace {

// CI's own file (scripts/windows_ci.sh): each of its runs gets what the three files it replaced gave:
// DirectML's 55 failures on both runtimes, Wine's vkd3d 1.6's 25 more there, vkd3d-proton's 2 for d3d12.
TEST(Expectations, TheCiFileGivesEachRunItsOwnLines) {
  Result<Expectations> e = LoadExpectations(DMLC_CI_EXPECTATIONS);
  ASSERT_TRUE(e.ok()) << e.error().ToString();
  auto on = [&](const char* backend, const char* runtime) {
    return e->For(RunTags{{"backend", backend}, {"vendor", "mesa"}, {"device", "llvmpipe-llvm-19.1.7-256-bits"},
                          {"os", "windows"}, {"runtime", runtime}, {"feature-level", "highest"}});
  };
  const Baseline wine = on("directml", "wine-vkd3d-1.6");
  const Baseline proton = on("directml", "vkd3d-proton");
  EXPECT_EQ(wine.expected.size(), 80u);
  EXPECT_EQ(proton.expected.size(), 55u);
  EXPECT_EQ(wine.Expected("fuzz-5/268"), CaseStatus::kFail);
  EXPECT_EQ(proton.Expected("fuzz-5/268"), std::nullopt);
  EXPECT_EQ(wine.Expected("generated/reduce/types/multiply_int64_rank1_one"), CaseStatus::kError);
  EXPECT_EQ(on("d3d12", "vkd3d-proton").expected.size(), 2u);
  EXPECT_EQ(on("d3d12", "vkd3d-proton").Expected("fuzz-7/899"), CaseStatus::kFail);
  EXPECT_TRUE(on("d3d12", "wine-vkd3d-1.6").expected.empty());
  EXPECT_TRUE(on("cpu", "native").expected.empty());
  for (const ExpectationLine& line : e->lines) EXPECT_FALSE(line.cause.empty()) << line.id;
  EXPECT_EQ(wine.causes.size(), 80u);
}

}  // namespace
}  // namespace dmlc::app::policy
