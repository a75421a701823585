// The fault tests' program. Started plainly it runs the tests; started as `PROGRAM worker ...` (which
// is how `run` starts its workers: it re-runs its own executable) it is a worker with the faulty backend
// registered, so every fault happens for real in a separate process.
#include <gtest/gtest.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <string>
#include <vector>

#include "app/worker/worker_args.h"
#include "tests/app/faults/faulty_backend.h"

int main(int argc, char** argv) {
  dmlc::app::testing::RegisterFaultyBackend();
  if (argc > 1 && std::string(argv[1]) == dmlc::app::worker::kWorkerCommand) {
    spdlog::set_default_logger(spdlog::stderr_color_mt("worker"));
    return dmlc::app::worker::WorkerMain(std::vector<std::string>(argv + 1, argv + argc));
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
