// The report reader is the writer's inverse: a report read back and written again is the same text,
// and a file that is not a report is an error naming the file and the field.
#include "app/report/report_reader.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <sstream>
#include <variant>

#include "app/report/journal.h"
#include "app/report/json_report.h"
#include "sample_results.h"
#include "tests/app/case/temp_dir.h"

#ifndef _WIN32
#include <sys/stat.h>
#endif

namespace dmlc::app {
namespace {

using Json = nlohmann::ordered_json;

std::string Written(const RunContext& context, const std::vector<CaseResult>& results) {
  std::ostringstream out;
  WriteJsonReport(out, context, results);
  return out.str();
}

TEST(ReportReader, ReadingAndWritingAgainGivesTheSameText) {
  for (const RunContext& context : {testing::MaskedContext(), testing::InterruptedContext()}) {
    const std::string text = Written(context, testing::SampleResults());
    Result<RunReport> read = ParseJsonReport(text, "report.json");
    ASSERT_TRUE(read.ok()) << read.error().ToString();
    EXPECT_EQ(Written(read->context, read->results), text);
  }
}

TEST(ReportReader, GoldenReportReadsBack) {
  const std::string path = std::string(DMLC_GOLDEN_DIR) + "/report.json";
  Result<RunReport> read = ReadJsonReport(path);
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  Result<std::string> text = ReadTextFile(path);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(Written(read->context, read->results), *text);
}

// The tags a --baseline was matched against come back in their order, so merge and compare keep them;
// a report without them (every one written before tags) reads with none.
TEST(ReportReader, TheRunsTagsComeBack) {
  RunContext context = testing::MaskedContext();
  context.tags = {{"backend", "directml"}, {"vendor", "mesa"}, {"driver", "31.0.15.3623"}, {"runtime", "wine-vkd3d-1.6"}};
  const std::string text = Written(context, testing::SampleResults());
  EXPECT_NE(text.find(R"("tags": {
      "backend": "directml",)"), std::string::npos) << text.substr(0, 900);
  Result<RunReport> read = ParseJsonReport(text, "report.json");
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(read->context.tags, context.tags);
  EXPECT_EQ(Written(read->context, read->results), text);
  Result<RunReport> untagged = ParseJsonReport(Written(testing::MaskedContext(), testing::SampleResults()), "r.json");
  ASSERT_TRUE(untagged.ok());
  EXPECT_TRUE(untagged->context.tags.empty());
}

// --revision comes back; a report of a run without it has no "revision" and reads with none, so its
// text is what it was before the option existed.
TEST(ReportReader, TheRevisionUnderTestComesBackAndIsWrittenOnlyWhenGiven) {
  RunContext context = testing::MaskedContext();
  context.revision = "mesa-25.1.0-rc2";
  const std::string text = Written(context, testing::SampleResults());
  EXPECT_NE(text.find(R"("revision": "mesa-25.1.0-rc2")"), std::string::npos) << text.substr(0, 900);
  Result<RunReport> read = ParseJsonReport(text, "report.json");
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(read->context.revision, "mesa-25.1.0-rc2");
  EXPECT_EQ(Written(read->context, read->results), text);
  const std::string without = Written(testing::MaskedContext(), testing::SampleResults());
  EXPECT_EQ(without.find("\"revision\""), std::string::npos);
  Result<RunReport> none = ParseJsonReport(without, "r.json");
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none->context.revision, "");
}

// A differential run's reference comes back as a rerun spells it, its device beside it; other runs'
// reports name none.
TEST(ReportReader, ADifferentialRunsReferenceAndItsDeviceComeBack) {
  RunContext context = testing::MaskedContext();
  context.reference = "vulkan:0";
  context.reference_device = "llvmpipe (LLVM 15.0.7, 256 bits)";
  const std::string text = Written(context, testing::SampleResults());
  Result<RunReport> read = ParseJsonReport(text, "report.json");
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(read->context.reference, "vulkan:0");
  EXPECT_EQ(read->context.reference_device, "llvmpipe (LLVM 15.0.7, 256 bits)");
  EXPECT_EQ(Written(read->context, read->results), text);
  EXPECT_EQ(Written(testing::MaskedContext(), testing::SampleResults()).find("\"reference"), std::string::npos);
}

// Equal text could hide a value decoded into the wrong kind that prints the same; these are the
// values that text round trips are easiest to get wrong with.
TEST(ReportReader, ValuesComeBackInTheirKinds) {
  Result<RunReport> read = ParseJsonReport(Written(testing::InterruptedContext(), testing::SampleResults()), "r.json");
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  const RunContext& c = read->context;
  EXPECT_EQ(c.isolation, "process");
  EXPECT_EQ(c.timeout_s, 60);
  EXPECT_EQ(c.retries, 1);
  EXPECT_EQ(c.shard, "2/4");
  EXPECT_EQ(c.planned_cases, 24);
  EXPECT_TRUE(c.interrupted);
  EXPECT_TRUE(c.allow_paths_outside);

  const std::vector<CaseResult>& r = read->results;
  ASSERT_EQ(r.size(), 10u);
  for (size_t i = 0; i < r.size(); ++i) EXPECT_EQ(r[i].status, testing::SampleResults()[i].status) << r[i].id;
  for (CaseStatus s : kAllStatuses) EXPECT_GT(Tally(r).Count(s), 0) << StatusName(s);
  EXPECT_EQ(r[0].operator_type, "JOIN");
  EXPECT_FALSE(r[0].timing->compared_gpu_ms.has_value());
  EXPECT_EQ(r[0].timing->cold->cpu_ms.samples, 1);
  EXPECT_EQ(r[0].timing->hot->cpu_ms.samples, 2);
  EXPECT_FALSE(r[0].timing->hot->gpu_ms.has_value());
  EXPECT_TRUE(std::isinf(r[1].comparison.max_ulp));
  EXPECT_TRUE(std::isnan(std::get<double>(r[1].comparison.first[1].actual)));
  EXPECT_EQ(r[1].operator_type, "REDUCE");
  EXPECT_EQ(std::get<int64_t>(r[4].comparison.first[0].expected), int64_t{-9007199254740993});
  EXPECT_EQ(std::get<uint64_t>(r[7].comparison.first[0].expected), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(r[5].message, testing::SampleResults()[5].message);
  EXPECT_TRUE(r[6].device_lost);
  EXPECT_EQ(r[7].expected_status, "fail");
  EXPECT_EQ(r[9].attempts, 2);
  EXPECT_EQ(r[9].timing->compared_gpu_ms, 0.0625);
  EXPECT_EQ(r[9].timing->repeat, 8);
  EXPECT_FALSE(r[9].timing->cold.has_value());
  EXPECT_EQ(r[9].timing->hot->gpu_ms->median, 0.046875);
  EXPECT_EQ(r[9].timing->hot->gpu_ms->samples, 4);
  EXPECT_EQ(c.repeat, 2);
}

// Version 1 (before cold and hot phases): its "cold" was the compared execution, its warmups untimed,
// and its hot statistics summarized every iteration. Such reports still load, for compare, merge,
// --resume and --baseline, and are written back as version 2.
TEST(ReportReader, ReadsVersion1Reports) {
  Result<RunReport> read = ReadJsonReport(std::string(DMLC_GOLDEN_DIR) + "/report_v1.json");
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(read->context.iterations, 3);
  EXPECT_EQ(read->context.repeat, 1);
  const std::vector<CaseResult>& r = read->results;
  ASSERT_EQ(r.size(), 10u);
  const CaseTiming& cpu = *r[0].timing;
  EXPECT_EQ(cpu.compared_cpu_ms, 0.25);
  EXPECT_FALSE(cpu.cold.has_value());
  EXPECT_EQ(cpu.hot->cpu_ms.samples, 3);
  EXPECT_EQ(cpu.hot->cpu_ms.mean, 0.875);
  EXPECT_EQ(cpu.repeat, 1);
  const CaseTiming& gpu = *r[9].timing;
  EXPECT_EQ(gpu.compared_gpu_ms, 0.0625);
  EXPECT_EQ(gpu.hot->gpu_ms->samples, 3);
  EXPECT_EQ(gpu.hot->gpu_ms->max, 0.0625);
  const std::string again = Written(read->context, read->results);
  EXPECT_NE(again.find("\"schemaVersion\": 2"), std::string::npos);
  EXPECT_NE(again.find("\"compared\": {\n          \"cpuMs\": 0.25"), std::string::npos) << again;
}

TEST(ReportReader, ApiFindingsComeBack) {
  std::vector<CaseResult> results = testing::SampleResults();
  results[1].api_finding = ApiFinding::kAcceptsInvalid;
  results[4].api_finding = ApiFinding::kRefusesValid;
  Result<RunReport> read = ParseJsonReport(Written(testing::MaskedContext(), results), "r.json");
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(read->results[0].api_finding, ApiFinding::kNone);
  EXPECT_EQ(read->results[1].api_finding, ApiFinding::kAcceptsInvalid);
  EXPECT_EQ(read->results[4].api_finding, ApiFinding::kRefusesValid);
  // A report of a build before the field reads as no finding.
  Json j = JsonReport(testing::MaskedContext(), testing::SampleResults());
  for (Json& c : j["cases"]) c.erase("apiFinding");
  Result<RunReport> old = ParseJsonReport(j.dump(), "old.json");
  ASSERT_TRUE(old.ok()) << old.error().ToString();
  EXPECT_EQ(old->results[1].api_finding, ApiFinding::kNone);
}

TEST(ReportReader, ExecutionFlagsAndTheMetacommandAbComeBack) {
  std::vector<CaseResult> results = testing::SampleResults();
  results[0].execution_flags = "ALLOW_HALF_PRECISION_COMPUTATION";
  results[0].metacommand_ab =
      MetacommandAb{"ALLOW_HALF_PRECISION_COMPUTATION|DISABLE_META_COMMANDS", "fail", "", false, 3, 0.25, 0.125};
  results[1].metacommand_ab = MetacommandAb{"DISABLE_META_COMMANDS", "pass", "nan-ignoring", true, 0, 1.5, std::nullopt};
  const std::string text = Written(testing::MaskedContext(), results);
  Result<RunReport> read = ParseJsonReport(text, "r.json");
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(read->results[0].execution_flags, "ALLOW_HALF_PRECISION_COMPUTATION");
  ASSERT_TRUE(read->results[0].metacommand_ab);
  EXPECT_EQ(read->results[0].metacommand_ab->execution_flags, "ALLOW_HALF_PRECISION_COMPUTATION|DISABLE_META_COMMANDS");
  EXPECT_FALSE(read->results[0].metacommand_ab->agree);
  EXPECT_EQ(read->results[0].metacommand_ab->status, "fail");
  EXPECT_EQ(read->results[1].metacommand_ab->behaviour, "nan-ignoring");
  EXPECT_EQ(read->results[0].metacommand_ab->mismatches, 3u);
  EXPECT_EQ(read->results[0].metacommand_ab->gpu_ms, 0.125);
  ASSERT_TRUE(read->results[1].metacommand_ab);
  EXPECT_TRUE(read->results[1].metacommand_ab->agree);
  EXPECT_FALSE(read->results[1].metacommand_ab->gpu_ms);
  EXPECT_FALSE(read->results[2].metacommand_ab);
  EXPECT_EQ(Written(read->context, read->results), text);
}

// Merge and compare read reports back: the behaviour a file's values expected survives with the one shown.
TEST(ReportReader, TheExpectedBehaviourComesBack) {
  std::vector<CaseResult> results = testing::SampleResults();
  results[0].behaviour = "nan-ignoring";
  results[0].expected_behaviour = "nan-propagating";
  const std::string text = Written(testing::MaskedContext(), results);
  Result<RunReport> read = ParseJsonReport(text, "r.json");
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(read->results[0].behaviour, "nan-ignoring");
  EXPECT_EQ(read->results[0].expected_behaviour, "nan-propagating");
  EXPECT_EQ(read->results[1].expected_behaviour, "");
  EXPECT_EQ(Written(read->context, read->results), text);
}

struct BadReport {
  const char* name;
  std::function<std::string()> text;
  const char* path;      // expected Error::path
  const char* fragment;  // expected in the message
};

// The sample report with one edit.
std::string Edited(const std::function<void(Json&)>& edit) {
  Json j = JsonReport(testing::MaskedContext(), testing::SampleResults());
  edit(j);
  return j.dump();
}

class ReportReaderErrorTest : public ::testing::TestWithParam<BadReport> {};

TEST_P(ReportReaderErrorTest, NamesTheFileAndField) {
  Result<RunReport> read = ParseJsonReport(GetParam().text(), "runs/base.json");
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().where.file, "runs/base.json");
  EXPECT_EQ(read.error().path, GetParam().path);
  EXPECT_NE(read.error().message.find(GetParam().fragment), std::string::npos) << read.error().message;
  EXPECT_NE(read.error().ToString().find("runs/base.json"), std::string::npos) << read.error().ToString();
}

INSTANTIATE_TEST_SUITE_P(
    Table, ReportReaderErrorTest,
    ::testing::Values(
        BadReport{"NotJson", [] { return std::string("{\"schemaVersion\": 1,"); }, "", "not valid JSON"},
        BadReport{"NotAReport", [] { return std::string(R"({"benchmarks": []})"); }, "",
                  "not a dml-conform report"},
        BadReport{"WrongSchemaVersion", [] { return Edited([](Json& j) { j["schemaVersion"] = 3; }); },
                  "schemaVersion", "schemaVersion 3 is not 1 to 2"},
        BadReport{"SchemaVersionZero", [] { return Edited([](Json& j) { j["schemaVersion"] = 0; }); },
                  "schemaVersion", "schemaVersion 0 is not 1 to 2"},
        BadReport{"TimingWithoutComparedOrCold",
                  [] { return Edited([](Json& j) { j["cases"][0]["timing"].erase("compared"); }); },
                  "cases[0].timing.cold.cpuMs", "cases[0]: case.timing.cold.cpuMs has the wrong type (object)"},
        BadReport{"ColdSamplesOfTheWrongType",
                  [] { return Edited([](Json& j) { j["cases"][0]["timing"]["cold"]["cpuMs"]["samples"] = "one"; }); },
                  "cases[0].timing.cold.cpuMs.samples", "samples has the wrong type (string)"},
        BadReport{"NoContext", [] { return Edited([](Json& j) { j.erase("context"); }); }, "context",
                  "context is not an object"},
        BadReport{"ContextFieldOfTheWrongType", [] { return Edited([](Json& j) { j["context"]["jobs"] = "two"; }); },
                  "context.jobs", "context.jobs has the wrong type (string)"},
        BadReport{"TagsNotAnObject", [] { return Edited([](Json& j) { j["context"]["tags"] = "backend=cpu"; }); },
                  "context.tags", "context.tags is not an object"},
        BadReport{"TagNotAString", [] { return Edited([](Json& j) { j["context"]["tags"]["driver"] = 31; }); },
                  "context.tags.driver", "context.tags.driver is not a string"},
        BadReport{"CaseWithoutStatus", [] { return Edited([](Json& j) { j["cases"][1].erase("status"); }); },
                  "cases[1].status", "cases[1]: case.status is missing"},
        BadReport{"BadStatus", [] { return Edited([](Json& j) { j["cases"][2]["status"] = "crashed"; }); },
                  "cases[2].status", "status 'crashed' is not a status"},
        BadReport{"BadApiFinding", [] { return Edited([](Json& j) { j["cases"][4]["apiFinding"] = "accepts-all"; }); },
                  "cases[4].apiFinding", "apiFinding 'accepts-all' is not a finding"},
        BadReport{"MismatchWithABadDataType",
                  [] { return Edited([](Json& j) { j["cases"][1]["firstMismatches"][0]["dataType"] = "FLOAT33"; }); },
                  "cases[1].firstMismatches[0].dataType", "'FLOAT33' is not a data type"},
        BadReport{"NegativeUnsignedValue",
                  [] { return Edited([](Json& j) { j["cases"][7]["firstMismatches"][0]["actual"] = -1; }); },
                  "cases[7].firstMismatches[0].actual", "is not a value of data type UINT64"},
        BadReport{"SignedValuePastInt64",
                  [] {
                    return Edited([](Json& j) {
                      j["cases"][4]["firstMismatches"][0]["actual"] = std::numeric_limits<uint64_t>::max();
                    });
                  },
                  "cases[4].firstMismatches[0].actual", "is not a value of data type INT64"},
        BadReport{"BitsWiderThanTheType",
                  [] { return Edited([](Json& j) { j["cases"][1]["firstMismatches"][0]["actualBits"] = "0x140e00000"; }); },
                  "cases[1].firstMismatches[0].actualBits", "'0x140e00000' is not the bits of a FLOAT32"},
        BadReport{"ErrorMapGridNotFromItsSizes",
                  [] { return Edited([](Json& j) { j["cases"][1]["errorMaps"][0]["grid"] = {2, 2}; }); },
                  "cases[1].errorMaps[0].grid", "grid is not the sizes divided by the cell sizes"},
        BadReport{"ErrorMapLevelsShort",
                  [] { return Edited([](Json& j) { j["cases"][1]["errorMaps"][0]["failedLevels"] = "AAAA"; }); },
                  "cases[1].errorMaps[0].failedLevels", "is not base64 of one byte per cell (6)"},
        BadReport{"ErrorMapLevelsNotBase64",
                  [] { return Edited([](Json& j) { j["cases"][1]["errorMaps"][0]["errorLevels"] = "AA*AAAAA"; }); },
                  "cases[1].errorMaps[0].errorLevels", "is not base64 of one byte per cell (6)"},
        BadReport{"ErrorMapTooManyCells",
                  [] {
                    return Edited([](Json& j) {
                      Json& map = j["cases"][1]["errorMaps"][0];
                      map["sizes"] = {100, 100};
                      map["grid"] = {100, 100};
                    });
                  },
                  "cases[1].errorMaps[0].grid", "has more than 4096 cells"},
        // Issue 47, defect 15: accepted, it made the page throw and empty its case list.
        BadReport{"ErrorMapOfZeroSize",
                  [] {
                    return Edited([](Json& j) {
                      Json& map = j["cases"][1]["errorMaps"][0];
                      map["sizes"][0] = 0;
                      map["grid"][0] = 0;
                      map["failedLevels"] = "";
                      map["errorLevels"] = "";
                    });
                  },
                  "cases[1].errorMaps[0].sizes", "sizes has a dimension of size 0"},
        // Issue 47, defect 4: 50,000 levels crashed html, merge, --baseline and --resume.
        BadReport{"NestedFiftyThousandDeep",
                  [] { return "{\"schemaVersion\": 2, \"cases\": " + std::string(50000, '[') + std::string(50000, ']') + "}"; },
                  "", "nested deeper than 256 levels"},
        BadReport{"HotStatsMissingAField",
                  [] { return Edited([](Json& j) { j["cases"][9]["timing"]["hot"]["gpuMs"].erase("mean"); }); },
                  "cases[9].timing.hot.gpuMs.mean", "cases[9]: case.timing.hot.gpuMs.mean is missing"}),
    [](const ::testing::TestParamInfo<BadReport>& info) { return std::string(info.param.name); });

// Issue 47, defects 4 and 13 from disk: a deep file names its line:column; a FIFO is refused, not
// waited on; a journal line as deep is that line's error.
TEST(ReportReader, ADeepFileAFifoAndADeepJournalLineAreNamedErrors) {
  testing::TempDir dir;
  const std::filesystem::path deep = dir.Write("deep.json", "{\"schemaVersion\": 2,\n \"cases\": " + std::string(50000, '[') + "]}");
  Result<RunReport> read = ReadJsonReport(deep);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().ToString(), deep.string() + ":2:266: report: nested deeper than 256 levels "
                                                     "(at most 256 levels of arrays and objects)");
  const std::string context_line = Json{{"context", ContextJson(testing::MaskedContext())}}.dump();
  const std::filesystem::path journal =
      dir.Write("r.json.journal", context_line + "\n{\"case\": " + std::string(50000, '[') + "}\n");
  Result<RunReport> lines = ReadJournal(journal);
  ASSERT_FALSE(lines.ok());
  EXPECT_EQ(lines.error().ToString(), journal.string() + ":2:265: report: nested deeper than 256 levels");
#ifndef _WIN32
  const std::filesystem::path fifo = dir.path() / "fifo.json";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  Result<RunReport> piped = ReadJsonReport(fifo);
  ASSERT_FALSE(piped.ok());
  EXPECT_EQ(piped.error().ToString(), fifo.string() + ": report: is a FIFO, not a regular file: refused");
#endif
}

TEST(ReportReader, UnreadableFileIsAnErrorNamingIt) {
  Result<RunReport> read = ReadJsonReport("no/such/report.json");
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().where.file, "no/such/report.json");
  EXPECT_EQ(read.error().message, "cannot be read");
}

}  // namespace
}  // namespace dmlc::app
