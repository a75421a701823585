// Runner::RunOne: the life of one case, as a chain of named steps. Each step either hands on what the
// next needs or returns the verdict that settles the case.
#include <algorithm>
#include <chrono>
#include <exception>
#include <new>
#include <optional>
#include <span>
#include <string>

#include "app/engine/api_validation.h"
#include "app/engine/behaviours.h"
#include "app/engine/case_checks.h"
#include "app/engine/dump.h"
#include "app/engine/error_bound.h"
#include "app/engine/flush_to_zero.h"
#include "app/engine/guarded_buffer.h"
#include "app/engine/iteration_timing.h"
#include "app/engine/model_run.h"
#include "app/engine/runner.h"
#include "app/engine/tolerance.h"
#include "ops/rule.h"

namespace dmlc::app {
namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

Verdict Pass() { return {CaseStatus::kPass, ""}; }
Verdict Fail(std::string message) { return {CaseStatus::kFail, std::move(message)}; }
Verdict Skip(std::string message) { return {CaseStatus::kSkip, std::move(message)}; }
Verdict ErrorVerdict(std::string prefix, const Error& error) {
  return {CaseStatus::kError, prefix + error.ToString(), error.device_lost};
}

// An expectError case was rejected with `message`: it passes when the message holds the substring.
Verdict JudgeRejection(const ExpectError& expect, const std::string& message) {
  if (expect.substring.empty() || message.find(expect.substring) != std::string::npos) {
    return {CaseStatus::kPass, "rejected as expected: " + message};
  }
  return Fail("rejected, but the message does not contain '" + expect.substring + "': " + message);
}

// The error with the tensor it concerns named first in its message, keeping its location.
Error Within(const std::string& tensor, Error error) {
  error.message = tensor + ": " + error.message;
  return error;
}

std::vector<backends::ConstBuffer> ConstViews(const std::vector<std::vector<std::byte>>& buffers) {
  return {buffers.begin(), buffers.end()};
}

// A summing REDUCE's per-element bounds from its input when the rule has them (error_bound.h), else none.
std::vector<double> DataBounds(const TestCase& c, const ToleranceRule& tolerance,
                               const std::vector<backends::ConstBuffer>& inputs) {
  if (tolerance.data_bound.empty()) return {};
  return DataErrorBounds(std::get<ops::ReduceDesc>(c.desc), inputs[0]);
}

// The verdict on a case that did not load: its file's error, or its own.
Verdict Unloaded(const SelectedCase& selected) {
  if (selected.entry == nullptr) {
    return {CaseStatus::kError, selected.file->error ? selected.file->error->ToString() : "file not loaded"};
  }
  return {CaseStatus::kError, selected.entry->loaded.error().ToString()};
}

// What a loaded case says of itself (operator, data types, level) into `r`, and the verdict when that
// settles it before any backend is asked: its own skip, a level above the cap, or an invalid desc it
// does not expect (the model's errors name the field; the case's location says where to look).
std::optional<Verdict> Preflight(const TestCase& c, const DescCheck& check, CaseResult& r) {
  if (!c.skip_reason.empty()) {
    r.operator_type = r.operator_name = "not run here";  // as run_plan.cpp's DescribeCase names it
    return Skip(c.skip_reason);
  }
  r.operator_type = std::string(ops::OperatorTypeName(ops::TypeOf(c.desc)));
  r.operator_name = ops::DisplayName(c.desc);
  r.data_types = DataTypeNames(c.desc);
  if (check.level) r.feature_level = std::string(ops::FeatureLevelName(*check.level));
  if (check.skip_reason) return Skip(*check.skip_reason);
  if (c.expect_error.expected || !check.rejection) return std::nullopt;
  Error rejection = *check.rejection;
  if (rejection.where.file.empty()) rejection.where = c.where;
  rejection.message = "invalid desc: " + rejection.message;
  return ErrorVerdict("", rejection);
}

// `r` with the verdict and the time since `start`.
CaseResult Settled(const Verdict& verdict, CaseResult r, Clock::time_point start) {
  r.status = verdict.status;
  r.message = verdict.message;
  r.device_lost = verdict.device_lost;
  r.duration_ms = MsSince(start);
  return r;
}

// A result naming the case and its file, nothing settled yet.
CaseResult Named(const SelectedCase& selected) {
  CaseResult r;
  r.id = selected.id();
  r.file = selected.file->path;
  r.file_id = selected.file->file_id;
  return r;
}

// What a report's tolerance adds when the flushed reference is admitted (flush_to_zero.h).
constexpr const char* kFlushedRule = "; or the reference with FLOAT32 subnormals flushed to zero";

}  // namespace

std::optional<CaseResult> SettledWithoutBackend(const SelectedCase& selected, const RunOptions& options) {
  const Clock::time_point start = Clock::now();
  CaseResult r = Named(selected);
  if (selected.entry == nullptr || !selected.entry->loaded.ok()) return Settled(Unloaded(selected), r, start);
  const TestCase& c = selected.entry->loaded.value();
  try {
    const DescCheck check = c.skip_reason.empty() ? CheckDesc(c, options.feature_level) : DescCheck{};
    std::optional<Verdict> verdict = Preflight(c, check, r);
    if (!verdict) return std::nullopt;
    return Settled(*verdict, std::move(r), start);
  } catch (const std::exception&) {
    return std::nullopt;  // RunOne() in a worker says what went wrong, costing that worker only
  }
}

CaseResult Runner::RunOne(const SelectedCase& selected) {
  const Clock::time_point start = Clock::now();
  CaseResult r = Named(selected);
  Verdict verdict;
  try {
    if (selected.entry == nullptr || !selected.entry->loaded.ok()) {
      verdict = Unloaded(selected);
    } else {
      verdict = Execute(selected.entry->loaded.value(), r);
    }
  } catch (const std::bad_alloc& e) {
    // The budget check settles the cases it can see coming; this is what it cannot (a backend's own
    // allocations, other cases' buffers in parallel, an address-space limit).
    verdict = {CaseStatus::kError, "out of memory while running case " + r.id + " of " + r.file + ": " + e.what()};
  } catch (const std::exception& e) {
    verdict = {CaseStatus::kError, std::string("internal error: ") + e.what()};
  } catch (...) {
    verdict = {CaseStatus::kError, "internal error: unknown exception"};
  }
  return Settled(verdict, std::move(r), start);
}

Verdict Runner::Execute(const TestCase& c, CaseResult& r) {
  const DescCheck check = c.skip_reason.empty() ? CheckDesc(c, options_.feature_level) : DescCheck{};
  if (std::optional<Verdict> settled = Preflight(c, check, r)) return *settled;
  if (c.expect_error.expected) return ExpectRejection(c, check, r);
  const backends::Support support = backend_.Supports(c.desc);
  if (!support.supported) return Skip(std::string(backend_.Name()) + ": " + support.reason);
  if (std::optional<Verdict> finding = AskApi(c, nullptr, r)) return *finding;
  return RunAccepted(c, r);
}

// A backend over an API that validates descs itself is asked too; where it disagrees with the spec the
// case fails as that API's finding. `spec_rejection` is null for a valid desc. An API accepting a desc
// that breaks only a rule no document states is a note, not a finding.
std::optional<Verdict> Runner::AskApi(const TestCase& c, const Error* spec_rejection, CaseResult& r) {
  const std::optional<backends::ApiVerdict> verdict = backend_.JudgeDesc(c.desc);
  if (!verdict) return std::nullopt;
  if (verdict->device_lost) {
    Error lost = MakeError(std::string(backend_.Name()), "", "device lost: " + verdict->detail);
    lost.device_lost = true;
    return ErrorVerdict("", lost);
  }
  const ApiFinding finding = JudgeApiVerdict(spec_rejection == nullptr, *verdict);
  if (finding == ApiFinding::kNone) return std::nullopt;
  if (finding == ApiFinding::kAcceptsInvalid && ops::BreaksOnlyOurRule(*spec_rejection)) {
    r.api_note = std::string(backend_.Name()) + " accepted the desc; it breaks only " + spec_rejection->rule_id +
                 ", which no document states (" + spec_rejection->rule_source + ")";
    return std::nullopt;
  }
  r.api_finding = finding;
  const std::string rejection =
      spec_rejection ? spec_rejection->ToString() + "; source: " + spec_rejection->rule_source : "";
  return Fail(ApiFindingMessage(finding, backend_.Name(), rejection, *verdict));
}

// Backends receive only descs the model accepted, so the model's rejection settles the case before any
// backend sees it; an accepted desc must then be refused by the backend.
Verdict Runner::ExpectRejection(const TestCase& c, const DescCheck& check, CaseResult& r) {
  if (check.rejection) {
    Verdict judged = JudgeRejection(c.expect_error, check.rejection->ToString());
    // Only what the spec forbids outright: a support-table rejection is a level, not a rule.
    if (judged.status == CaseStatus::kPass && check.forbidden) {
      if (std::optional<Verdict> finding = AskApi(c, &*check.rejection, r)) return *finding;
    }
    return judged;
  }
  const backends::Support support = backend_.Supports(c.desc);
  if (!support.supported) {
    return Fail("validation accepted a desc the case expects to be rejected (" + std::string(backend_.Name()) +
                " does not support it: " + support.reason + ")");
  }
  Result<std::unique_ptr<backends::PreparedOperator>> prepared = backend_.Prepare(c.desc);
  if (!prepared.ok()) {
    // A device lost meanwhile refuses everything: that is no rejection of the desc.
    if (prepared.error().device_lost) return ErrorVerdict("prepare: ", prepared.error());
    return JudgeRejection(c.expect_error, prepared.error().ToString());
  }
  return Fail("the desc was accepted by validation and by " + std::string(backend_.Name()) +
              ", but the case expects it to be rejected");
}

Verdict Runner::RunAccepted(const TestCase& c, CaseResult& r) {
  const std::vector<ops::TensorBinding> bindings = ops::Bindings(c.desc);
  std::vector<const ops::TensorBinding*> ins, outs;
  for (const auto& b : bindings) (b.role == ops::TensorRole::kInput ? ins : outs).push_back(&b);
  if ((!c.model && c.inputs.size() != ins.size()) || c.expected.size() != outs.size()) {
    return {CaseStatus::kError, "the case gives " + std::to_string(c.inputs.size()) + " inputs and " +
                                    std::to_string(c.expected.size()) + " expected outputs; the desc binds " +
                                    std::to_string(ins.size()) + " and " + std::to_string(outs.size())};
  }
  if (Status fits = CheckCaseMemory(c, options_.max_case_memory); !fits.ok()) return ErrorVerdict("", fits.error());
  // A model's dispatch takes its bytes from the resources, as the model's earlier commands left them.
  std::optional<ModelRun> model;
  if (c.model) {
    Result<ModelRun> started = ModelRun::Start(backend_, c, &model_checkpoint_);
    if (!started.ok()) return ErrorVerdict("", started.error());
    model.emplace(std::move(*started));
  }
  Result<std::vector<std::vector<std::byte>>> inputs =
      model ? Result<std::vector<std::vector<std::byte>>>(model->Inputs()) : MaterializeInputs(c, ins);
  if (!inputs.ok()) return ErrorVerdict("", inputs.error());
  const std::vector<backends::ConstBuffer> input_views = ConstViews(*inputs);
  Result<std::vector<std::vector<std::byte>>> expected = ExpectedOutputs(c, outs, input_views);
  if (!expected.ok()) return ErrorVerdict("", expected.error());
  Result<std::vector<std::vector<std::byte>>> flushed = FlushedReference(c, outs, *inputs, *expected);
  if (!flushed.ok()) return ErrorVerdict("", flushed.error());

  CaseTiming timing;
  timing.iterations = options_.iterations;
  timing.warmup = options_.warmup;
  timing.repeat = options_.repeat;
  // With the A/B, this first run keeps the metacommands whatever the case asks; the second turns them off.
  const ops::ExecutionFlags flags = (c.execution_flags | options_.execution_flags) &
                                    ~(options_.ab_metacommands ? ops::kExecutionFlagDisableMetaCommands : 0);
  if (flags != ops::kExecutionFlagNone) r.execution_flags = ops::ExecutionFlagsText(flags);
  const Clock::time_point prepare_start = Clock::now();
  Result<std::unique_ptr<backends::PreparedOperator>> prepared = backend_.PrepareWithFlags(c.desc, flags);
  timing.prepare_ms = MsSince(prepare_start);
  if (!prepared.ok()) return ErrorVerdict("prepare: ", prepared.error());

  std::vector<GuardedBuffer> outputs;
  std::vector<backends::MutableBuffer> output_views;
  for (size_t k = 0; k < outs.size(); ++k) {
    if (model) outputs.emplace_back(*outs[k]->desc, model->OutputBefore(k));
    else outputs.emplace_back(*outs[k]->desc);
  }
  for (auto& o : outputs) output_views.push_back(o.buffer());
  Result<backends::Timing> compared = (*prepared)->Execute(input_views, output_views);
  if (!compared.ok()) return ErrorVerdict("execute: ", compared.error());
  timing.compared_cpu_ms = compared->cpu_ms;
  timing.compared_gpu_ms = compared->gpu_ms;

  Verdict verdict = Judge(c, flags, input_views, outs, {*expected, *flushed}, outputs, r);
  if (options_.ab_metacommands) {
    std::vector<std::span<const std::byte>> initial;
    for (size_t k = 0; model && k < outs.size(); ++k) initial.push_back(model->OutputBefore(k));
    verdict = RunWithoutMetacommands(c, flags, input_views, outs, {*expected, *flushed}, initial, verdict, r);
  }
  if (model) {
    std::vector<std::span<const std::byte>> produced;
    for (const GuardedBuffer& o : outputs) produced.push_back(o.buffer());
    Status finished = model->Finish(produced);
    r.transcript = model->transcript();
    if (!finished.ok()) return ErrorVerdict("", finished.error());
  }
  if (verdict.status == CaseStatus::kFail && !options_.dump_dir.empty()) verdict.message += Dump(r.id, outs, *expected, outputs);
  if (options_.iterations > 0) {
    Status timed = TimeIterations(**prepared, input_views, output_views, timing);
    if (!timed.ok()) return ErrorVerdict("timed execution: ", timed.error());
  }
  r.timing = timing;
  return verdict;
}

Result<std::vector<std::vector<std::byte>>> Runner::MaterializeInputs(const TestCase& c,
                                                                      const std::vector<const ops::TensorBinding*>& ins) {
  std::vector<std::vector<std::byte>> inputs;
  for (size_t i = 0; i < ins.size(); ++i) {
    Result<std::vector<std::byte>> buffer = Materialize(c.inputs[i], *ins[i]->desc);
    if (!buffer.ok()) return Within(ins[i]->name, buffer.error());
    inputs.push_back(std::move(buffer).value());
  }
  return inputs;
}

// Out-of-bounds writes first (they make the values meaningless), then the values under the tolerance.
Verdict Runner::Judge(const TestCase& c, ops::ExecutionFlags flags, const std::vector<backends::ConstBuffer>& inputs,
                      const std::vector<const ops::TensorBinding*>& outs, const Expectations& expectations,
                      std::vector<GuardedBuffer>& outputs, CaseResult& r) const {
  const ToleranceRule tolerance = ToleranceFor(c, flags);
  const std::vector<std::vector<std::byte>>& expected = expectations.expected;
  const std::vector<double> bounds = DataBounds(c, tolerance, inputs);
  r.tolerance = tolerance.rule + LargestBound(bounds);
  if (!expectations.flushed.empty()) r.tolerance += kFlushedRule;
  std::string oob;
  for (size_t i = 0; i < outs.size(); ++i) {
    if (auto write = outputs[i].FindOutOfBoundsWrite(); write && oob.empty()) oob = outs[i]->name + ": " + *write;
    const std::span<const std::byte> flushed = expectations.flushed.empty() ? std::span<const std::byte>{}
                                                                              : expectations.flushed[i];
    CompareTensor(*outs[i]->desc, outs[i]->name, expected[i], outputs[i].buffer(), tolerance.tolerance,
                  options_.max_reported_mismatches, r.comparison,
                  {.element_bounds = bounds, .alternative = flushed, .zero_signs_equal = ZeroSignsEqual(c.desc)});
  }
  if (!oob.empty()) return Fail(oob);
  // Where the documents leave the answer open, another admitted behaviour may match as a whole.
  const std::vector<Behaviour> behaviours = AdmittedBehaviours(c.desc, inputs, expected);
  if (!behaviours.empty() && r.comparison.passed()) r.behaviour = behaviours.front().name;
  for (size_t b = 1; b < behaviours.size() && !r.comparison.passed(); ++b) {
    CompareResult other;
    for (size_t i = 0; i < outs.size(); ++i) {
      CompareTensor(*outs[i]->desc, outs[i]->name, behaviours[b].outputs[i], outputs[i].buffer(), tolerance.tolerance,
                    options_.max_reported_mismatches, other,
                    {.element_bounds = bounds, .zero_signs_equal = ZeroSignsEqual(c.desc)});
    }
    if (other.passed()) {
      r.comparison = std::move(other);
      r.behaviour = behaviours[b].name;
    }
  }
  if (!r.comparison.passed()) {
    std::string admitted;
    for (const Behaviour& b : behaviours) admitted += (admitted.empty() ? "; admitted behaviours: " : ", ") + b.name;
    return Fail(std::to_string(r.comparison.mismatches) + " of " + std::to_string(r.comparison.elements) +
                " elements differ beyond the tolerance (" + DescribeTolerance(tolerance, bounds) +
                (expectations.flushed.empty() ? "" : kFlushedRule) + admitted + ")");
  }
  return Pass();
}

Verdict Runner::RunWithoutMetacommands(const TestCase& c, ops::ExecutionFlags flags,
                                       const std::vector<backends::ConstBuffer>& inputs,
                                       const std::vector<const ops::TensorBinding*>& outs,
                                       const Expectations& expectations,
                                       const std::vector<std::span<const std::byte>>& initial, Verdict verdict,
                                       CaseResult& r) {
  const ops::ExecutionFlags second_flags = flags | ops::kExecutionFlagDisableMetaCommands;
  const std::string named = ops::ExecutionFlagsText(second_flags);
  r.metacommand_ab = MetacommandAb{named};
  MetacommandAb& ab = *r.metacommand_ab;
  // A first run that errs or fails already says so; the second run's own trouble is added to it.
  auto finding = [&](Verdict second) {
    ab.status = std::string(StatusName(second.status));
    if (verdict.status != CaseStatus::kPass) {
      verdict.message += "; " + second.message;
      return verdict;
    }
    return second;
  };
  Result<std::unique_ptr<backends::PreparedOperator>> prepared = backend_.PrepareWithFlags(c.desc, second_flags);
  if (!prepared.ok()) return finding(ErrorVerdict("prepare with " + named + ": ", prepared.error()));
  std::vector<GuardedBuffer> second;
  std::vector<backends::MutableBuffer> views;
  for (size_t k = 0; k < outs.size(); ++k) {
    if (initial.empty()) second.emplace_back(*outs[k]->desc);
    else second.emplace_back(*outs[k]->desc, initial[k]);
  }
  for (GuardedBuffer& o : second) views.push_back(o.buffer());
  Result<backends::Timing> timing = (*prepared)->Execute(inputs, views);
  if (!timing.ok()) return finding(ErrorVerdict("execute with " + named + ": ", timing.error()));
  ab.cpu_ms = timing->cpu_ms;
  ab.gpu_ms = timing->gpu_ms;
  // Judged as the first run is, against the same expectations and admissions: two runs each within the
  // tolerance of the reference may lie further apart, and each may match another admitted behaviour.
  CaseResult judged;
  const Verdict without = Judge(c, flags, inputs, outs, expectations, second, judged);
  ab.status = std::string(StatusName(without.status));
  ab.mismatches = judged.comparison.mismatches;
  ab.behaviour = judged.behaviour;
  ab.agree = without.status == verdict.status && judged.behaviour == r.behaviour;
  if (without.status == verdict.status) return verdict;
  if (without.status == CaseStatus::kPass) {
    verdict.message += "; with " + named + " the outputs pass: the metacommands are what differs";
    return verdict;
  }
  return finding(Fail("with " + named + " (DirectML's own shaders): " + without.message));
}

std::string Runner::Dump(const std::string& id, const std::vector<const ops::TensorBinding*>& outs,
                         const std::vector<std::vector<std::byte>>& expected, std::vector<GuardedBuffer>& outputs) const {
  std::string failures;
  for (size_t i = 0; i < outs.size(); ++i) {
    Status dumped = DumpOutputs(options_.dump_dir, id, outs[i]->name, *outs[i]->desc, expected[i], outputs[i].buffer());
    if (!dumped.ok()) failures += "; dump failed: " + dumped.error().ToString();
  }
  return failures;
}

Result<std::vector<std::vector<std::byte>>> Runner::ExpectedOutputs(
    const TestCase& c, const std::vector<const ops::TensorBinding*>& outs,
    const std::vector<backends::ConstBuffer>& inputs) {
  std::vector<std::vector<std::byte>> expected(outs.size());
  bool need_reference = false;
  for (size_t i = 0; i < outs.size(); ++i) {
    if (!c.expected[i]) {
      need_reference = true;
      continue;
    }
    Result<std::vector<std::byte>> buffer = Materialize(*c.expected[i], *outs[i]->desc);
    if (!buffer.ok()) return Within("expected " + outs[i]->name, buffer.error());
    expected[i] = std::move(buffer).value();
  }
  if (!need_reference) return expected;

  Result<std::vector<std::vector<std::byte>>> computed = ComputeReference(c, outs, inputs);
  if (!computed.ok()) return computed.error();
  for (size_t i = 0; i < outs.size(); ++i) {
    if (!c.expected[i]) expected[i] = std::move((*computed)[i]);
  }
  return expected;
}

Result<std::vector<std::vector<std::byte>>> Runner::ComputeReference(const TestCase& c,
                                                                     const std::vector<const ops::TensorBinding*>& outs,
                                                                     const std::vector<backends::ConstBuffer>& inputs) {
  Result<backends::Backend*> reference = Reference();
  if (!reference.ok()) return reference.error();
  std::vector<std::vector<std::byte>> computed;
  std::vector<backends::MutableBuffer> views;
  for (const auto* b : outs) computed.emplace_back(static_cast<size_t>(b->desc->TotalTensorSizeInBytes));
  for (auto& buffer : computed) views.emplace_back(buffer);
  std::unique_lock<std::mutex> lock(reference_mutex_, std::defer_lock);
  if (!(*reference)->ThreadSafe()) lock.lock();
  Result<std::unique_ptr<backends::PreparedOperator>> op = (*reference)->Prepare(c.desc);
  if (!op.ok()) return MakeError("reference", "", "computing the expected output: " + op.error().ToString());
  Result<backends::Timing> run = (*op)->Execute(inputs, views);
  if (!run.ok()) return MakeError("reference", "", "computing the expected output: " + run.error().ToString());
  return computed;
}

// Only inputs holding a subnormal need the reference again; otherwise flushing the outputs is all.
Result<std::vector<std::vector<std::byte>>> Runner::FlushedReference(
    const TestCase& c, const std::vector<const ops::TensorBinding*>& outs,
    const std::vector<std::vector<std::byte>>& inputs, const std::vector<std::vector<std::byte>>& expected) {
  if (!AdmitsFlushToZero(c.desc)) return std::vector<std::vector<std::byte>>{};
  std::vector<std::vector<std::byte>> flushed = expected;
  if (std::any_of(inputs.begin(), inputs.end(), [](const auto& buffer) { return HasFloat32Subnormal(buffer); })) {
    std::vector<std::vector<std::byte>> flushed_inputs = inputs;
    for (auto& buffer : flushed_inputs) FlushFloat32Subnormals(buffer);
    Result<std::vector<std::vector<std::byte>>> computed = ComputeReference(c, outs, ConstViews(flushed_inputs));
    if (!computed.ok()) return computed.error();
    flushed = std::move(computed).value();
  }
  for (size_t i = 0; i < outs.size(); ++i) {
    if (outs[i]->desc->DataType == ops::DataType::kFloat32) FlushFloat32Subnormals(flushed[i]);
  }
  return flushed;
}

Status Runner::TimeIterations(backends::PreparedOperator& op, const std::vector<backends::ConstBuffer>& inputs,
                              const std::vector<backends::MutableBuffer>& outputs, CaseTiming& timing) {
  // Each iteration is its own sample, as in DxDispatch's -i loop: one ExecuteRepeated() batch of
  // `repeat` executions back to back (its -r), whose times are divided by `repeat` (iteration_timing.h).
  std::vector<IterationSample> samples;
  samples.reserve(static_cast<size_t>(options_.iterations));
  for (int i = 0; i < options_.iterations; ++i) {
    Result<std::vector<backends::Timing>> batch = op.ExecuteRepeated(inputs, outputs, options_.repeat);
    if (!batch.ok()) return batch.error();
    samples.push_back(BatchSample(*batch));
  }
  SummarizeIterations(samples, options_.warmup, timing);
  return OkStatus();
}

}  // namespace dmlc::app
