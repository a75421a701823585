// Runner's buffers of a case: its inputs, materialized from their initializers, and what its outputs are
// judged against: the expected outputs (from the file, or computed by the reference), the flushed
// reference where the comparison admits it (flush_to_zero.h), and the admitted behaviours where the
// inputs leave the answer open (behaviours.h).
#include <algorithm>
#include <mutex>

#include "app/case/initializer.h"
#include "app/engine/flush_to_zero.h"
#include "app/engine/runner.h"

namespace dmlc::app {
namespace {

// The error with the tensor it concerns named first in its message, keeping its location.
Error Within(const std::string& tensor, Error error) {
  error.message = tensor + ": " + error.message;
  return error;
}

std::vector<backends::ConstBuffer> ConstViews(const std::vector<std::vector<std::byte>>& buffers) {
  return {buffers.begin(), buffers.end()};
}

}  // namespace

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

Result<std::vector<std::vector<std::byte>>> Runner::ExpectedOutputs(
    const TestCase& c, const std::string& id, const std::vector<const ops::TensorBinding*>& outs,
    const std::vector<backends::ConstBuffer>& inputs) {
  std::vector<std::vector<std::byte>> expected(outs.size());
  if (options_.differential.role == DifferentialRun::Role::kJudge) {
    for (size_t i = 0; i < outs.size(); ++i) {
      Result<std::vector<std::byte>> buffer = TakeReferenceOutput(
          options_.differential.outputs, id, outs[i]->name, static_cast<size_t>(outs[i]->desc->TotalTensorSizeInBytes));
      if (!buffer.ok()) return buffer.error();
      expected[i] = std::move(buffer).value();
    }
    return expected;
  }
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

Result<std::vector<Behaviour>> Runner::Admitted(const TestCase& c, const std::vector<const ops::TensorBinding*>& outs,
                                                const std::vector<backends::ConstBuffer>& inputs,
                                                const std::vector<std::vector<std::byte>>& expected) {
  // A differential reference's outputs are stated values, as a file's are.
  const bool stated = options_.differential.role == DifferentialRun::Role::kJudge ||
                      std::any_of(c.expected.begin(), c.expected.end(), [](const auto& e) { return e.has_value(); });
  if (!stated) return AdmittedBehaviours(c.desc, inputs, expected);
  // The file's values are judged against the behaviours, never taken for the reference's own.
  if (!LeavesOpen(c.desc, inputs)) return std::vector<Behaviour>{};
  Result<std::vector<std::vector<std::byte>>> reference = ComputeReference(c, outs, inputs);
  if (!reference.ok()) return reference.error();
  return AdmittedBehaviours(c.desc, inputs, *reference);
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

}  // namespace dmlc::app
