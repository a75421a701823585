// The decision behind API validation findings (directml: DirectML's CreateOperator against the spec),
// and the runner's use of it, with a fake backend scripting the API's verdict: it can only be exercised
// for real where DirectML exists.
#include "app/engine/api_validation.h"

#include <gtest/gtest.h>

#include "app/engine/api_steps.h"
#include "app/engine/runner.h"
#include "backends/registry.h"
#include "fake_backend.h"

namespace dmlc::app {
namespace {

using testing::FakeBackend;
using testing::WriteFloats;

const backends::ApiVerdict kAccepted{true, ""};
const backends::ApiVerdict kRefused{false, "IDMLDevice::CreateOperator failed: E_INVALIDARG (0x80070057); axis out of range"};

TEST(ApiValidation, FindingsAreDisagreementsOnly) {
  EXPECT_EQ(JudgeApiVerdict(true, kAccepted), ApiFinding::kNone);
  EXPECT_EQ(JudgeApiVerdict(false, kRefused), ApiFinding::kNone);
  EXPECT_EQ(JudgeApiVerdict(false, kAccepted), ApiFinding::kAcceptsInvalid);
  EXPECT_EQ(JudgeApiVerdict(true, kRefused), ApiFinding::kRefusesValid);
}

TEST(ApiValidation, NamesRoundTrip) {
  for (ApiFinding f : {ApiFinding::kNone, ApiFinding::kAcceptsInvalid, ApiFinding::kRefusesValid}) {
    EXPECT_EQ(ParseApiFinding(ApiFindingName(f)), f);
  }
  EXPECT_EQ(ApiFindingName(ApiFinding::kAcceptsInvalid), "accepts-invalid");
  EXPECT_EQ(ApiFindingName(ApiFinding::kRefusesValid), "refuses-valid");
  EXPECT_FALSE(ParseApiFinding("accepts").has_value());
}

TEST(ApiValidation, MessagesCarryTheSpecRuleOrTheApisResult) {
  EXPECT_EQ(ApiFindingMessage(ApiFinding::kAcceptsInvalid, "directml", "JOIN: Axis is 4 (Axis < DimensionCount)", kAccepted),
            "API validation finding (accepts-invalid): directml created the operator, but the spec forbids the desc: "
            "JOIN: Axis is 4 (Axis < DimensionCount)");
  EXPECT_EQ(ApiFindingMessage(ApiFinding::kRefusesValid, "directml", "", kRefused),
            "API validation finding (refuses-valid): directml refused a valid, supported desc: "
            "IDMLDevice::CreateOperator failed: E_INVALIDARG (0x80070057); axis out of range");
}

// DIAGONAL_MATRIX FLOAT32 {1,1,2,2}, expected [1,0,0,1]; `dimensions` {4} makes it invalid by the spec.
TestCase Diagonal(std::vector<uint32_t> sizes = {1, 1, 2, 2}) {
  TestCase c;
  c.name = "diag";
  c.id = "cases/diag";
  c.file = "cases.json";
  ops::DiagonalMatrixDesc d;
  d.OutputTensor.DataType = ops::DataType::kFloat32;
  d.OutputTensor.Sizes = std::move(sizes);
  d.OutputTensor.TotalTensorSizeInBytes = 16;
  c.desc = d;
  Initializer init;
  init.kind = Initializer::Kind::kValues;
  for (double v : {1.0, 0.0, 0.0, 1.0}) init.values.emplace_back(v);
  c.expected.push_back(init);
  return c;
}

CaseResult RunCase(FakeBackend& backend, TestCase c) {
  CaseFile f;
  f.path = "cases.json";
  f.file_id = "cases";
  f.cases.push_back(CaseEntry{c.id, SourceLocation{"cases.json", 2, 3}, std::move(c)});
  Runner runner(backend, [] { return Result<std::unique_ptr<backends::Backend>>(MakeError("test", "", "none")); }, {});
  return runner.RunOne(SelectedCase{&f, &f.cases[0]});
}

TEST(ApiValidation, ForbiddenDescTheApiAcceptsIsAFindingNotAPass) {
  FakeBackend backend(WriteFloats({}));
  backend.api_verdict = kAccepted;
  TestCase c = Diagonal({4});
  c.expect_error = ExpectError{true, ""};
  const CaseResult r = RunCase(backend, c);
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.api_finding, ApiFinding::kAcceptsInvalid);
  EXPECT_EQ(r.message.rfind("API validation finding (accepts-invalid): fake created the operator, but the spec forbids "
                            "the desc: ", 0), 0u) << r.message;
  EXPECT_NE(r.message.find("OutputTensor.DimensionCount must be 2 to 4"), std::string::npos) << r.message;
  EXPECT_EQ(backend.executions, 0);
}

TEST(ApiValidation, TheFindingNamesTheRulesSource) {
  FakeBackend backend(WriteFloats({}));
  backend.api_verdict = kAccepted;
  TestCase c = Diagonal({4});
  c.expect_error = ExpectError{true, ""};
  const CaseResult r = RunCase(backend, c);
  EXPECT_NE(r.message.find("source: spec 001_287d4bf35e0a33a9.txt: "), std::string::npos) << r.message;
}

// A desc only a rule of ours forbids (reduce.arg-index-fits: no page states it): the API accepting it
// is a note, and the case passes on the tool's own rejection.
TEST(ApiValidation, ARuleNoDocumentStatesGivesANoteNotAFinding) {
  FakeBackend backend(WriteFloats({}));
  backend.api_verdict = kAccepted;
  TestCase c = Diagonal();
  ops::ReduceDesc d;
  d.Function = ops::ReduceFunction::kArgMax;
  d.InputTensor = ops::TensorDesc{ops::DataType::kFloat32, 0, {50000, 50000}, {}, 50000ull * 50000 * 4, 0};
  d.OutputTensor = ops::TensorDesc{ops::DataType::kInt32, 0, {1, 1}, {}, 4, 0};
  d.Axes = {0, 1};
  c.desc = d;
  c.expected.clear();
  c.expect_error = ExpectError{true, ""};
  const CaseResult r = RunCase(backend, c);
  EXPECT_EQ(r.status, CaseStatus::kPass) << r.message;
  EXPECT_EQ(r.api_finding, ApiFinding::kNone);
  EXPECT_EQ(r.api_note.rfind("fake accepted the desc; it breaks only reduce.arg-index-fits, which no document states "
                             "(not stated (dml-conform's choice): ", 0), 0u) << r.api_note;
  EXPECT_EQ(backend.judged, 1);
}

TEST(ApiValidation, ForbiddenDescTheApiRefusesStillPasses) {
  FakeBackend backend(WriteFloats({}));
  backend.api_verdict = kRefused;
  TestCase c = Diagonal({4});
  c.expect_error = ExpectError{true, ""};
  const CaseResult r = RunCase(backend, c);
  EXPECT_EQ(r.status, CaseStatus::kPass);
  EXPECT_EQ(r.api_finding, ApiFinding::kNone);
  EXPECT_EQ(backend.judged, 1);
}

TEST(ApiValidation, AWrongRejectionIsTheToolsFailureAndTheApiIsNotAsked) {
  FakeBackend backend(WriteFloats({}));
  backend.api_verdict = kAccepted;
  TestCase c = Diagonal({4});
  c.expect_error = ExpectError{true, "Axis"};  // the tool rejected it for another reason
  const CaseResult r = RunCase(backend, c);
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.api_finding, ApiFinding::kNone);
  EXPECT_EQ(backend.judged, 0);
}

TEST(ApiValidation, ValidDescTheApiRefusesIsAFindingBeforeAnyExecution) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  backend.api_verdict = kRefused;
  const CaseResult r = RunCase(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.api_finding, ApiFinding::kRefusesValid);
  EXPECT_EQ(r.message, ApiFindingMessage(ApiFinding::kRefusesValid, "fake", "", kRefused));
  EXPECT_EQ(backend.executions, 0);
}

// A removed device refuses every desc: that is no verdict on the desc, but an error that restarts the worker.
const backends::ApiVerdict kDeviceRemoved{
    false, "IDMLDevice::CreateOperator failed: DXGI_ERROR_DEVICE_REMOVED (0x887a0005); device removed", true};

TEST(ApiValidation, ARefusalFromARemovedDeviceIsADeviceLossNotAFinding) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  backend.api_verdict = kDeviceRemoved;
  const CaseResult r = RunCase(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kError);
  EXPECT_TRUE(r.device_lost);
  EXPECT_EQ(r.api_finding, ApiFinding::kNone);
  EXPECT_EQ(r.message, "fake: device lost: " + kDeviceRemoved.detail);
  EXPECT_EQ(backend.executions, 0);

  TestCase forbidden = Diagonal({4});
  forbidden.expect_error = ExpectError{true, ""};
  const CaseResult rejected = RunCase(backend, forbidden);
  EXPECT_EQ(rejected.status, CaseStatus::kError);
  EXPECT_TRUE(rejected.device_lost);
}

TEST(ApiValidation, APrepareFailingOnALostDeviceIsNoExpectedRejection) {
  FakeBackend backend(WriteFloats({}));
  Error lost = MakeError("d3d12", "", "CreateDescriptorHeap failed: DXGI_ERROR_DEVICE_REMOVED (0x887a0005)");
  lost.device_lost = true;
  backend.prepare_error = lost;
  TestCase c = Diagonal();  // valid by the spec: only the backend could refuse it
  c.expect_error = ExpectError{true, ""};
  const CaseResult r = RunCase(backend, c);
  EXPECT_EQ(r.status, CaseStatus::kError) << r.message;
  EXPECT_TRUE(r.device_lost);
  EXPECT_NE(r.message.find("DXGI_ERROR_DEVICE_REMOVED"), std::string::npos) << r.message;

  backend.prepare_error->device_lost = false;  // a refusal of the desc itself still passes
  EXPECT_EQ(RunCase(backend, c).status, CaseStatus::kPass);
}

TEST(ApiValidation, AgreementRunsTheCaseAsUsual) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  backend.api_verdict = kAccepted;
  const CaseResult r = RunCase(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kPass) << r.message;
  EXPECT_EQ(r.api_finding, ApiFinding::kNone);
  EXPECT_EQ(backend.executions, 1);
}

TEST(ApiValidation, UnsupportedDescsSkipWithoutAskingTheApi) {
  FakeBackend backend(WriteFloats({}));
  backend.api_verdict = kRefused;
  backend.support = backends::Support::No("FLOAT32 not supported by this device (DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT)");
  const CaseResult r = RunCase(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kSkip);
  EXPECT_EQ(backend.judged, 0);
}

TEST(ApiValidation, BackendsWithoutAnApiAreNeverFindings) {
  FakeBackend backend(WriteFloats({}));  // api_verdict nullopt: the cpu, vulkan and d3d12 backends
  TestCase c = Diagonal({4});
  c.expect_error = ExpectError{true, ""};
  EXPECT_EQ(RunCase(backend, c).status, CaseStatus::kPass);
  EXPECT_EQ(RunCase(backend, c).api_finding, ApiFinding::kNone);
}

// A backend that runs its own kernels (cpu) is no ApiBackend: there is no verdict to ask of it, and its
// operators are prepared without the flags, which change nothing there.
TEST(ApiSteps, ABackendWithItsOwnKernelsHasNoApiToAsk) {
  Result<std::unique_ptr<backends::Backend>> cpu = backends::CreateBackend("cpu", {});
  ASSERT_TRUE(cpu.ok()) << cpu.error().ToString();
  EXPECT_EQ(backends::ApiOf(**cpu), nullptr);
  const ApiSteps steps(**cpu);
  const Error rejection = MakeError("spec", "", "DIAGONAL_MATRIX: 1 dimension (DimensionCount is 4)");
  CaseResult r;
  EXPECT_FALSE(steps.AskApi(Diagonal({4}), &rejection, r).has_value());
  EXPECT_EQ(r.api_finding, ApiFinding::kNone);
  EXPECT_EQ(r.api_note, "");
  Result<std::unique_ptr<backends::PreparedOperator>> prepared = steps.Prepare(Diagonal().desc, ops::kAllExecutionFlags);
  EXPECT_TRUE(prepared.ok()) << prepared.error().ToString();
}

}  // namespace
}  // namespace dmlc::app
