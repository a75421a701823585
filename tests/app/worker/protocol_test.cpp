// The worker protocol: every message survives its line, torn and foreign lines are named errors, a
// stream cut anywhere reassembles into the same lines (the options line: worker_options_test.cpp).
#include <gtest/gtest.h>

#include <limits>

#include "app/worker/protocol.h"

namespace dmlc::app::worker {
namespace {

TEST(WorkerProtocol, RequestsRoundTrip) {
  const CaseRequest request{"testcases/a b/\"q\".json", "testcases", "a b/\"q\"/case 1"};
  const std::string line = EncodeRequest(request);
  ASSERT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1);  // one line, whatever the names hold
  Result<CaseRequest> decoded = DecodeRequest(std::string_view(line).substr(0, line.size() - 1));
  ASSERT_TRUE(decoded.ok()) << decoded.error().ToString();
  EXPECT_EQ(decoded->file, request.file);
  EXPECT_EQ(decoded->root, request.root);
  EXPECT_EQ(decoded->id, request.id);
}

// A file name is bytes: one that is not UTF-8 must reach the worker intact, and its result still
// answers the request though the result's text went through the replace handler.
// A generated case's recipe (JSON text) travels whole, quotes and all, on one line.
TEST(WorkerProtocol, RequestsCarryAGeneratedCasesRecipe) {
  const CaseRequest request{"fuzz-1.json", ".", "fuzz-1/7", R"({"seed": 1, "index": 7, "name": "a\"b\nc"})"};
  const std::string line = EncodeRequest(request);
  EXPECT_EQ(line.find('\n'), line.size() - 1);
  Result<CaseRequest> decoded = DecodeRequest(std::string_view(line).substr(0, line.size() - 1));
  ASSERT_TRUE(decoded.ok()) << decoded.error().ToString();
  EXPECT_EQ(decoded->recipe, request.recipe);
  EXPECT_EQ(decoded->id, "fuzz-1/7");
  Result<CaseRequest> plain = DecodeRequest(R"({"run": {"file": "a.json", "root": ".", "id": "a/b"}})");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->recipe, "");
  EXPECT_FALSE(DecodeRequest(R"({"run": {"file": "a.json", "root": ".", "id": "a/b", "recipe": 7}})").ok());
}

TEST(WorkerProtocol, RequestsCarryAnyBytes) {
  const std::string name = "caf\xC3\xA9 \x80\xC0\xAF\xED\xA0\x80\xE2\x82";
  const CaseRequest request{"cases/" + name + ".json", "cases", name + "/typo"};
  const std::string line = EncodeRequest(request);
  Result<CaseRequest> decoded = DecodeRequest(std::string_view(line).substr(0, line.size() - 1));
  ASSERT_TRUE(decoded.ok()) << decoded.error().ToString();
  EXPECT_EQ(decoded->file, request.file);
  EXPECT_EQ(decoded->id, request.id);

  CaseResult result;
  result.id = request.id;
  result.status = CaseStatus::kPass;
  Result<WorkerMessage> back = DecodeMessage(EncodeMessage(result));
  ASSERT_TRUE(back.ok()) << back.error().ToString();
  EXPECT_NE(std::get<CaseResult>(*back).id, request.id);
  EXPECT_TRUE(Answers(std::get<CaseResult>(*back), request));
  result.id = "other";
  EXPECT_FALSE(Answers(result, request));
}

TEST(WorkerProtocol, MessagesRoundTrip) {
  Result<WorkerMessage> ready = DecodeMessage(EncodeMessage(WorkerReady{"llvmpipe", "Mesa 22.3.6"}));
  ASSERT_TRUE(ready.ok());
  EXPECT_EQ(std::get<WorkerReady>(*ready).device, "llvmpipe");
  EXPECT_EQ(std::get<WorkerReady>(*ready).driver, "Mesa 22.3.6");

  Result<WorkerMessage> unavailable = DecodeMessage(EncodeMessage(WorkerUnavailable{"no Vulkan loader"}));
  ASSERT_TRUE(unavailable.ok());
  EXPECT_EQ(std::get<WorkerUnavailable>(*unavailable).reason, "no Vulkan loader");

  CaseResult r;
  r.id = "reduce/sum/f32";
  r.file = "testcases/reduce/sum.json";
  r.file_id = "reduce/sum";
  r.operator_name = "REDUCE(SUM)";
  r.operator_type = "REDUCE";
  r.status = CaseStatus::kFail;
  r.message = "line one\nline two";
  r.device_lost = true;
  r.transcript = "Resource 'out': 6, 15, 24\nResource 'in': 1";  // a model's print lines cross the pipe
  r.comparison.elements = 4;
  r.comparison.mismatches = 1;
  r.comparison.max_ulp = std::numeric_limits<double>::infinity();
  r.comparison.first = {Mismatch{"OutputTensor", {0, 1}, ops::DataType::kUint64, uint64_t{18446744073709551615u},
                                 uint64_t{1}, 1, 1}};
  const std::string line = EncodeMessage(r);
  Result<WorkerMessage> decoded = DecodeMessage(std::string_view(line).substr(0, line.size() - 1));
  ASSERT_TRUE(decoded.ok()) << decoded.error().ToString();
  const CaseResult& back = std::get<CaseResult>(*decoded);
  EXPECT_EQ(back.id, r.id);
  EXPECT_EQ(back.file_id, r.file_id);
  EXPECT_EQ(back.operator_type, "REDUCE");
  EXPECT_EQ(back.status, CaseStatus::kFail);
  EXPECT_EQ(back.message, r.message);
  EXPECT_TRUE(back.device_lost);
  EXPECT_EQ(back.transcript, r.transcript);
  EXPECT_EQ(back.comparison.max_ulp, std::numeric_limits<double>::infinity());
  ASSERT_EQ(back.comparison.first.size(), 1u);
  EXPECT_EQ(std::get<uint64_t>(back.comparison.first[0].expected), 18446744073709551615u);
}

// Runs go through workers by default, so every timing a worker measured must reach the parent's
// reports: the compared execution, both phases with their sample counts, and the repeat count.
TEST(WorkerProtocol, ResultsCarryTheirTimings) {
  CaseResult r;
  r.id = "reduce/sum/f32";
  r.status = CaseStatus::kPass;
  r.timing = CaseTiming{.prepare_ms = 2.5,
                        .compared_cpu_ms = 1.25,
                        .compared_gpu_ms = 0.5,
                        .iterations = 3,
                        .warmup = 1,
                        .repeat = 2,
                        .cold = PhaseTiming{TimingStats{1, 3.0, 3.0, 3.0, 3.0}, TimingStats{1, 0.3, 0.3, 0.3, 0.3}},
                        .hot = PhaseTiming{TimingStats{2, 1.0, 1.5, 1.5, 2.0}, TimingStats{2, 0.1, 0.15, 0.15, 0.2}}};
  const std::string line = EncodeMessage(r);
  Result<WorkerMessage> decoded = DecodeMessage(std::string_view(line).substr(0, line.size() - 1));
  ASSERT_TRUE(decoded.ok()) << decoded.error().ToString();
  const CaseTiming& t = *std::get<CaseResult>(*decoded).timing;
  EXPECT_EQ(t.prepare_ms, 2.5);
  EXPECT_EQ(t.compared_cpu_ms, 1.25);
  EXPECT_EQ(t.compared_gpu_ms, 0.5);
  EXPECT_EQ(t.iterations, 3);
  EXPECT_EQ(t.warmup, 1);
  EXPECT_EQ(t.repeat, 2);
  EXPECT_EQ(t.cold->cpu_ms.samples, 1);
  EXPECT_EQ(t.cold->gpu_ms->median, 0.3);
  EXPECT_EQ(t.hot->cpu_ms.samples, 2);
  EXPECT_EQ(t.hot->cpu_ms.max, 2.0);
  EXPECT_EQ(t.hot->gpu_ms->samples, 2);
  EXPECT_EQ(t.hot->gpu_ms->mean, 0.15);
}

TEST(WorkerProtocol, ForeignAndTornLinesAreNamedErrors) {
  for (const char* line : {"", "hello from a driver", "{\"result\": {\"id\": \"x\"", "{\"ready\": {}, \"extra\": 1}",
                           "{\"shout\": 1}", "[1, 2]"}) {
    Result<WorkerMessage> m = DecodeMessage(line);
    ASSERT_FALSE(m.ok()) << line;
    EXPECT_EQ(m.error().scope, "worker protocol") << line;
  }
  Result<WorkerMessage> missing = DecodeMessage(R"({"result": {"id": "x"}})");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("a result the parent cannot read"), std::string::npos) << missing.error().message;
  EXPECT_FALSE(DecodeRequest(R"({"run": {"file": "a.json", "id": "a/x"}})").ok());  // no root
}

TEST(LineSplitter, ReassemblesLinesCutAnywhere) {
  const std::string stream = "first\r\nsecond\n\nfourth, unfinished";
  for (size_t cut = 0; cut <= stream.size(); ++cut) {
    LineSplitter lines;
    lines.Append({stream.data(), cut});
    std::vector<std::string> got;
    while (auto l = lines.Next()) got.push_back(*l);
    lines.Append({stream.data() + cut, stream.size() - cut});
    while (auto l = lines.Next()) got.push_back(*l);
    EXPECT_EQ(got, (std::vector<std::string>{"first", "second", ""})) << "cut at " << cut;
    EXPECT_EQ(lines.Pending(), "fourth, unfinished");
  }
}

}  // namespace
}  // namespace dmlc::app::worker
