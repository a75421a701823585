// The parent side of process isolation: runs case requests on worker processes (worker_main.h), `workers`
// of them, each running one case at a time with the next ones queued (PoolOptions::in_flight). The parent never touches a device. A worker that dies
// (signal, abort, exit, broken pipe, a garbled protocol line) settles the case it was running as
// `crash`, naming how it ended and its last stderr lines; one past the timeout is killed and its case is
// `timeout`; either way a fresh worker takes its place and the run goes on. Workers' stderr is passed
// on to this process's stderr as it comes.
// Thread-safety: one Run() at a time, from one thread; every callback is called on that thread.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/engine/case_result.h"
#include "app/worker/process.h"
#include "app/worker/protocol.h"
#include "ops/error.h"

namespace dmlc::app::worker {

// Starts a worker process from its argv; called on Run()'s thread.
using ProcessLauncher = std::function<Result<std::unique_ptr<ChildProcess>>(const std::vector<std::string>& argv)>;
// The real one: Process::Spawn.
Result<std::unique_ptr<ChildProcess>> SpawnProcess(const std::vector<std::string>& argv);

struct PoolOptions {
  std::vector<std::string> command;  // a worker's argv: the program, then its worker-mode arguments
  std::string options_line;          // written to each worker's stdin first (protocol.h); "" = none
  int workers = 1;
  // Requests a worker holds at once: the case it runs and those queued in its stdin behind it, so that
  // it goes from one case to the next without waiting on this process. The case a worker dies running
  // is still known exactly (the oldest unanswered); the ones queued behind it go to another worker.
  int in_flight = 2;
  double timeout_s = 0;             // per case, and per worker's start; 0 = none
  size_t stderr_tail_lines = 8;     // of a dead worker's stderr, quoted in its case's message
  ProcessLauncher launch = SpawnProcess;  // tests hand the pool fake workers
};

struct PoolCallbacks {
  // Each finished case, with its index in the requests.
  std::function<void(size_t index, CaseResult result)> on_result;
  // Checked between events: true = start no new case (the running ones finish).
  std::function<bool()> stop_starting = [] { return false; };
  // Checked between events: true = kill the workers now and leave the running cases unfinished.
  std::function<bool()> abandon = [] { return false; };
};

class WorkerPool {
 public:
  explicit WorkerPool(PoolOptions options);
  ~WorkerPool();  // kills the workers

  // Runs the requests in order. An error only when no worker can be started: the backend is unavailable
  // (the worker's reason), or workers die while starting, three times in a row. Workers outlive a run
  // and take the next run's cases with the device they have (a run abandoned or failed kills them).
  Status Run(const std::vector<CaseRequest>& requests, const PoolCallbacks& callbacks);
  // Worker processes started so far, replacements included.
  uint64_t started() const;

  // What the first worker reported of its device; nullopt before one has started.
  const std::optional<WorkerReady>& device() const { return device_; }

 private:
  struct Live;        // the workers, kept between runs
  class Supervisor;   // one Run(): hands out the cases and answers what the workers do
  PoolOptions options_;
  std::optional<WorkerReady> device_;
  std::unique_ptr<Live> live_;
};

}  // namespace dmlc::app::worker
