// One dispatch case of a DxDispatch model file, around the runner's usual steps: the resources as the
// model's earlier commands left them, run on the backend under test, give the judged dispatch its input
// bytes and its outputs' initial contents; afterwards its outputs go back into the resources. Each
// dispatch is judged on its own: its reference runs on the very bytes the backend produced before it,
// so an earlier wrong output fails that earlier case, not every later one.
// The case of the model's last dispatch also runs the print and writeFile commands (before and after
// it, in order), so a model's transcript is printed once, with the values this backend computed.
// With a ModelCheckpoint, a case starts from the latest state kept of an earlier dispatch and keeps its
// own state when it finishes, so a model's cases cost O(N) dispatches together, not O(N^2); a case of
// the last dispatch replays from the start, since its transcript needs every print before it.
// Not thread-safe; one per case run.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "app/case/test_case.h"
#include "app/engine/model_checkpoint.h"
#include "backends/backend.h"
#include "ops/error.h"

namespace dmlc::app {

class ModelRun {
 public:
  // Runs the commands before the case's dispatch (`test_case.model` is set) on `backend`, from
  // `checkpoint`'s state where it holds an earlier one of this model. `checkpoint` may be null; it
  // must outlive the run.
  static Result<ModelRun> Start(backends::Backend& backend, const TestCase& test_case,
                                ModelCheckpoint* checkpoint = nullptr);

  // The judged dispatch's input tensors, each TotalTensorSizeInBytes bytes, in ops::Bindings() order.
  std::vector<std::vector<std::byte>> Inputs() const;
  // Output `k`'s bytes (the k-th output binding) before the dispatch runs: TotalTensorSizeInBytes of its view.
  std::span<const std::byte> OutputBefore(size_t k) const;
  // Writes the judged dispatch's outputs into their resources and, for the last dispatch, runs the
  // commands after it; for another, keeps the resources in the checkpoint.
  Status Finish(const std::vector<std::span<const std::byte>>& outputs);
  // The print commands' lines, one per print, '\n'-separated; empty but for the last dispatch's case.
  const std::string& transcript() const { return transcript_; }

 private:
  ModelRun(backends::Backend& backend, const TestCase& test_case, ModelCheckpoint* checkpoint);
  // Commands [begin, end) of program.commands: dispatches on the backend; prints and writeFiles when
  // this is the last dispatch's case.
  Status RunCommands(size_t begin, size_t end);
  Status Dispatch(const ModelDispatch& dispatch);
  std::span<std::byte> View(const ModelView& view, uint64_t size);
  std::span<const std::byte> View(const ModelView& view, uint64_t size) const;

  backends::Backend* backend_;
  std::shared_ptr<const ModelProgram> program_;
  ModelCheckpoint* checkpoint_;
  size_t dispatch_;          // the judged one, an index into program.dispatches
  size_t command_ = 0;       // its index in program.commands
  bool side_effects_ = false;
  std::vector<std::vector<std::byte>> resources_;
  std::string transcript_;
};

}  // namespace dmlc::app
