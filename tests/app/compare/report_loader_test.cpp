#include "app/compare/report_loader.h"

#include <gtest/gtest.h>

namespace dmlc::app::compare {
namespace {

const std::string kData = DMLC_COMPARE_TEST_DATA;

TEST(ReportLoaderTest, ReadsConformanceReportStatusesAndHotMedians) {
  auto report = LoadReport(kData + "/conform_base.json");
  ASSERT_TRUE(report.ok()) << report.error().ToString();
  EXPECT_EQ(report->kind, ReportKind::kConformance);
  EXPECT_EQ(report->ids, (std::vector<std::string>{"reduce/sum_f32", "join/tiny", "gather/broken", "one_hot/dropped",
                                                   "diagonal/f16", "reduce/skipped_later"}));
  EXPECT_EQ(report->entries["gather/broken"].status, CaseStatus::kFail);
  EXPECT_EQ(report->entries["gather/broken"].message, "1 mismatch");
  EXPECT_FALSE(report->entries["gather/broken"].median_ms.has_value());
  EXPECT_DOUBLE_EQ(*report->entries["reduce/sum_f32"].median_ms, 2.0);
  // The GPU median wins over the CPU one: device time is what a GPU case is judged by.
  EXPECT_DOUBLE_EQ(*report->entries["diagonal/f16"].median_ms, 0.5);
}

TEST(ReportLoaderTest, ReadsBenchmarkJsonInMillisecondsPreferringTheMedianAggregate) {
  auto report = LoadReport(kData + "/bench_new.json");
  ASSERT_TRUE(report.ok()) << report.error().ToString();
  EXPECT_EQ(report->kind, ReportKind::kBenchmark);
  EXPECT_EQ(report->ids, (std::vector<std::string>{"cpu/MEMCPY/64MiB/manual_time",
                                                   "cpu/REDUCE_SUM/FLOAT32/inner/64MiB/manual_time",
                                                   "cpu/JOIN/FLOAT32/1KiB/manual_time"}));
  EXPECT_DOUBLE_EQ(*report->entries["cpu/MEMCPY/64MiB/manual_time"].median_ms, 4.1);
  EXPECT_DOUBLE_EQ(*report->entries["cpu/REDUCE_SUM/FLOAT32/inner/64MiB/manual_time"].median_ms, 12.0);
  const ReportEntry& errored = report->entries["cpu/JOIN/FLOAT32/1KiB/manual_time"];
  EXPECT_EQ(errored.status, CaseStatus::kError);
  EXPECT_EQ(errored.message, "Execute: device lost");
  EXPECT_FALSE(errored.median_ms.has_value());
}

TEST(ReportLoaderTest, ConvertsEveryTimeUnit) {
  auto report = LoadReport(kData + "/bench_base.json");
  ASSERT_TRUE(report.ok()) << report.error().ToString();
  EXPECT_DOUBLE_EQ(*report->entries["cpu/MEMCPY/64MiB/manual_time"].median_ms, 4.0);                 // ms
  EXPECT_DOUBLE_EQ(*report->entries["cpu/REDUCE_SUM/FLOAT32/inner/64MiB/manual_time"].median_ms, 8.0);  // us
  EXPECT_DOUBLE_EQ(*report->entries["cpu/JOIN/FLOAT32/1KiB/manual_time"].median_ms, 0.002);          // ns
}

TEST(ReportLoaderTest, MedianOfRepeatedIterationRowsWithoutAggregates) {
  const std::string text = R"({"benchmarks": [
    {"name": "a", "run_name": "a", "run_type": "iteration", "real_time": 3, "time_unit": "s"},
    {"name": "a", "run_name": "a", "run_type": "iteration", "real_time": 1, "time_unit": "s"},
    {"name": "a", "run_name": "a", "run_type": "iteration", "real_time": 2, "time_unit": "s"},
    {"name": "a", "run_name": "a", "run_type": "iteration", "real_time": 10, "time_unit": "s"}]})";
  auto report = ParseReport(text, "reps.json");
  ASSERT_TRUE(report.ok()) << report.error().ToString();
  EXPECT_EQ(report->ids.size(), 1u);
  EXPECT_DOUBLE_EQ(*report->entries["a"].median_ms, 2500.0);
}

struct BadInput {
  const char* text;
  const char* path;      // expected Error::path
  const char* fragment;  // expected in the message
};

class ReportLoaderErrorTest : public testing::TestWithParam<BadInput> {};

TEST_P(ReportLoaderErrorTest, NamesTheFileAndField) {
  auto report = ParseReport(GetParam().text, "x.json");
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().where.file, "x.json");
  EXPECT_EQ(report.error().path, GetParam().path);
  EXPECT_NE(report.error().message.find(GetParam().fragment), std::string::npos) << report.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Table, ReportLoaderErrorTest,
    testing::Values(BadInput{"{\"cases\": [", "", "not valid JSON"},
                    BadInput{"{\"tests\": []}", "", "neither a dml-conform report nor Google Benchmark JSON"},
                    BadInput{"{\"schemaVersion\": 1, \"cases\": {}}", "/cases", "not an array"},
                    BadInput{"{\"schemaVersion\": 1, \"cases\": [{\"id\": \"a\"}]}", "/cases/0", "\"status\""},
                    BadInput{"{\"schemaVersion\": 1, \"cases\": [{\"id\": \"a\", \"status\": \"crashed\"}]}",
                             "/cases/0/status", "case 'a': unknown status 'crashed'"},
                    BadInput{"{\"benchmarks\": [{\"real_time\": 1}]}", "/benchmarks/0", "\"name\""},
                    BadInput{"{\"benchmarks\": [{\"name\": \"a\"}]}", "/benchmarks/0/real_time", "real_time"},
                    BadInput{"{\"benchmarks\": [{\"name\": \"a\", \"real_time\": 1, \"time_unit\": \"h\"}]}",
                             "/benchmarks/0/time_unit", "unknown time_unit 'h'"},
                    // Issue 47, defect 9: these aborted `compare` with an uncaught nlohmann exception.
                    BadInput{"{\"schemaVersion\": 1, \"cases\": [{\"id\": \"a\", \"status\": \"fail\", \"message\": 7}]}",
                             "/cases/0/message", "\"message\" is number, not a string"},
                    BadInput{"{\"benchmarks\": [{\"name\": \"a\", \"real_time\": 1, \"time_unit\": []}]}",
                             "/benchmarks/0/time_unit", "\"time_unit\" is array, not a string"},
                    BadInput{"{\"benchmarks\": [{\"name\": \"a\", \"error_occurred\": \"yes\"}]}",
                             "/benchmarks/0/error_occurred", "\"error_occurred\" is string, not a boolean"},
                    BadInput{"{\"benchmarks\": [{\"name\": \"a\", \"run_name\": null}]}",
                             "/benchmarks/0/run_name", "\"run_name\" is null, not a string"},
                    BadInput{"{\"benchmarks\": [{\"name\": \"a\", \"real_time\": 1e400}]}", "", "not valid JSON"}));

TEST(ReportLoaderTest, ReadsEveryStatus) {
  std::string cases;
  for (CaseStatus s : kAllStatuses) {
    const std::string name(StatusName(s));
    cases += std::string(cases.empty() ? "" : ", ") + R"({"id": ")" + name + R"(", "status": ")" + name + R"("})";
  }
  auto report = ParseReport("{\"schemaVersion\": 1, \"cases\": [" + cases + "]}", "all.json");
  ASSERT_TRUE(report.ok()) << report.error().ToString();
  for (CaseStatus s : kAllStatuses) EXPECT_EQ(report->entries[std::string(StatusName(s))].status, s);
}

TEST(ReportLoaderTest, MissingFileIsAnErrorNamingIt) {
  auto report = LoadReport(kData + "/does_not_exist.json");
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().where.file, kData + "/does_not_exist.json");
  EXPECT_EQ(report.error().message, "cannot be opened");
}

// Issue 47, defects 4 and 13: a report 50,000 levels deep, and inputs that are no regular file.
TEST(ReportLoaderTest, DeepNestingIsRefusedBeforeParsing) {
  const std::string deep = "{\"benchmarks\": " + std::string(50000, '[') + std::string(50000, ']') + "}";
  auto report = ParseReport(deep, "deep.json");
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().ToString(), "deep.json:1:271: compare: nested deeper than 256 levels "
                                       "(at most 256 levels of arrays and objects)");
}

TEST(ReportLoaderTest, AFolderOrADeviceIsRefusedUnread) {
  auto folder = LoadReport(kData);
  ASSERT_FALSE(folder.ok());
  EXPECT_EQ(folder.error().message, "is a folder, not a regular file: refused");
#ifndef _WIN32
  auto zero = LoadReport("/dev/zero");
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.error().message, "is a character device, not a regular file: refused");
#endif
}

}  // namespace
}  // namespace dmlc::app::compare
