// The parent side of a differential run (app/engine/differential.h, docs/semantics.md "Any backend as the
// reference"): two executors, the reference's and the backend's, each with its own workers, backend,
// device and timeout (or, with --isolation none, each backend created in this process). Cases run in two
// phases, batch by batch: the reference computes the outputs of every case of the batch that needs them
// into a run-private folder, then the backend's workers run the cases whose outputs it computed and judge
// against them. A case the
// reference skips is a skip ("reference vulkan:0: ..."); one it crashes on, times out on or fails to run
// is an error naming the reference's fault (CaseResult::reference_fault), and the backend never runs it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "app/conform/case_executor.h"

namespace dmlc::app {

// A run-private folder for the reference's outputs, removed with everything in it when destroyed.
class ReferenceOutputFolder {
 public:
  // A fresh folder under the system's temporary folder; an error when none can be made.
  static Result<std::unique_ptr<ReferenceOutputFolder>> Create();
  ~ReferenceOutputFolder();
  const std::filesystem::path& path() const { return path_; }

 private:
  explicit ReferenceOutputFolder(std::filesystem::path path) : path_(std::move(path)) {}
  std::filesystem::path path_;
};

// The two phases go batch by batch, so that the folder never holds more than a batch's outputs: at most
// `cases` cases and `bytes` bytes of outputs (a case larger than that goes alone). Both executors keep
// their workers from batch to batch.
struct DifferentialBatches {
  size_t cases = 1024;
  uint64_t bytes = uint64_t{1} << 30;
};

// `reference` computes (DifferentialRun::Role::kCompute), `backend` judges (kJudge), both into and from
// `folder`; `name` is the reference as messages name it ("vulkan:0"). `run` settles cases that need no
// backend (SettledWithoutBackend), as the backend's executor would.
std::unique_ptr<CaseExecutor> DifferentialExecutor(std::unique_ptr<CaseExecutor> reference,
                                                   std::unique_ptr<CaseExecutor> backend,
                                                   std::unique_ptr<ReferenceOutputFolder> folder, std::string name,
                                                   RunOptions run, DifferentialBatches limits = {});

}  // namespace dmlc::app
