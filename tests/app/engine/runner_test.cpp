#include "app/engine/runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <new>

#include <nlohmann/json.hpp>

#include "app/engine/guarded_buffer.h"
#include "fake_backend.h"
#include "tests/app/engine/reduce_desc.h"

namespace dmlc::app {
namespace {

using testing::FakeBackend;
using testing::ExecuteFn;
using testing::WriteFloats;

// DIAGONAL_MATRIX FLOAT32 {1,1,2,2}: the identity [1,0,0,1]; no inputs.
TestCase Diagonal(std::optional<std::vector<double>> expected = std::vector<double>{1, 0, 0, 1}) {
  TestCase c;
  c.name = "diag";
  c.id = "cases/diag";
  c.file = "cases.json";
  ops::DiagonalMatrixDesc d;
  d.OutputTensor.DataType = ops::DataType::kFloat32;
  d.OutputTensor.Sizes = {1, 1, 2, 2};
  d.OutputTensor.TotalTensorSizeInBytes = 16;
  c.desc = d;
  if (expected) {
    Initializer init;
    init.kind = Initializer::Kind::kValues;
    for (double v : *expected) init.values.emplace_back(v);
    c.expected.push_back(init);
  } else {
    c.expected.push_back(std::nullopt);
  }
  return c;
}

using testing::Values;

// REDUCE SUM over FLOAT32 {1, -1, 2^-20, 0}: the sum 2^-20 cancels out of sum|x| = 2 + 2^-20.
TestCase CancellingSum() {
  return testing::ReduceCase("sum", ops::ReduceFunction::kSum, {1, -1, 0x1p-20, 0}, {0x1p-20});
}

// A one-case file holding `c`, or a loader error when `c` is an Error.
CaseFile OneCaseFile(Result<TestCase> c) {
  CaseFile f;
  f.path = "cases.json";
  f.file_id = "cases";
  f.cases.push_back(CaseEntry{"cases/diag", SourceLocation{"cases.json", 2, 3}, std::move(c)});
  return f;
}

ReferenceFactory NoReference() {
  return [] { return Result<std::unique_ptr<backends::Backend>>(MakeError("test", "", "no reference here")); };
}

CaseResult RunOne(FakeBackend& backend, Result<TestCase> c, RunOptions options = {},
                  ReferenceFactory reference = NoReference()) {
  const CaseFile file = OneCaseFile(std::move(c));
  Runner runner(backend, std::move(reference), std::move(options));
  return runner.RunOne(SelectedCase{&file, &file.cases[0]});
}

TEST(Runner, PassWhenTheOutputMatches) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  const CaseResult r = RunOne(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kPass) << r.message;
  EXPECT_EQ(r.id, "cases/diag");
  EXPECT_EQ(r.file, "cases.json");
  EXPECT_EQ(r.operator_type, "DIAGONAL_MATRIX");
  EXPECT_EQ(r.operator_name, "DIAGONAL_MATRIX");
  EXPECT_EQ(r.data_types, std::vector<std::string>{"FLOAT32"});
  EXPECT_EQ(r.feature_level, "2_0");
  EXPECT_EQ(r.tolerance, "default: exact (data movement)");
  EXPECT_EQ(r.comparison.elements, 4u);
  ASSERT_TRUE(r.timing.has_value());
  EXPECT_EQ(r.timing->compared_cpu_ms, 1.0);
  EXPECT_FALSE(r.timing->cold.has_value());
  EXPECT_FALSE(r.timing->hot.has_value());
  EXPECT_EQ(backend.executions, 1);
  EXPECT_EQ(r.desc, "");  // a passing case's record stays small
}

TEST(Runner, FailNamesTheMismatchingCoordinates) {
  FakeBackend backend(WriteFloats({1, 0, 0, 2}));
  const CaseResult r = RunOne(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.message, "1 of 4 elements differ beyond the tolerance (exact)");
  ASSERT_EQ(r.comparison.first.size(), 1u);
  EXPECT_EQ(r.comparison.first[0].tensor, "OutputTensor");
  EXPECT_EQ(r.comparison.first[0].coordinates, (std::vector<uint32_t>{0, 0, 1, 1}));
  EXPECT_EQ(std::get<double>(r.comparison.first[0].actual), 2.0);
  // The failed case's desc, as its file spells it, from the desc's field table.
  const auto desc = nlohmann::json::parse(r.desc);
  EXPECT_EQ(desc["OutputTensor"]["Sizes"], nlohmann::json::parse("[1, 1, 2, 2]"));
  EXPECT_EQ(desc["Offset"], 0);
  EXPECT_EQ(desc["Value"], 1.0);
}

TEST(Runner, ACancellingSumPassesWithinTheBoundDerivedFromItsData) {
  // 2^-22 off is 2^21 ULP of 2^-20, far past ulp <= 3, but within N * eps * sum|x| = 4 * 2^-23 * (2 + 2^-20).
  FakeBackend close(WriteFloats({0x1p-20f + 0x1p-22f}));
  const CaseResult pass = RunOne(close, CancellingSum());
  EXPECT_EQ(pass.status, CaseStatus::kPass) << pass.message;
  EXPECT_EQ(pass.tolerance,
            "default: ulp <= 1 + ceil(log2 N) = 3, N = 4; or, per element, |a - e| <= (N * eps * sum|x| + U) + "
            "2^-126, U = 3N * 2^-126 (largest 9.54e-07); or the reference with FLOAT32 subnormals flushed to zero");
  // 2^-19 off is past the bound too.
  FakeBackend far(WriteFloats({0x1p-20f + 0x1p-19f}));
  const CaseResult fail = RunOne(far, CancellingSum());
  EXPECT_EQ(fail.status, CaseStatus::kFail);
  EXPECT_EQ(fail.message, "1 of 1 elements differ beyond the tolerance (ulp <= 3, or, per element, |a - e| <= (N * "
                          "eps * sum|x| + U) + 2^-126, U = 3N * 2^-126 (largest 9.54e-07); or the reference with "
                          "FLOAT32 subnormals flushed to zero)");
  // A case's own tolerance wins, with no data bound.
  TestCase own = CancellingSum();
  own.tolerance = Tolerance{3, std::nullopt, std::nullopt};
  FakeBackend again(WriteFloats({0x1p-20f + 0x1p-22f}));
  const CaseResult strict = RunOne(again, own);
  EXPECT_EQ(strict.status, CaseStatus::kFail);
  EXPECT_EQ(strict.tolerance, "case: ulp <= 3; or the reference with FLOAT32 subnormals flushed to zero");
}

TEST(Runner, WriteIntoTheGuardFailsAsOutOfBounds) {
  FakeBackend backend([](std::span<const backends::ConstBuffer>, std::span<const backends::MutableBuffer> out) {
    const float v[4] = {1, 0, 0, 1};
    std::memcpy(out[0].data(), v, sizeof(v));
    out[0].data()[17] = std::byte{0};  // one byte into the guard past 16 bytes
    return Result<backends::Timing>(backends::Timing{});
  });
  const CaseResult r = RunOne(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.message,
            "OutputTensor: out-of-bounds write: byte 17 (guard region, TotalTensorSizeInBytes 16) was changed");
}

TEST(Runner, LoaderErrorIsAnError) {
  FakeBackend backend(WriteFloats({}));
  Error e = MakeError("case", "/operator/desc/Offest", "unknown field 'Offest'", "did you mean 'Offset'?");
  e.where = SourceLocation{"cases.json", 4, 17};
  const CaseResult r = RunOne(backend, e);
  EXPECT_EQ(r.status, CaseStatus::kError);
  EXPECT_EQ(r.message, "cases.json:4:17: case: unknown field 'Offest' (did you mean 'Offset'?)");
  EXPECT_EQ(r.operator_name, "");
  EXPECT_EQ(backend.executions, 0);
}

TEST(Runner, InvalidDescIsAnErrorUnlessRejectionIsExpected) {
  FakeBackend backend(WriteFloats({}));
  TestCase c = Diagonal();
  std::get<ops::DiagonalMatrixDesc>(c.desc).OutputTensor.Sizes = {4};
  std::get<ops::DiagonalMatrixDesc>(c.desc).OutputTensor.TotalTensorSizeInBytes = 16;
  const CaseResult error = RunOne(backend, c);
  EXPECT_EQ(error.status, CaseStatus::kError);
  EXPECT_NE(error.message.find("invalid desc: "), std::string::npos);
  EXPECT_NE(error.message.find("OutputTensor.DimensionCount must be 2 to 4"), std::string::npos) << error.message;

  c.expect_error = ExpectError{true, ""};
  const CaseResult pass = RunOne(backend, c);
  EXPECT_EQ(pass.status, CaseStatus::kPass);
  EXPECT_EQ(pass.message.rfind("rejected as expected: ", 0), 0u) << pass.message;

  c.expect_error = ExpectError{true, "DimensionCount must be 2 to 4"};
  EXPECT_EQ(RunOne(backend, c).status, CaseStatus::kPass);
  c.expect_error = ExpectError{true, "Axis"};
  const CaseResult wrong = RunOne(backend, c);
  EXPECT_EQ(wrong.status, CaseStatus::kFail);
  EXPECT_EQ(wrong.message.rfind("rejected, but the message does not contain 'Axis': ", 0), 0u) << wrong.message;
  EXPECT_EQ(backend.executions, 0);
}

TEST(Runner, ExpectedRejectionThatNothingRejectsFails) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  TestCase c = Diagonal();
  c.expect_error = ExpectError{true, ""};
  const CaseResult r = RunOne(backend, c);
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.message, "the desc was accepted by validation and by fake, but the case expects it to be rejected");
  // A backend's Prepare() may be what rejects it.
  backend.prepare_error = MakeError("fake", "", "unsupported layout");
  EXPECT_EQ(RunOne(backend, c).status, CaseStatus::kPass);
}

TEST(Runner, FeatureLevelCapSkips) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  RunOptions options;
  options.feature_level = ops::FeatureLevel::k1_0;
  const CaseResult lowest = RunOne(backend, Diagonal(), options);
  EXPECT_EQ(lowest.status, CaseStatus::kSkip);
  EXPECT_EQ(lowest.message, "its tensors need feature level 2_0; --feature-level is 1_0");

  TestCase c = Diagonal();
  c.feature_level = ops::FeatureLevel::k5_1;
  options.feature_level = ops::FeatureLevel::k4_0;
  const CaseResult asked = RunOne(backend, c, options);
  EXPECT_EQ(asked.status, CaseStatus::kSkip);
  EXPECT_EQ(asked.message, "the case asks for feature level 5_1; --feature-level is 4_0");
  EXPECT_EQ(backend.executions, 0);
}

TEST(Runner, UnsupportedIsASkipWithTheBackendsReason) {
  FakeBackend backend(WriteFloats({}));
  backend.support = backends::Support::No("FLOAT32 not supported by device");
  const CaseResult r = RunOne(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kSkip);
  EXPECT_EQ(r.message, "fake: FLOAT32 not supported by device");
}

TEST(Runner, ExecuteErrorIsAnError) {
  FakeBackend backend([](std::span<const backends::ConstBuffer>, std::span<const backends::MutableBuffer>) {
    return Result<backends::Timing>(MakeError("fake", "IndicesTensor", "index 9 at [0,1] is out of range"));
  });
  const CaseResult r = RunOne(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kError);
  EXPECT_EQ(r.message, "execute: fake: index 9 at [0,1] is out of range");
}

TEST(Runner, ExceptionsBecomeErrors) {
  FakeBackend backend([](std::span<const backends::ConstBuffer>, std::span<const backends::MutableBuffer>)
                          -> Result<backends::Timing> { throw std::runtime_error("boom"); });
  const CaseResult r = RunOne(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kError);
  EXPECT_EQ(r.message, "internal error: boom");
}

// Out of memory in a backend (the budget cannot see its own allocations) names the case and its file.
TEST(Runner, OutOfMemoryNamesTheCaseAndFile) {
  FakeBackend backend([](std::span<const backends::ConstBuffer>, std::span<const backends::MutableBuffer>)
                          -> Result<backends::Timing> { throw std::bad_alloc(); });
  const CaseResult r = RunOne(backend, Diagonal());
  EXPECT_EQ(r.status, CaseStatus::kError);
  EXPECT_EQ(r.message, "out of memory while running case cases/diag of cases.json: std::bad_alloc");
}

// The budget is checked from the descs before anything is allocated or executed.
TEST(Runner, OverTheMemoryBudgetIsAnErrorBeforeExecution) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  RunOptions options;
  options.max_case_memory = 16 + 16 + kGuardBytes - 1;
  const CaseResult r = RunOne(backend, Diagonal(), options);
  EXPECT_EQ(r.status, CaseStatus::kError);
  EXPECT_EQ(r.message, "case: needs 288 bytes (OutputTensor 288 bytes: expected + backend output + guard), over "
                       "--max-case-memory 287 bytes (a case's buffers fit --max-case-memory, checked before allocating)");
  EXPECT_EQ(backend.executions, 0);
  options.max_case_memory += 1;
  EXPECT_EQ(RunOne(backend, Diagonal(), options).status, CaseStatus::kPass);
}

TEST(Runner, MissingExpectedComesFromTheReference) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  int created = 0;
  ReferenceFactory reference = [&created]() -> Result<std::unique_ptr<backends::Backend>> {
    ++created;
    return std::unique_ptr<backends::Backend>(std::make_unique<FakeBackend>(WriteFloats({1, 0, 0, 3})));
  };
  const CaseFile file = OneCaseFile(Diagonal(std::nullopt));
  Runner runner(backend, reference, RunOptions{});
  const CaseResult r = runner.RunOne(SelectedCase{&file, &file.cases[0]});
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(std::get<double>(r.comparison.first[0].expected), 3.0);
  runner.RunOne(SelectedCase{&file, &file.cases[0]});
  EXPECT_EQ(created, 1);  // created once, reused

  FakeBackend alone(WriteFloats({1, 0, 0, 1}));
  const CaseResult no_reference = RunOne(alone, Diagonal(std::nullopt));
  EXPECT_EQ(no_reference.status, CaseStatus::kError);
  EXPECT_EQ(no_reference.message, "test: no reference here");
}

// A reference that reduces a FLOAT32 vector exactly, by ARGMAX (the first of the largest) or MIN (the
// first of the smallest).
ReferenceFactory VectorReference(ops::ReduceFunction function) {
  return [function]() -> Result<std::unique_ptr<backends::Backend>> {
    return std::unique_ptr<backends::Backend>(std::make_unique<FakeBackend>(
        [function](std::span<const backends::ConstBuffer> in, std::span<const backends::MutableBuffer> out) {
          std::vector<float> x(in[0].size() / sizeof(float));
          std::memcpy(x.data(), in[0].data(), in[0].size());
          if (function == ops::ReduceFunction::kMin) {
            std::memcpy(out[0].data(), &*std::min_element(x.begin(), x.end()), sizeof(float));
          } else {
            const uint32_t index = static_cast<uint32_t>(std::max_element(x.begin(), x.end()) - x.begin());
            std::memcpy(out[0].data(), &index, sizeof index);
          }
          return Result<backends::Timing>(backends::Timing{});
        }));
  };
}

ExecuteFn WriteIndex(uint32_t index) {
  return [index](std::span<const backends::ConstBuffer>, std::span<const backends::MutableBuffer> out) {
    std::memcpy(out[0].data(), &index, sizeof index);
    return Result<backends::Timing>(backends::Timing{});
  };
}

// REDUCE `function` over one axis of `x`, its expected output left to the reference (or given).
TestCase ReduceOf(ops::ReduceFunction function, ops::DataType in, ops::DataType out, std::vector<double> x,
                  std::optional<std::vector<double>> expected = std::nullopt) {
  TestCase c = CancellingSum();
  c.desc = testing::Reduce(function, in, out, {static_cast<uint32_t>(x.size())}, {0});
  c.inputs = {Values(std::move(x))};
  c.expected = {expected ? std::optional<Initializer>(Values(*expected)) : std::nullopt};
  return c;
}

TEST(Runner, FlushedFloat32SubnormalsAreAdmittedInReductions) {
  using F = ops::ReduceFunction;
  // ARGMAX of {0, 2^-149}: exactly index 1; flushed, {0, 0} ties and the first, index 0, wins.
  const TestCase argmax = ReduceOf(F::kArgMax, ops::DataType::kFloat32, ops::DataType::kUint32, {0, 0x1p-149});
  for (uint32_t index : {0u, 1u}) {
    FakeBackend backend(WriteIndex(index));
    const CaseResult r = RunOne(backend, argmax, {}, VectorReference(F::kArgMax));
    EXPECT_EQ(r.status, CaseStatus::kPass) << index << ": " << r.message;
    EXPECT_EQ(r.tolerance, "default: exact (integer output); or the reference with FLOAT32 subnormals flushed to zero");
  }
  FakeBackend last(WriteIndex(2));
  const CaseResult wrong = RunOne(last, ReduceOf(F::kArgMax, ops::DataType::kFloat32, ops::DataType::kUint32,
                                                 {0, 0x1p-149, 0x1p-149}), {}, VectorReference(F::kArgMax));
  EXPECT_EQ(wrong.status, CaseStatus::kFail);
  EXPECT_EQ(wrong.message, "1 of 1 elements differ beyond the tolerance (exact; or the reference with FLOAT32 "
                           "subnormals flushed to zero)");

  // MULTIPLY of normal inputs whose product, 2^-140, is below the normal range: any answer, 0 included
  // (error_bound.h); given expected values need no reference when no input is subnormal. In the normal
  // range the ULP bound holds: 15.5 for 3 * 5 fails.
  FakeBackend flushed(WriteFloats({0}));
  EXPECT_EQ(RunOne(flushed, ReduceOf(F::kMultiply, ops::DataType::kFloat32, ops::DataType::kFloat32,
                                     {0x1p-100, 0x1p-40}, {{0x1p-140}})).status,
            CaseStatus::kPass);
  FakeBackend off(WriteFloats({15.5f}));
  EXPECT_EQ(RunOne(off, ReduceOf(F::kMultiply, ops::DataType::kFloat32, ops::DataType::kFloat32, {3, 5}, {{15}})).status,
            CaseStatus::kFail);

  // MIN of {-2^-136, 2^-128}: both flush to zero and tie, and a backend comparing flushed values may
  // return either input's raw bits; a third value does not pass.
  const TestCase min = ReduceOf(F::kMin, ops::DataType::kFloat32, ops::DataType::kFloat32, {-0x1p-136, 0x1p-128},
                                {{-0x1p-136}});
  for (float answer : {-0x1p-136f, 0x1p-128f, 0.0f, -0.0f}) {
    FakeBackend backend(WriteFloats({answer}));
    EXPECT_EQ(RunOne(backend, min, {}, VectorReference(F::kMin)).status, CaseStatus::kPass) << answer;
  }
  FakeBackend other(WriteFloats({0x1p-125f}));
  EXPECT_EQ(RunOne(other, min, {}, VectorReference(F::kMin)).status, CaseStatus::kFail);

  // L2 of {2^-70}: its square underflows in FLOAT32 and flushes; 0 passes within the data bound.
  FakeBackend underflowed(WriteFloats({0}));
  EXPECT_EQ(RunOne(underflowed, ReduceOf(F::kL2, ops::DataType::kFloat32, ops::DataType::kFloat32, {0x1p-70},
                                         {{0x1p-70}})).status,
            CaseStatus::kPass);

  // FLOAT16 subnormals must be kept: MAX of {0, 2^-24} answered 0 fails. Zeros of either sign tie.
  FakeBackend half([](std::span<const backends::ConstBuffer>, std::span<const backends::MutableBuffer> out) {
    std::memset(out[0].data(), 0, 2);
    return Result<backends::Timing>(backends::Timing{});
  });
  const CaseResult kept =
      RunOne(half, ReduceOf(F::kMax, ops::DataType::kFloat16, ops::DataType::kFloat16, {0, 0x1p-24}, {{0x1p-24}}));
  EXPECT_EQ(kept.status, CaseStatus::kFail);
  EXPECT_EQ(kept.tolerance, "default: exact (MIN/MAX select an input; -0 and +0 tie)");
  FakeBackend negative_zero([](std::span<const backends::ConstBuffer>, std::span<const backends::MutableBuffer> out) {
    const uint16_t minus_zero = 0x8000;
    std::memcpy(out[0].data(), &minus_zero, sizeof minus_zero);
    return Result<backends::Timing>(backends::Timing{});
  });
  EXPECT_EQ(RunOne(negative_zero, ReduceOf(F::kMax, ops::DataType::kFloat16, ops::DataType::kFloat16, {0, -0.0}, {{0}}))
                .status,
            CaseStatus::kPass);
}

// -i 3 -w 1 -r 2: three iterations, each one batch of two executions and one sample; the first sample
// is cold, the other two hot. Execution k (1-based; the compared one is 1) takes k ms on the CPU and
// 10k ms on the GPU, so each sample is the mean of its two executions.
TEST(Runner, IterationsAreSamplesOfRepeatedExecutions) {
  int call = 0;
  FakeBackend backend([&call](std::span<const backends::ConstBuffer>, std::span<const backends::MutableBuffer> out) {
    const float v[4] = {1, 0, 0, 1};
    std::memcpy(out[0].data(), v, sizeof(v));
    ++call;
    return Result<backends::Timing>(backends::Timing{static_cast<double>(call), 10.0 * call});
  });
  RunOptions options;
  options.iterations = 3;
  options.warmup = 1;
  options.repeat = 2;
  const CaseResult r = RunOne(backend, Diagonal(), options);
  ASSERT_EQ(r.status, CaseStatus::kPass) << r.message;
  EXPECT_EQ(backend.executions, 7);                         // compared, then 3 x 2
  EXPECT_EQ(backend.batches, (std::vector<int>{2, 2, 2}));  // each iteration bound once
  ASSERT_TRUE(r.timing.has_value());
  const CaseTiming& t = *r.timing;
  EXPECT_EQ(t.compared_cpu_ms, 1.0);
  EXPECT_EQ(t.compared_gpu_ms, 10.0);
  EXPECT_EQ(t.iterations, 3);
  EXPECT_EQ(t.warmup, 1);
  EXPECT_EQ(t.repeat, 2);
  // Samples: (2+3)/2 = 2.5 cold; (4+5)/2 = 4.5 and (6+7)/2 = 6.5 hot.
  ASSERT_TRUE(t.cold.has_value());
  EXPECT_EQ(t.cold->cpu_ms.samples, 1);
  EXPECT_EQ(t.cold->cpu_ms.median, 2.5);
  EXPECT_EQ(t.cold->gpu_ms->median, 25.0);
  ASSERT_TRUE(t.hot.has_value());
  EXPECT_EQ(t.hot->cpu_ms.samples, 2);
  EXPECT_EQ(t.hot->cpu_ms.min, 4.5);
  EXPECT_EQ(t.hot->cpu_ms.median, 5.5);
  EXPECT_EQ(t.hot->cpu_ms.mean, 5.5);
  EXPECT_EQ(t.hot->cpu_ms.max, 6.5);
  EXPECT_EQ(t.hot->gpu_ms->samples, 2);
  EXPECT_EQ(t.hot->gpu_ms->max, 65.0);
}

TEST(Runner, RunKeepsCaseOrderAcrossWorkers) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  CaseFile file;
  file.path = "many.json";
  file.file_id = "many";
  for (int i = 0; i < 20; ++i) {
    TestCase c = Diagonal(i % 3 == 0 ? std::vector<double>{1, 0, 0, 5} : std::vector<double>{1, 0, 0, 1});
    file.cases.push_back(CaseEntry{"many/c" + std::to_string(i), {}, c});
  }
  CaseFile broken;
  broken.path = "broken.json";
  broken.file_id = "broken";
  broken.error = MakeError("case", "", "unexpected end of input");
  CaseSet set;
  set.files = {file, broken};
  const std::vector<SelectedCase> selected = set.Select(CaseFilter({"-many/c1*"}));
  ASSERT_EQ(selected.size(), 10u);  // c0, c2..c9, broken
  RunOptions options;
  options.jobs = 3;
  Runner runner(backend, NoReference(), options);
  size_t progress_calls = 0;
  const std::vector<CaseResult> results =
      runner.Run(selected, [&](size_t, const CaseResult&, size_t done, size_t total) {
        ++progress_calls;
        EXPECT_EQ(total, 10u);
        EXPECT_LE(done, 10u);
      });
  ASSERT_EQ(results.size(), 10u);
  EXPECT_EQ(progress_calls, 10u);
  EXPECT_EQ(results[0].id, "many/c0");
  EXPECT_EQ(results[0].status, CaseStatus::kFail);
  EXPECT_EQ(results[1].id, "many/c2");
  EXPECT_EQ(results[1].status, CaseStatus::kPass);
  EXPECT_EQ(results[2].id, "many/c3");
  EXPECT_EQ(results[2].status, CaseStatus::kFail);
  EXPECT_EQ(results[9].id, "broken");
  EXPECT_EQ(results[9].status, CaseStatus::kError);
  EXPECT_EQ(results[9].message, "case: unexpected end of input");
  EXPECT_EQ(runner.Workers(), 3);
  backend.thread_safe = false;
  EXPECT_EQ(runner.Workers(), 1);
}

TEST(Runner, FailFastStopsAfterTheFirstFailure) {
  FakeBackend backend(WriteFloats({1, 0, 0, 9}));
  CaseFile file;
  file.path = "many.json";
  file.file_id = "many";
  for (int i = 0; i < 5; ++i) file.cases.push_back(CaseEntry{"many/c" + std::to_string(i), {}, Diagonal()});
  CaseSet set;
  set.files = {file};
  RunOptions options;
  options.jobs = 1;
  options.fail_fast = true;
  Runner runner(backend, NoReference(), options);
  const std::vector<CaseResult> results = runner.Run(set.Select(CaseFilter()));
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, CaseStatus::kFail);
}

TEST(Runner, DumpDirGetsActualAndExpectedOfFailures) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "dmlc_dump_test";
  std::filesystem::remove_all(dir);
  FakeBackend backend(WriteFloats({1, 0, 0, 2}));
  RunOptions options;
  options.dump_dir = dir;
  const CaseResult r = RunOne(backend, Diagonal(), options);
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_TRUE(std::filesystem::exists(dir / "cases__diag.OutputTensor.actual.npy")) << r.message;
  EXPECT_TRUE(std::filesystem::exists(dir / "cases__diag.OutputTensor.expected.npy"));
  // 128-byte v1.0 header + 4 FLOAT32 values.
  EXPECT_EQ(std::filesystem::file_size(dir / "cases__diag.OutputTensor.actual.npy"), 128u + 16u);
  std::filesystem::remove_all(dir);
}

// --- execution flags and --ab-metacommands

TEST(ExecutionFlags, TheCasesAndTheRunsFlagsReachPrepareAndTheReport) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  TestCase c = Diagonal();
  c.execution_flags = ops::kExecutionFlagAllowHalfPrecisionComputation;
  RunOptions options;
  options.execution_flags = ops::kExecutionFlagDescriptorsVolatile;
  const CaseResult r = RunOne(backend, c, options);
  EXPECT_EQ(r.status, CaseStatus::kPass) << r.message;
  EXPECT_EQ(backend.prepared_flags, (std::vector<ops::ExecutionFlags>{0x5}));
  EXPECT_EQ(r.execution_flags, "ALLOW_HALF_PRECISION_COMPUTATION|DESCRIPTORS_VOLATILE");
  EXPECT_FALSE(r.metacommand_ab);
}

RunOptions AbOptions() {
  RunOptions options;
  options.ab_metacommands = true;
  return options;
}

TEST(MetacommandAb, RunsTwiceWithAndWithoutMetacommandsAndAgreeingPasses) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}, 2.0));
  backend.without_metacommands = WriteFloats({1, 0, 0, 1}, 3.0);
  TestCase c = Diagonal();
  c.execution_flags = ops::kExecutionFlagDisableMetaCommands;  // the A/B decides both runs' setting
  const CaseResult r = RunOne(backend, c, AbOptions());
  EXPECT_EQ(r.status, CaseStatus::kPass) << r.message;
  EXPECT_EQ(backend.prepared_flags, (std::vector<ops::ExecutionFlags>{0, ops::kExecutionFlagDisableMetaCommands}));
  EXPECT_EQ(r.execution_flags, "");
  ASSERT_TRUE(r.metacommand_ab);
  EXPECT_EQ(r.metacommand_ab->execution_flags, "DISABLE_META_COMMANDS");
  EXPECT_EQ(r.metacommand_ab->status, "pass");
  EXPECT_TRUE(r.metacommand_ab->agree);
  EXPECT_EQ(r.metacommand_ab->mismatches, 0u);
  EXPECT_EQ(r.metacommand_ab->cpu_ms, 3.0);
}

TEST(MetacommandAb, ASecondRunThatFailsWhereTheFirstPassedFailsTheCase) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  backend.without_metacommands = WriteFloats({1, 0, 0.5f, 1});
  const CaseResult r = RunOne(backend, Diagonal(), AbOptions());
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.message.find("with DISABLE_META_COMMANDS (DirectML's own shaders): 1 of 4 elements differ"), 0u)
      << r.message;
  ASSERT_TRUE(r.metacommand_ab);
  EXPECT_EQ(r.metacommand_ab->status, "fail");
  EXPECT_FALSE(r.metacommand_ab->agree);
  EXPECT_EQ(r.metacommand_ab->mismatches, 1u);
  EXPECT_EQ(r.comparison.mismatches, 0u);  // the first run's comparison, as reported
}

TEST(MetacommandAb, AFirstRunThatFailsSaysWhenTheSecondPasses) {
  FakeBackend backend(WriteFloats({1, 0, 0, 2}));
  backend.without_metacommands = WriteFloats({1, 0, 0, 1});
  const CaseResult r = RunOne(backend, Diagonal(), AbOptions());
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.message.find("1 of 4 elements differ beyond the tolerance"), 0u) << r.message;
  EXPECT_NE(r.message.find("; with DISABLE_META_COMMANDS the outputs pass: the metacommands are what differs"),
            std::string::npos)
      << r.message;
  EXPECT_FALSE(r.metacommand_ab->agree);
}

TEST(MetacommandAb, RunsWithinTheToleranceEachAgreeHoweverFarApart) {
  // The data bound (9.54e-07) admits each run 0.75 * 2^-20 to its side of the exact 2^-20, 1.5 * 2^-20
  // apart: each is judged against the reference, not against the other.
  FakeBackend backend(WriteFloats({0x1p-20f + 0x1.8p-21f}));
  backend.without_metacommands = WriteFloats({0x1p-20f - 0x1.8p-21f});
  const CaseResult r = RunOne(backend, CancellingSum(), AbOptions());
  EXPECT_EQ(r.status, CaseStatus::kPass) << r.message;
  EXPECT_TRUE(r.metacommand_ab->agree);
}

TEST(MetacommandAb, AnOutOfBoundsWriteOfTheSecondRunFails) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  backend.without_metacommands = WriteFloats({1, 0, 0, 1, 9});  // one float past the 16 bytes
  const CaseResult r = RunOne(backend, Diagonal(), AbOptions());
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.message.find("with DISABLE_META_COMMANDS (DirectML's own shaders): OutputTensor: "), 0u) << r.message;
  EXPECT_EQ(r.metacommand_ab->status, "fail");
}

TEST(MetacommandAb, ASecondRunThatCannotExecuteIsAnErrorTheReportShows) {
  FakeBackend backend(WriteFloats({1, 0, 0, 1}));
  backend.without_metacommands = [](std::span<const backends::ConstBuffer>, std::span<const backends::MutableBuffer>)
      -> Result<backends::Timing> { return MakeError("fake", "", "device hung"); };
  const CaseResult r = RunOne(backend, Diagonal(), AbOptions());
  EXPECT_EQ(r.status, CaseStatus::kError);
  EXPECT_EQ(r.message.find("execute with DISABLE_META_COMMANDS: "), 0u) << r.message;
  ASSERT_TRUE(r.metacommand_ab);
  EXPECT_EQ(r.metacommand_ab->status, "error");
}

}  // namespace
}  // namespace dmlc::app
