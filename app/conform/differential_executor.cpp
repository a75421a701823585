#include "app/conform/differential_executor.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <random>
#include <system_error>

#include <spdlog/spdlog.h>

namespace dmlc::app {
namespace {

// Whether the reference must compute the case's outputs before the backend runs it. Cases settled without
// a backend settle as they would in any run; a rejection has no outputs; a model's dispatches are not run
// differentially (the backend's worker skips them, saying why).
bool NeedsReference(const SelectedCase& c, const RunOptions& run) {
  if (c.entry == nullptr || !c.entry->loaded.ok()) return false;
  const TestCase& test_case = c.entry->loaded.value();
  if (test_case.expect_error.expected || test_case.model) return false;
  return !SettledWithoutBackend(c, run).has_value();
}

// The bytes of the reference's outputs for the case, when it needs the reference (NeedsReference).
std::optional<uint64_t> ReferenceBytes(const SelectedCase& c, const RunOptions& run) {
  if (!NeedsReference(c, run)) return std::nullopt;
  uint64_t bytes = 0;
  for (const ops::TensorBinding& b : ops::Bindings(c.entry->loaded.value().desc)) {
    if (b.role == ops::TensorRole::kOutput) bytes += b.desc->TotalTensorSizeInBytes;
  }
  return bytes;
}

// The verb for what the reference did: "crashed", "timed out", "failed".
std::string FaultVerb(CaseStatus status) {
  switch (status) {
    case CaseStatus::kCrash: return "crashed";
    case CaseStatus::kTimeout: return "timed out";
    default: return "failed";
  }
}

// The case's result when the reference did not compute its outputs: a skip when it does not support the
// case; otherwise an error blamed on the reference, as the backend under test did nothing wrong.
CaseResult FromReference(CaseResult r, const std::string& name) {
  r.timing.reset();
  r.tolerance.clear();
  r.comparison = {};
  if (r.status == CaseStatus::kSkip) {
    r.message = "reference " + name + ": " + r.message;
    return r;
  }
  r.message = "reference " + name + " " + FaultVerb(r.status) + ": " + r.message;
  r.reference_fault = r.status == CaseStatus::kCrash || r.status == CaseStatus::kTimeout ? std::string(StatusName(r.status))
                                                                                         : "error";
  r.status = CaseStatus::kError;
  r.device_lost = false;  // the reference's device, not the one under test
  return r;
}

class Differential final : public CaseExecutor {
 public:
  Differential(std::unique_ptr<CaseExecutor> reference, std::unique_ptr<CaseExecutor> backend,
               std::unique_ptr<ReferenceOutputFolder> folder, std::string name, RunOptions run, DifferentialBatches limits)
      : folder_(std::move(folder)),
        reference_(std::move(reference)),
        backend_(std::move(backend)),
        name_(std::move(name)),
        run_(std::move(run)),
        limits_(limits) {}

  // The cases that need the reference go in batches (DifferentialBatches); those that do not go with the
  // first batch's backend phase. A batch that fails to run stops the run: its error is the run's.
  Status Execute(const std::vector<SelectedCase>& cases, const worker::PoolCallbacks& callbacks) override {
    Batch direct;
    std::vector<Batch> batches(1);
    uint64_t bytes = 0;
    for (size_t i = 0; i < cases.size(); ++i) {
      const std::optional<uint64_t> outputs = ReferenceBytes(cases[i], run_);
      if (!outputs) {
        direct.Add(cases[i], i);
        continue;
      }
      const Batch& last = batches.back();
      if (!last.cases.empty() && (last.cases.size() >= limits_.cases || bytes + *outputs > limits_.bytes)) {
        batches.emplace_back();
        bytes = 0;
      }
      batches.back().Add(cases[i], i);
      bytes += *outputs;
    }
    for (size_t b = 0; b < batches.size(); ++b) {
      if (b > 0 && (callbacks.stop_starting() || callbacks.abandon())) break;
      Status ran = RunBatch(batches[b], b == 0 ? std::move(direct) : Batch{}, callbacks);
      if (!ran.ok()) return ran;
    }
    return OkStatus();
  }

  backends::DeviceInfo Device() const override { return backend_->Device(); }
  int Jobs() const override { return backend_->Jobs(); }
  std::string Reference() const override { return name_; }
  std::string ReferenceDevice() const override { return reference_->Device().name; }

 private:
  // Cases of `cases` handed to one executor, each with its index in `cases`.
  struct Batch {
    std::vector<SelectedCase> cases;
    std::vector<size_t> index;
    void Add(const SelectedCase& c, size_t i) {
      cases.push_back(c);
      index.push_back(i);
    }
    void SortByIndex() {
      std::vector<size_t> order(cases.size());
      for (size_t k = 0; k < order.size(); ++k) order[k] = k;
      std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return index[a] < index[b]; });
      Batch sorted;
      for (size_t k : order) sorted.Add(cases[k], index[k]);
      *this = std::move(sorted);
    }
  };

  // One batch: the reference computes the outputs of `computed`; then the backend runs the cases it
  // computed, with `judged`.
  Status RunBatch(const Batch& computed, Batch judged, const worker::PoolCallbacks& callbacks) {
    // Phase one: the reference's outputs. A pass means they are written; anything else settles the case.
    bool any_computed = false;
    worker::PoolCallbacks reference = callbacks;
    reference.on_result = [&](size_t k, CaseResult r) {
      any_computed = true;
      if (r.status == CaseStatus::kPass) {
        judged.Add(computed.cases[k], computed.index[k]);
      } else {
        callbacks.on_result(computed.index[k], FromReference(std::move(r), name_));
      }
    };
    Status reference_status = computed.cases.empty() ? OkStatus() : reference_->Execute(computed.cases, reference);
    if (!reference_status.ok() && !any_computed) {
      return MakeError("reference", "", "reference " + name_ + " is unavailable: " + reference_status.error().ToString());
    }

    // Phase two: the backend, judged against them, in the cases' order; the judge takes each file it reads.
    judged.SortByIndex();
    worker::PoolCallbacks backend = callbacks;
    backend.on_result = [&](size_t k, CaseResult r) { callbacks.on_result(judged.index[k], std::move(r)); };
    Status backend_status = judged.cases.empty() ? OkStatus() : backend_->Execute(judged.cases, backend);
    return backend_status.ok() ? reference_status : backend_status;
  }

  // Declared first, so destroyed last: once both executors' workers are gone and hold no file open
  // (Windows refuses to remove an open file).
  std::unique_ptr<ReferenceOutputFolder> folder_;
  std::unique_ptr<CaseExecutor> reference_;
  std::unique_ptr<CaseExecutor> backend_;
  std::string name_;
  RunOptions run_;
  DifferentialBatches limits_;
};

}  // namespace

Result<std::unique_ptr<ReferenceOutputFolder>> ReferenceOutputFolder::Create() {
  std::error_code ec;
  const std::filesystem::path temp = std::filesystem::temp_directory_path(ec);
  if (ec) return MakeError("reference outputs", "", "no temporary folder: " + ec.message());
  std::mt19937_64 random(std::random_device{}() ^
                         static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
  for (int attempt = 0; attempt < 16; ++attempt) {
    const std::filesystem::path path = temp / ("dml-conform-reference-" + std::to_string(random()));
    // create_directory is false when the name is taken: another run's, never shared.
    if (std::filesystem::create_directory(path, ec)) {
      return std::unique_ptr<ReferenceOutputFolder>(new ReferenceOutputFolder(path));
    }
    if (ec) return MakeError("reference outputs", path.string(), "cannot create " + path.string() + ": " + ec.message());
  }
  return MakeError("reference outputs", temp.string(), "no free folder name under " + temp.string());
}

ReferenceOutputFolder::~ReferenceOutputFolder() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
  if (ec) spdlog::warn("the reference's outputs in {} could not be removed: {}", path_.string(), ec.message());
}

std::unique_ptr<CaseExecutor> DifferentialExecutor(std::unique_ptr<CaseExecutor> reference,
                                                   std::unique_ptr<CaseExecutor> backend,
                                                   std::unique_ptr<ReferenceOutputFolder> folder, std::string name,
                                                   RunOptions run, DifferentialBatches limits) {
  return std::make_unique<Differential>(std::move(reference), std::move(backend), std::move(folder), std::move(name),
                                        std::move(run), limits);
}

}  // namespace dmlc::app
