// A worker's command line: `PROGRAM worker --backend B ...`, written by the parent and read by the
// worker, in one place so the two cannot drift. Any program whose main() hands `worker` arguments to
// ParseWorkerArgs and ServeCases can be a worker (dml-conform, and test programs with test backends).
#pragma once

#include <string>
#include <vector>

#include "app/worker/worker_main.h"
#include "ops/error.h"

namespace dmlc::app::worker {

inline constexpr const char* kWorkerCommand = "worker";

// The arguments after the program: {"worker", "--backend", "cpu", ...}.
std::vector<std::string> WorkerArgs(const WorkerOptions& options);
// `args` as WorkerArgs wrote them (starting with "worker"). Errors name the argument.
Result<WorkerOptions> ParseWorkerArgs(const std::vector<std::string>& args);
// A program's worker mode: parses `args` and serves cases (worker_main.h); returns the exit code.
int WorkerMain(const std::vector<std::string>& args);

}  // namespace dmlc::app::worker
