// Where `run` executes its cases: in worker processes (--isolation process: a crash or hang costs one
// case) or in this process's threads (--isolation none: today's path, handy under a debugger). Both
// hand each result back as it finishes, on the calling thread's terms (worker_pool.h's callbacks).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/conform/commands.h"
#include "app/conform/reference_spec.h"
#include "app/engine/case_set.h"
#include "app/engine/runner.h"
#include "app/worker/worker_args.h"
#include "app/worker/worker_pool.h"

namespace dmlc::app {

class CaseExecutor {
 public:
  virtual ~CaseExecutor() = default;
  // Runs `cases`; on_result gets each one's index in `cases`. An error only when nothing can run (the
  // backend is unavailable).
  virtual Status Execute(const std::vector<SelectedCase>& cases, const worker::PoolCallbacks& callbacks) = 0;
  // The device the cases ran on; known once Execute() has started a worker (or at once, in process).
  virtual backends::DeviceInfo Device() const = 0;
  virtual int Jobs() const = 0;
  // A differential run's reference as the report's context names it ("vulkan:0"), and the name of its
  // device; both "" for other runs.
  virtual std::string Reference() const { return ""; }
  virtual std::string ReferenceDevice() const { return ""; }
};

struct ExecutorOptions {
  worker::WorkerOptions worker;  // backend, device, debug and the run options, as a worker gets them
  int jobs = 0;                  // 0 = all cores; ExecutionOptions gives at most the backend's default_workers
  double timeout_s = 0;          // per case, process isolation only; 0 = none
  // --reference BACKEND[:DEVICE] judging by another backend (reference_spec.h): MakeExecutor makes a
  // differential executor (differential_executor.h). nullopt: the exact reference in each worker.
  std::optional<ReferenceSpec> differential;
};

// Each worker re-runs `program` (this executable) in worker mode.
std::unique_ptr<CaseExecutor> ProcessExecutor(const std::string& program, const ExecutorOptions& options);
// What `run`'s and `fuzz`'s options say of execution; errors name the option that is wrong.
Result<ExecutorOptions> ExecutionOptions(const RunCommandOptions& o);
// The executor --isolation asks for: worker processes running this executable, or (none) the backend
// created here, an error naming it when it is unavailable. With e.differential, two of them, the
// reference's and the backend's, in a differential executor.
Result<std::unique_ptr<CaseExecutor>> MakeExecutor(const RunCommandOptions& o, const ExecutorOptions& e);
// Creates the backend here; an error when it is unavailable.
Result<std::unique_ptr<CaseExecutor>> InProcessExecutor(const ExecutorOptions& options);

}  // namespace dmlc::app
