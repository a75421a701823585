// Runner::RunOne: the life of one case, as a chain of named steps. Each step either hands on what the
// next needs or returns the verdict that settles the case.
#include <algorithm>
#include <chrono>
#include <exception>
#include <new>
#include <optional>
#include <span>
#include <string>

#include "app/case/case_writer.h"
#include "app/engine/api_steps.h"
#include "app/engine/behaviour_judge.h"
#include "app/engine/behaviours.h"
#include "app/engine/case_checks.h"
#include "app/engine/dump.h"
#include "app/engine/flush_to_zero.h"
#include "app/engine/guarded_buffer.h"
#include "app/engine/iteration_timing.h"
#include "app/engine/model_run.h"
#include "app/engine/runner.h"
#include "app/engine/tolerance.h"

namespace dmlc::app {
namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// An expectError case was rejected with `message`: it passes when the message holds the substring.
Verdict JudgeRejection(const ExpectError& expect, const std::string& message) {
  if (expect.substring.empty() || message.find(expect.substring) != std::string::npos) {
    return {CaseStatus::kPass, "rejected as expected: " + message};
  }
  return Verdict::Fail("rejected, but the message does not contain '" + expect.substring + "': " + message);
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
    return Verdict::Skip(c.skip_reason);
  }
  r.operator_type = std::string(ops::OperatorTypeName(ops::TypeOf(c.desc)));
  r.operator_name = ops::DisplayName(c.desc);
  r.data_types = DataTypeNames(c.desc);
  if (check.level) r.feature_level = std::string(ops::FeatureLevelName(*check.level));
  if (check.skip_reason) return Verdict::Skip(*check.skip_reason);
  if (c.expect_error.expected || !check.rejection) return std::nullopt;
  Error rejection = *check.rejection;
  if (rejection.where.file.empty()) rejection.where = c.where;
  rejection.message = "invalid desc: " + rejection.message;
  return Verdict::Erred("", rejection);
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

// An open case's behaviours, the values stated for its outputs (the file's where it states them; every
// output of a differential reference, `all_stated`), and the outputs.
OpenCase Open(const TestCase& c, const std::vector<Behaviour>& admitted, const std::vector<std::vector<std::byte>>& expected,
              bool all_stated, std::vector<GuardedBuffer>& outputs) {
  OpenCase open{*ops::BehaviourKindOf(ops::TypeOf(c.desc)), admitted, {}, {}, c.behaviours};
  for (size_t i = 0; i < outputs.size(); ++i) {
    const bool stated = all_stated || c.expected[i].has_value();
    open.stated.push_back(stated ? std::span<const std::byte>(expected[i]) : std::span<const std::byte>{});
    open.actual.push_back(outputs[i].buffer());
  }
  return open;
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
  CaseResult result = Settled(verdict, std::move(r), start);
  // A case that failed or erred shows its desc, as its file spells it, so that the report says what
  // ran without the file at hand; a passing one does not, so a green run's report stays small.
  const bool shown = result.status == CaseStatus::kFail || result.status == CaseStatus::kError;
  if (shown && selected.entry != nullptr && selected.entry->loaded.ok() &&
      selected.entry->loaded.value().skip_reason.empty()) {
    result.desc = WriteDesc(selected.entry->loaded.value().desc);
  }
  return result;
}

Verdict Runner::Execute(const TestCase& c, CaseResult& r) {
  const DescCheck check = c.skip_reason.empty() ? CheckDesc(c, options_.feature_level) : DescCheck{};
  if (std::optional<Verdict> settled = Preflight(c, check, r)) return *settled;
  const bool computing = options_.differential.role == DifferentialRun::Role::kCompute;
  // A rejection has no outputs to compute: the backend's worker judges it alone.
  if (c.expect_error.expected) return computing ? Verdict::Pass() : ExpectRejection(c, check, r);
  const backends::Support support = backend_.Supports(c.desc);
  if (!support.supported) return Verdict::Skip(std::string(backend_.Name()) + ": " + support.reason);
  // The reference's own disagreements with the spec are not what this run asks about.
  if (!computing) {
    if (std::optional<Verdict> finding = api_.AskApi(c, nullptr, r)) return *finding;
  }
  return RunAccepted(c, r);
}

// Backends receive only descs the model accepted, so the model's rejection settles the case before any
// backend sees it; an accepted desc must then be refused by the backend.
Verdict Runner::ExpectRejection(const TestCase& c, const DescCheck& check, CaseResult& r) {
  if (check.rejection) {
    Verdict judged = JudgeRejection(c.expect_error, check.rejection->ToString());
    // Only what the spec forbids outright: a support-table rejection is a level, not a rule.
    if (judged.status == CaseStatus::kPass && check.forbidden) {
      if (std::optional<Verdict> finding = api_.AskApi(c, &*check.rejection, r)) return *finding;
    }
    return judged;
  }
  const backends::Support support = backend_.Supports(c.desc);
  if (!support.supported) {
    return Verdict::Fail("validation accepted a desc the case expects to be rejected (" +
                         std::string(backend_.Name()) + " does not support it: " + support.reason + ")");
  }
  Result<std::unique_ptr<backends::PreparedOperator>> prepared = backend_.Prepare(c.desc);
  if (!prepared.ok()) {
    // A device lost meanwhile refuses everything: that is no rejection of the desc.
    if (prepared.error().device_lost) return Verdict::Erred("prepare: ", prepared.error());
    return JudgeRejection(c.expect_error, prepared.error().ToString());
  }
  return Verdict::Fail("the desc was accepted by validation and by " + std::string(backend_.Name()) +
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
  if (Status fits = CheckCaseMemory(c, options_.max_case_memory); !fits.ok()) return Verdict::Erred("", fits.error());
  // A model's dispatches carry state from one to the next, through files the model writes: judged by the
  // model's own expected values only (docs/semantics.md, "Any backend as the reference").
  if (c.model && options_.differential.role != DifferentialRun::Role::kNone) {
    return Verdict::Skip("a model's dispatches are not run against another backend");
  }
  // A model's dispatch takes its bytes from the resources, as the model's earlier commands left them.
  std::optional<ModelRun> model;
  if (c.model) {
    Result<ModelRun> started = ModelRun::Start(backend_, c, &model_checkpoint_);
    if (!started.ok()) return Verdict::Erred("", started.error());
    model.emplace(std::move(*started));
  }
  Result<std::vector<std::vector<std::byte>>> inputs =
      model ? Result<std::vector<std::vector<std::byte>>>(model->Inputs()) : MaterializeInputs(c, ins);
  if (!inputs.ok()) return Verdict::Erred("", inputs.error());
  const std::vector<backends::ConstBuffer> input_views(inputs->begin(), inputs->end());
  if (options_.differential.role == DifferentialRun::Role::kCompute) return ComputeForJudge(c, r, outs, input_views);
  Result<std::vector<std::vector<std::byte>>> expected = ExpectedOutputs(c, r.id, outs, input_views);
  if (!expected.ok()) return Verdict::Erred("", expected.error());
  Result<std::vector<std::vector<std::byte>>> flushed = FlushedReference(c, outs, *inputs, *expected);
  if (!flushed.ok()) return Verdict::Erred("", flushed.error());
  Result<std::vector<Behaviour>> admitted = Admitted(c, outs, input_views, *expected);
  if (!admitted.ok()) return Verdict::Erred("", admitted.error());

  CaseTiming timing;
  timing.iterations = options_.iterations;
  timing.warmup = options_.warmup;
  timing.repeat = options_.repeat;
  // With the A/B, this first run keeps the metacommands whatever the case asks; the second turns them off.
  const ops::ExecutionFlags flags = (c.execution_flags | options_.execution_flags) &
                                    ~(options_.ab_metacommands ? ops::kExecutionFlagDisableMetaCommands : 0);
  if (flags != ops::kExecutionFlagNone) r.execution_flags = ops::ExecutionFlagsText(flags);
  const Clock::time_point prepare_start = Clock::now();
  Result<std::unique_ptr<backends::PreparedOperator>> prepared = api_.Prepare(c.desc, flags);
  timing.prepare_ms = MsSince(prepare_start);
  if (!prepared.ok()) return Verdict::Erred("prepare: ", prepared.error());

  std::vector<std::span<const std::byte>> initial;
  for (size_t k = 0; model && k < outs.size(); ++k) initial.push_back(model->OutputBefore(k));
  std::vector<GuardedBuffer> outputs = GuardedOutputs(outs, initial);
  const std::vector<backends::MutableBuffer> output_views = Views(outputs);
  Result<backends::Timing> compared = (*prepared)->Execute(input_views, output_views);
  if (!compared.ok()) return Verdict::Erred("execute: ", compared.error());
  timing.compared_cpu_ms = compared->cpu_ms;
  timing.compared_gpu_ms = compared->gpu_ms;

  const ApiSteps::JudgeFn judge = [&](std::vector<GuardedBuffer>& judged, CaseResult& into) {
    return Judge(c, flags, input_views, outs, {*expected, *flushed, *admitted}, judged, into);
  };
  Verdict verdict = judge(outputs, r);
  if (options_.ab_metacommands) {
    verdict = api_.RunWithoutMetacommands(c.desc, flags, input_views, outs, initial, judge, verdict, r);
  }
  if (model) {
    std::vector<std::span<const std::byte>> produced;
    for (const GuardedBuffer& o : outputs) produced.push_back(o.buffer());
    Status finished = model->Finish(produced);
    r.transcript = model->transcript();
    if (!finished.ok()) return Verdict::Erred("", finished.error());
  }
  if (verdict.status == CaseStatus::kFail && options_.differential.role == DifferentialRun::Role::kJudge) {
    verdict.message += "; judged against the outputs of " + options_.differential.reference +
                       Arbitrate(c, flags, *inputs, outs, *expected, outputs, r);
  }
  if (verdict.status == CaseStatus::kFail && !options_.dump_dir.empty()) verdict.message += Dump(r.id, outs, *expected, outputs);
  if (options_.iterations > 0) {
    Status timed = TimeIterations(**prepared, input_views, output_views, timing);
    if (!timed.ok()) return Verdict::Erred("timed execution: ", timed.error());
  }
  r.timing = timing;
  return verdict;
}

// Out-of-bounds writes first (they make the values meaningless), then the values under the tolerance.
Verdict Runner::Judge(const TestCase& c, ops::ExecutionFlags flags, const std::vector<backends::ConstBuffer>& inputs,
                      const std::vector<const ops::TensorBinding*>& outs, const Expectations& expectations,
                      std::vector<GuardedBuffer>& outputs, CaseResult& r) const {
  // A differential run's reference (differential.h): its outputs are the expected ones, and the tolerance
  // doubles when it is not exact.
  const bool differential = options_.differential.role == DifferentialRun::Role::kJudge;
  const ToleranceRule tolerance = differential ? DifferentialTolerance(ToleranceFor(c, flags), options_.differential)
                                               : ToleranceFor(c, flags);
  const std::vector<std::vector<std::byte>>& expected = expectations.expected;
  const std::vector<double> bounds = differential
                                         ? DifferentialBounds(DataBounds(c, tolerance, inputs), options_.differential)
                                         : DataBounds(c, tolerance, inputs);
  r.tolerance = tolerance.rule + LargestBound(bounds);
  if (!expectations.flushed.empty()) r.tolerance += kFlushedRule;
  if (differential) r.tolerance += JudgedAgainst(options_.differential);
  std::string oob;
  for (size_t i = 0; i < outs.size(); ++i) {
    if (auto write = outputs[i].FindOutOfBoundsWrite(); write && oob.empty()) oob = outs[i]->name + ": " + *write;
    const std::span<const std::byte> flushed = expectations.flushed.empty() ? std::span<const std::byte>{}
                                                                              : expectations.flushed[i];
    CompareTensor(*outs[i]->desc, outs[i]->name, expected[i], outputs[i].buffer(), tolerance.tolerance,
                  options_.max_reported_mismatches, r.comparison,
                  {.element_bounds = bounds, .alternative = flushed, .zero_signs_equal = ZeroSignsEqual(c.desc)});
  }
  if (!oob.empty()) return Verdict::Fail(oob);
  // Where the documents leave the answer open, the outputs are judged by the rule (behaviour_judge.h).
  if (!expectations.admitted.empty()) {
    const CompareFn compare = [&](const Tensors& against, const Tensors& actual) {
      CompareResult result;
      for (size_t i = 0; i < outs.size(); ++i) {
        if (against[i].empty()) continue;
        CompareTensor(*outs[i]->desc, outs[i]->name, against[i], actual[i], tolerance.tolerance,
                      options_.max_reported_mismatches, result,
                      {.element_bounds = bounds, .zero_signs_equal = ZeroSignsEqual(c.desc)});
      }
      return result;
    };
    const RunPins pins{options_.required_behaviours, options_.strict_expected};
    const OpenCase open = Open(c, expectations.admitted, expected, differential, outputs);
    if (std::optional<Verdict> judged = JudgeOpen(open, pins, compare, r)) return *judged;
  }
  if (!r.comparison.passed()) {
    return Verdict::Fail(std::to_string(r.comparison.mismatches) + " of " + std::to_string(r.comparison.elements) +
                         " elements differ beyond the tolerance (" + DescribeTolerance(tolerance, bounds) +
                         (expectations.flushed.empty() ? "" : kFlushedRule) + AdmittedNames(expectations.admitted) +
                         ")");
  }
  return Verdict::Pass();
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
