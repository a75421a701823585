// What `run` and `fuzz` make of --jobs and --timeout when they are left out: a device backend gets at
// most kDeviceWorkers workers (they share one GPU whose driver serializes them) and a 60 s timeout; cpu
// and plain get every core (0) and 300 s. A --jobs given is kept on every backend.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "app/conform/case_executor.h"

namespace dmlc::app {
namespace {

int Cores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

ExecutorOptions Options(const std::string& backend, int jobs = 0) {
  RunCommandOptions o;
  o.backend = backend;
  o.jobs = jobs;
  o.timeout_s = -1;
  Result<ExecutorOptions> e = ExecutionOptions(o);
  EXPECT_TRUE(e.ok()) << e.error().ToString();
  return e.ok() ? *e : ExecutorOptions{};
}

TEST(ExecutionOptions, ADeviceGetsAtMostFourWorkersByDefault) {
  for (const char* device : {"vulkan", "d3d12", "directml"}) {
    EXPECT_EQ(Options(device).jobs, std::min(Cores(), 4)) << device;
    EXPECT_EQ(Options(device).timeout_s, 60) << device;
    EXPECT_EQ(Options(device, 9).jobs, 9) << device;
  }
  for (const char* reference : {"cpu", "plain"}) {
    EXPECT_EQ(Options(reference).jobs, 0) << reference;
    EXPECT_EQ(Options(reference).timeout_s, 300) << reference;
    EXPECT_EQ(Options(reference, 9).jobs, 9) << reference;
  }
}

}  // namespace
}  // namespace dmlc::app
