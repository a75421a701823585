// How a worker is started: `PROGRAM worker --protocol 1`, then the run's options as the first line of its
// stdin (protocol.h), written by the parent and read by the worker in one place so the two cannot drift.
// The command line carries only the protocol's version: a worker of another build refuses at once, and
// no option is quoted through a command line. Any program whose main() hands `worker` arguments to
// WorkerMain can be a worker (dml-conform, and test programs with test backends).
#pragma once

#include <string>
#include <vector>

#include "app/worker/worker_options.h"
#include "app/worker/worker_pool.h"

namespace dmlc::app::worker {

inline constexpr const char* kWorkerCommand = "worker";
// The protocol's version (protocol.h): raised with any change to what parent and worker say.
inline constexpr const char* kProtocolVersion = "1";

// The arguments after the program: {"worker", "--protocol", "1"}.
std::vector<std::string> WorkerArgs();
// A pool of workers running `program` (this executable) with `options`: its command and options line;
// the caller sets the rest.
PoolOptions WorkerPoolOptions(const std::string& program, const WorkerOptions& options);
// A program's worker mode: `args` as WorkerArgs wrote them, else an error naming the version it speaks;
// then it serves cases (worker_main.h). Returns the exit code.
int WorkerMain(const std::vector<std::string>& args);

}  // namespace dmlc::app::worker
