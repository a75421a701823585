#include "app/conform/case_executor.h"

#include <algorithm>
#include <thread>

#include "app/case/byte_size.h"
#include "app/case/desc_parser.h"
#include "app/conform/differential_executor.h"
#include "app/conform/execution_cli.h"
#include "app/conform/load_flags.h"
#include "app/engine/behaviour_judge.h"
#include "app/worker/process.h"
#include "app/worker/worker_main.h"
#include "backends/cache_files.h"
#include "backends/registry.h"

namespace dmlc::app {
namespace {

int AllCores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

// The exact reference a differential run's workers keep for the admitted behaviours: the differential
// reference itself when exact, else one that is not the backend under test (cpu is judged by plain).
std::string ExactReference(const std::string& backend, const ReferenceSpec& spec) {
  if (spec.exact) return spec.backend;
  const std::string other = ExactReferenceBesides(backend);
  return other.empty() ? "cpu" : other;
}

Result<std::unique_ptr<CaseExecutor>> MakeSingleExecutor(const RunCommandOptions& o, const ExecutorOptions& e);
Result<std::unique_ptr<CaseExecutor>> MakeDifferentialExecutor(const RunCommandOptions& o, const ExecutorOptions& e);

// The backends --ab-metacommands can run on, for its error: "directml", or "a, b".
std::string WithMetacommands() {
  std::string names;
  for (const std::string& name : backends::BuiltinRegistry().Names(&backends::BackendTraits::HasMetacommands)) {
    names += (names.empty() ? "" : ", ") + name;
  }
  return names.empty() ? "none in this build" : names;
}

class Isolated final : public CaseExecutor {
 public:
  Isolated(const std::string& program, const ExecutorOptions& o)
      : jobs_(o.jobs > 0 ? o.jobs : AllCores()), run_(o.worker.run) {
    worker::WorkerOptions w = o.worker;
    // The workers share the cores: each backend's own threads take its share.
    if (w.threads == 0) w.threads = std::max(1, AllCores() / jobs_);
    worker::PoolOptions pool = worker::WorkerPoolOptions(program, w);
    pool.workers = jobs_;
    pool.timeout_s = o.timeout_s;
    pool_ = std::make_unique<worker::WorkerPool>(std::move(pool));
  }

  // Cases that need no backend (SettledWithoutBackend) are settled here, after the workers have run the
  // others: a backend that cannot start still fails the run before any case settles, and one lost
  // mid-run leaves these settled as they are. Results come back under their index in `cases`.
  Status Execute(const std::vector<SelectedCase>& cases, const worker::PoolCallbacks& callbacks) override {
    std::vector<worker::CaseRequest> requests;
    std::vector<size_t> index_of;  // request -> case
    std::vector<std::pair<size_t, CaseResult>> settled;
    for (size_t i = 0; i < cases.size(); ++i) {
      const SelectedCase& c = cases[i];
      if (std::optional<CaseResult> r = SettledWithoutBackend(c, run_)) {
        settled.emplace_back(i, std::move(*r));
        continue;
      }
      requests.push_back({c.file->path, c.file->root, c.id(), c.file->recipe});
      index_of.push_back(i);
    }
    Status pooled_status = OkStatus();
    bool any_pooled = false;
    if (!requests.empty()) {
      worker::PoolCallbacks pooled = callbacks;
      pooled.on_result = [&](size_t request, CaseResult r) {
        any_pooled = true;
        callbacks.on_result(index_of[request], std::move(r));
      };
      pooled_status = pool_->Run(requests, pooled);
      if (!pooled_status.ok() && !any_pooled) return pooled_status;
    }
    for (auto& [i, r] : settled) {
      if (callbacks.stop_starting() || callbacks.abandon()) break;
      callbacks.on_result(i, std::move(r));
    }
    return pooled_status;
  }
  backends::DeviceInfo Device() const override {
    backends::DeviceInfo info;
    if (pool_->device()) {
      info.name = pool_->device()->device;
      info.driver = pool_->device()->driver;
    }
    return info;
  }
  int Jobs() const override { return jobs_; }

 private:
  int jobs_;
  RunOptions run_;  // what settles a case without a backend (the feature level cap)
  std::unique_ptr<worker::WorkerPool> pool_;
};

class InProcess final : public CaseExecutor {
 public:
  InProcess(std::unique_ptr<backends::Backend> backend, ReferenceFactory reference, const RunOptions& options)
      : backend_(std::move(backend)), runner_(*backend_, std::move(reference), options) {}

  Status Execute(const std::vector<SelectedCase>& cases, const worker::PoolCallbacks& callbacks) override {
    runner_.Run(
        cases, [&](size_t index, const CaseResult& r, size_t, size_t) { callbacks.on_result(index, r); },
        [&] { return callbacks.stop_starting() || callbacks.abandon(); });
    return OkStatus();
  }
  backends::DeviceInfo Device() const override { return backend_->Device(); }
  int Jobs() const override { return runner_.Workers(); }

 private:
  std::unique_ptr<backends::Backend> backend_;
  Runner runner_;
};

}  // namespace

std::unique_ptr<CaseExecutor> ProcessExecutor(const std::string& program, const ExecutorOptions& options) {
  return std::make_unique<Isolated>(program, options);
}

Result<ExecutorOptions> ExecutionOptions(const RunCommandOptions& o) {
  ExecutorOptions e;
  e.worker.backend = o.backend;
  Result<ReferenceSpec> reference = ParseReference(o.reference, backends::BuiltinRegistry());
  if (!reference.ok()) return reference.error();
  // A differential run still needs an exact reference in the workers, for the behaviours the inputs
  // admit where they leave the answer open (behaviours.h).
  e.worker.reference = reference->Differential() ? ExactReference(o.backend, *reference) : reference->backend;
  if (reference->Differential()) e.differential = *reference;
  e.worker.device = o.device;
  e.worker.debug = o.debug;
  e.worker.pipeline_cache = o.pipeline_cache == "off"  ? std::filesystem::path()
                            : o.pipeline_cache.empty() ? backends::DefaultCacheDirectory() / "pipelines"
                                                       : std::filesystem::path(o.pipeline_cache);
  e.worker.verbose = o.verbosity == Verbosity::kVerbose;
  if (!o.feature_level.empty()) {
    e.worker.run.feature_level = ops::ParseFeatureLevel(o.feature_level);
    if (!e.worker.run.feature_level) {
      return MakeError("--feature-level", "", "--feature-level '" + o.feature_level +
                                                  "' is not a feature level (expected e.g. 4_1, 5.0, DML_FEATURE_LEVEL_5_1)");
    }
  }
  Result<LoadOptions> load = ParseLoadFlags(o.load);
  if (!load.ok()) return load.error();
  e.worker.load = std::move(*load);
  if (!o.max_case_memory.empty()) {
    Result<uint64_t> max_case_memory = ParseByteSize(o.max_case_memory, "--max-case-memory");
    if (!max_case_memory.ok()) return max_case_memory.error();
    e.worker.run.max_case_memory = *max_case_memory;
  }
  if (!o.execution_flags.empty()) {
    Result<ops::ExecutionFlags> flags = ParseExecutionFlagList(o.execution_flags);
    if (!flags.ok()) return MakeError("--execution-flags", "", "--execution-flags: " + flags.error().message);
    e.worker.run.execution_flags = *flags;
  }
  const backends::BackendTraits traits = backends::TraitsOf(o.backend);
  if (o.ab_metacommands && !traits.HasMetacommands()) {
    return MakeError("--ab-metacommands", "", "--ab-metacommands needs a backend with metacommands to turn off (" +
                                                  WithMetacommands() + "); backend '" + o.backend + "' has none");
  }
  e.worker.run.ab_metacommands = o.ab_metacommands;
  Result<std::map<std::string, std::string>> required = ParseRequiredBehaviours(o.required_behaviours);
  if (!required.ok()) return required.error();
  e.worker.run.required_behaviours = std::move(*required);
  e.worker.run.strict_expected = o.strict_expected;
  e.worker.run.dump_dir = o.dump_dir;
  e.worker.run.iterations = o.iterations;
  e.worker.run.warmup = o.warmup;
  e.worker.run.repeat = o.repeat;
  e.jobs = o.jobs > 0 || traits.default_workers == 0 ? o.jobs : std::min(AllCores(), traits.default_workers);
  // A run on the host may be slow but does not hang; a device may.
  e.timeout_s = o.timeout_s >= 0 ? o.timeout_s : traits.device ? 60 : 300;
  return e;
}

Result<std::unique_ptr<CaseExecutor>> MakeExecutor(const RunCommandOptions& o, const ExecutorOptions& e) {
  if (e.differential) return MakeDifferentialExecutor(o, e);
  return MakeSingleExecutor(o, e);
}

namespace {

Result<std::unique_ptr<CaseExecutor>> MakeSingleExecutor(const RunCommandOptions& o, const ExecutorOptions& e) {
  if (o.isolation != "none") return ProcessExecutor(worker::CurrentExecutable().string(), e);
  Result<std::unique_ptr<CaseExecutor>> in_process = InProcessExecutor(e);
  if (!in_process.ok()) {
    return MakeError("backend", "", "backend '" + o.backend + "' is unavailable: " + in_process.error().ToString());
  }
  return in_process;
}

// The reference's executor runs the reference's backend and device, with that backend's own default
// workers and timeout where --jobs and --timeout leave them out; the backend's, the options as given.
// Both take their role and the run's folder (differential.h).
Result<std::unique_ptr<CaseExecutor>> MakeDifferentialExecutor(const RunCommandOptions& o, const ExecutorOptions& e) {
  const ReferenceSpec& spec = *e.differential;
  Result<std::unique_ptr<ReferenceOutputFolder>> folder = ReferenceOutputFolder::Create();
  if (!folder.ok()) return folder.error();
  const DifferentialRun run{DifferentialRun::Role::kJudge, (*folder)->path(), spec.Name(), spec.exact};

  RunCommandOptions as_reference = o;
  as_reference.backend = spec.backend;
  as_reference.device = spec.device;
  as_reference.reference = e.worker.reference;  // exact: no differential run of its own
  as_reference.ab_metacommands = false;
  Result<ExecutorOptions> computing = ExecutionOptions(as_reference);
  if (!computing.ok()) return computing.error();
  computing->worker.run.differential = run;
  computing->worker.run.differential.role = DifferentialRun::Role::kCompute;
  computing->worker.run.dump_dir.clear();  // the backend's worker dumps what it judged
  computing->worker.run.iterations = 0;    // timings are the backend's

  ExecutorOptions judging = e;
  judging.differential.reset();
  judging.worker.run.differential = run;

  Result<std::unique_ptr<CaseExecutor>> reference = MakeSingleExecutor(as_reference, *computing);
  if (!reference.ok()) return MakeError("--reference", "", "reference " + spec.Name() + ": " + reference.error().message);
  Result<std::unique_ptr<CaseExecutor>> backend = MakeSingleExecutor(o, judging);
  if (!backend.ok()) return backend.error();
  return DifferentialExecutor(std::move(reference).value(), std::move(backend).value(), std::move(folder).value(),
                              spec.Name(), e.worker.run);
}

}  // namespace

Result<std::unique_ptr<CaseExecutor>> InProcessExecutor(const ExecutorOptions& o) {
  Result<std::unique_ptr<backends::Backend>> backend =
      backends::CreateBackend(o.worker.backend, worker::BackendOptionsOf(o.worker));
  if (!backend.ok()) return backend.error();
  RunOptions run = o.worker.run;
  run.jobs = o.jobs;
  return std::unique_ptr<CaseExecutor>(
      std::make_unique<InProcess>(std::move(backend).value(), RegistryReference(o.worker.reference), run));
}

}  // namespace dmlc::app
