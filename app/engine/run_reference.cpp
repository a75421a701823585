// The two sides of a differential run (differential.h) inside a worker. The reference's:
// Runner::ComputeForJudge runs the case's operator on the case's inputs, as RunAccepted runs it, and
// writes the outputs for the backend's worker, judging nothing; its verdict tells the parent what came of
// it (pass: written; skip: not supported; else an error). The judge's: Runner::Arbitrate, on a case that
// failed, asks the exact in-worker reference which side is off.
#include "app/engine/guarded_buffer.h"
#include "app/engine/runner.h"
#include "app/engine/tolerance.h"

namespace dmlc::app {

Verdict Runner::ComputeForJudge(const TestCase& c, CaseResult& r, const std::vector<const ops::TensorBinding*>& outs,
                                const std::vector<backends::ConstBuffer>& inputs) {
  // Compiled as the backend's will be, so that a flag that changes the answer changes both.
  const ops::ExecutionFlags flags = c.execution_flags | options_.execution_flags;
  Result<std::unique_ptr<backends::PreparedOperator>> prepared = api_.Prepare(c.desc, flags);
  if (!prepared.ok()) return Verdict::Erred("prepare: ", prepared.error());
  std::vector<GuardedBuffer> outputs = GuardedOutputs(outs, {});
  Result<backends::Timing> executed = (*prepared)->Execute(inputs, Views(outputs));
  if (!executed.ok()) return Verdict::Erred("execute: ", executed.error());
  // Outputs it wrote past are no answer to judge by.
  for (size_t i = 0; i < outs.size(); ++i) {
    if (auto write = outputs[i].FindOutOfBoundsWrite()) return {CaseStatus::kError, outs[i]->name + ": " + *write};
  }
  for (size_t i = 0; i < outs.size(); ++i) {
    Status written = WriteReferenceOutput(options_.differential.outputs, r.id, outs[i]->name, outputs[i].buffer());
    if (!written.ok()) return Verdict::Erred("", written.error());
  }
  return Verdict::Pass();
}

// Each side is held to the case's own tolerance (not doubled) from the exact answer, and to its flushed
// answer where the comparison admits one (flush_to_zero.h), as in any run. Where the exact reference
// cannot run the case, nothing is said.
std::string Runner::Arbitrate(const TestCase& c, ops::ExecutionFlags flags, const std::vector<std::vector<std::byte>>& inputs,
                              const std::vector<const ops::TensorBinding*>& outs,
                              const std::vector<std::vector<std::byte>>& expected, std::vector<GuardedBuffer>& outputs,
                              CaseResult& r) {
  const std::vector<backends::ConstBuffer> views(inputs.begin(), inputs.end());
  Result<std::vector<std::vector<std::byte>>> exact = ComputeReference(c, outs, views);
  if (!exact.ok()) return "";
  Result<std::vector<std::vector<std::byte>>> flushed = FlushedReference(c, outs, inputs, *exact);
  Result<backends::Backend*> exact_backend = Reference();
  if (!flushed.ok() || !exact_backend.ok()) return "";
  const ToleranceRule tolerance = ToleranceFor(c, flags);
  const std::vector<double> bounds = DataBounds(c, tolerance, views);
  CompareResult backend_side, reference_side;
  for (size_t i = 0; i < outs.size(); ++i) {
    const Admissions admitted{.element_bounds = bounds,
                              .alternative = flushed->empty() ? std::span<const std::byte>{}
                                                              : std::span<const std::byte>((*flushed)[i]),
                              .zero_signs_equal = ZeroSignsEqual(c.desc)};
    CompareTensor(*outs[i]->desc, outs[i]->name, (*exact)[i], outputs[i].buffer(), tolerance.tolerance, 0, backend_side,
                  admitted);
    CompareTensor(*outs[i]->desc, outs[i]->name, (*exact)[i], expected[i], tolerance.tolerance, 0, reference_side,
                  admitted);
  }
  const std::string judge = "the exact reference " + std::string((*exact_backend)->Name());
  const std::string& reference = options_.differential.reference;
  if (backend_side.passed() && !reference_side.passed()) {
    r.blame = "reference";
    return "; " + judge + " agrees with the backend under test: " + reference + " is off";
  }
  if (!backend_side.passed() && reference_side.passed()) {
    r.blame = "backend";
    return "; " + judge + " agrees with " + reference + ": the backend under test is off";
  }
  if (!backend_side.passed()) {
    r.blame = "both";
    return "; " + judge + " agrees with neither";
  }
  return "";
}

}  // namespace dmlc::app
