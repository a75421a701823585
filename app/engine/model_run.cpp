#include "app/engine/model_run.h"

#include <algorithm>
#include <optional>

#include "ops/check.h"

namespace dmlc::app {
namespace {

using Bytes = std::vector<std::byte>;

// The dispatch's tensors of one role with their views; `bindings` holds what the pointers point into.
std::vector<std::pair<const ops::TensorBinding*, const ModelView*>> Tensors(const ModelDispatch& d,
                                                                           std::vector<ops::TensorBinding>& bindings,
                                                                           ops::TensorRole role) {
  bindings = ops::Bindings(d.desc);
  std::vector<std::pair<const ops::TensorBinding*, const ModelView*>> out;
  for (size_t i = 0; i < bindings.size(); ++i) {
    if (bindings[i].role == role) out.push_back({&bindings[i], &d.views[i]});
  }
  return out;
}

}  // namespace

ModelRun::ModelRun(backends::Backend& backend, const TestCase& test_case, ModelCheckpoint* checkpoint)
    : backend_(&backend),
      program_(test_case.model),
      checkpoint_(checkpoint),
      dispatch_(test_case.model_dispatch),
      side_effects_(dispatch_ + 1 == program_->dispatches.size()) {
  // ModelDispatch::command counts the file's commands; program.commands may hold fewer (a command the
  // loader dropped), so the judged dispatch's place is looked up.
  for (size_t i = 0; i < program_->commands.size(); ++i) {
    const size_t* d = std::get_if<size_t>(&program_->commands[i]);
    if (d != nullptr && *d == dispatch_) command_ = i;
  }
}

Result<ModelRun> ModelRun::Start(backends::Backend& backend, const TestCase& c, ModelCheckpoint* checkpoint) {
  DMLC_CHECK(c.model != nullptr && c.model_dispatch < c.model->dispatches.size());
  ModelRun run(backend, c, checkpoint);
  size_t from = 0;
  std::optional<ModelCheckpoint::State> kept;
  if (checkpoint != nullptr && !run.side_effects_) kept = checkpoint->Before(c.model, c.model_dispatch);
  if (kept) {
    run.resources_ = std::move(kept->resources);
    from = kept->command + 1;
  } else {
    for (const ModelResource& r : c.model->resources) run.resources_.push_back(r.initial);
  }
  DMLC_RETURN_IF_ERROR(run.RunCommands(from, run.command_));
  return run;
}

std::span<std::byte> ModelRun::View(const ModelView& view, uint64_t size) {
  return std::span<std::byte>(resources_[view.resource]).subspan(view.offset, size);
}

std::span<const std::byte> ModelRun::View(const ModelView& view, uint64_t size) const {
  return std::span<const std::byte>(resources_[view.resource]).subspan(view.offset, size);
}

std::vector<std::vector<std::byte>> ModelRun::Inputs() const {
  std::vector<ops::TensorBinding> bindings;
  std::vector<Bytes> out;
  for (auto [b, view] : Tensors(program_->dispatches[dispatch_], bindings, ops::TensorRole::kInput)) {
    const std::span<const std::byte> bytes = View(*view, b->desc->TotalTensorSizeInBytes);
    out.emplace_back(bytes.begin(), bytes.end());
  }
  return out;
}

std::span<const std::byte> ModelRun::OutputBefore(size_t k) const {
  std::vector<ops::TensorBinding> bindings;
  auto outputs = Tensors(program_->dispatches[dispatch_], bindings, ops::TensorRole::kOutput);
  return View(*outputs[k].second, outputs[k].first->desc->TotalTensorSizeInBytes);
}

Status ModelRun::Finish(const std::vector<std::span<const std::byte>>& outputs) {
  std::vector<ops::TensorBinding> bindings;
  auto tensors = Tensors(program_->dispatches[dispatch_], bindings, ops::TensorRole::kOutput);
  for (size_t k = 0; k < tensors.size(); ++k) {
    std::copy(outputs[k].begin(), outputs[k].end(), View(*tensors[k].second, outputs[k].size()).begin());
  }
  // The later dispatches are their own cases: running them here too made a model's cost quadratic.
  if (!side_effects_) {
    if (checkpoint_ != nullptr) checkpoint_->Keep(program_, dispatch_, command_, resources_);
    return OkStatus();
  }
  return RunCommands(command_ + 1, program_->commands.size());
}

// An earlier dispatch, run as the judged one will be, so that the judged one sees what this backend
// made of it. The model validates it first: backends take only valid descs.
Status ModelRun::Dispatch(const ModelDispatch& d) {
  const std::string what = "dispatch " + d.dispatchable + "@" + std::to_string(d.command) + " (earlier in the model)";
  if (Status valid = ops::Validate(d.desc); !valid.ok()) return WithContext(valid.error(), what);
  const backends::Support support = backend_->Supports(d.desc);
  if (!support.supported) {
    return MakeError("model", "", what + ": " + std::string(backend_->Name()) + " does not support it: " + support.reason);
  }
  Result<std::unique_ptr<backends::PreparedOperator>> op = backend_->Prepare(d.desc);
  if (!op.ok()) return WithContext(op.error(), what);
  std::vector<ops::TensorBinding> bindings;
  std::vector<backends::ConstBuffer> inputs;
  for (auto [b, view] : Tensors(d, bindings, ops::TensorRole::kInput)) {
    inputs.push_back(View(*view, b->desc->TotalTensorSizeInBytes));
  }
  // Outputs into copies, so that an output viewing the same bytes as an input does not change the
  // input while the dispatch reads it.
  auto outs = Tensors(d, bindings, ops::TensorRole::kOutput);
  std::vector<Bytes> outputs;
  std::vector<backends::MutableBuffer> output_views;
  for (auto [b, view] : outs) {
    const std::span<const std::byte> before = View(*view, b->desc->TotalTensorSizeInBytes);
    outputs.emplace_back(before.begin(), before.end());
  }
  for (Bytes& o : outputs) output_views.emplace_back(o);
  Result<backends::Timing> ran = (*op)->Execute(inputs, output_views);
  if (!ran.ok()) return WithContext(ran.error(), what);
  for (size_t k = 0; k < outs.size(); ++k) std::copy(outputs[k].begin(), outputs[k].end(), View(*outs[k].second, outputs[k].size()).begin());
  return OkStatus();
}

Status ModelRun::RunCommands(size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    const ModelCommand& command = program_->commands[i];
    if (const size_t* d = std::get_if<size_t>(&command)) {
      DMLC_RETURN_IF_ERROR(Dispatch(program_->dispatches[*d]));
    } else if (!side_effects_) {
      continue;
    } else if (const auto* print = std::get_if<ModelPrint>(&command)) {
      if (!transcript_.empty()) transcript_ += "\n";
      transcript_ += FormatPrint(program_->resources[print->resource], resources_[print->resource], print->verbose);
    } else {
      const auto& write = std::get<ModelWriteFile>(command);
      DMLC_RETURN_IF_ERROR(WriteResourceFile(program_->resources[write.resource], write, resources_[write.resource]));
    }
  }
  return OkStatus();
}

}  // namespace dmlc::app
