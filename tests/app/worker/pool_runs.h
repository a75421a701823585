// Helpers of the worker pool's tests: a pool of fake workers (fake_worker.h), runs of cases "c0", "c1",
// ... (each of the file "cases/cI.json"), and what its callbacks received.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "app/worker/worker_pool.h"
#include "tests/app/worker/fake_worker.h"

namespace dmlc::app::worker {

using Ids = std::vector<std::string>;

// The options of a pool whose workers `launcher` hands out; their command is "fake-worker --worker".
PoolOptions PoolOf(FakeLauncher& launcher, int workers = 1, double timeout_s = 0);

// What one Run() gave: its status and each result, in the order the callbacks received them.
struct Ran {
  Status status = OkStatus();
  std::vector<std::pair<size_t, CaseResult>> results;
};
// Runs `count` cases; `callbacks.on_result`, if any, is called after each result is recorded.
Ran RunCases(WorkerPool& pool, size_t count, PoolCallbacks callbacks = {});

// Whether `result` is case `index`'s (its id and file restored by the pool) with this status and message.
testing::AssertionResult Is(const std::pair<size_t, CaseResult>& result, size_t index, CaseStatus status,
                            const std::string& message);

}  // namespace dmlc::app::worker
