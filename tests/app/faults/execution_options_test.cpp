// What `run` and `fuzz` make of their options from the backend's traits (backends/registry.h), never its
// name: left out, --jobs and --timeout are at most 4 workers (they share one GPU whose driver serializes
// them) and 60 s on a device backend, every core (0) and 300 s on cpu and plain; a --jobs given is kept
// on every backend. --ab-metacommands needs a backend with metacommands, and fuzz judges a reference under
// test by another.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "app/conform/case_executor.h"
#include "app/conform/execution_cli.h"
#include "backends/registry.h"

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

// The faulty backend of this program declares no traits; an unknown name has none to declare.
TEST(ExecutionOptions, ABackendThatDeclaresNothingGetsADevicesDefaults) {
  for (const char* name : {"faulty", "no-such-backend"}) {
    EXPECT_EQ(Options(name).jobs, std::min(Cores(), 4)) << name;
    EXPECT_EQ(Options(name).timeout_s, 60) << name;
  }
}

TEST(ExecutionOptions, AbMetacommandsNeedsABackendThatHonoursDisableMetaCommands) {
  RunCommandOptions o;
  o.backend = "cpu";
  o.ab_metacommands = true;
  Result<ExecutorOptions> refused = ExecutionOptions(o);
  ASSERT_FALSE(refused.ok());
  const bool directml = backends::BuiltinRegistry().Find("directml") != nullptr;
  EXPECT_EQ(refused.error().message, std::string("--ab-metacommands needs a backend with metacommands to turn off (") +
                                         (directml ? "directml" : "none in this build") + "); backend 'cpu' has none");
  if (!directml) return;
  o.backend = "directml";
  Result<ExecutorOptions> accepted = ExecutionOptions(o);
  ASSERT_TRUE(accepted.ok()) << accepted.error().ToString();
  EXPECT_TRUE(accepted->worker.run.ab_metacommands);
}

TEST(IndependentReference, AReferenceUnderTestIsJudgedByAnother) {
  RunCommandOptions o;  // --reference cpu, its default
  for (auto [backend, reference] : {std::pair{"cpu", "plain"}, {"plain", "cpu"}, {"faulty", "cpu"}}) {
    o.backend = backend;
    EXPECT_EQ(IndependentReference(o), reference) << backend;
  }
  o.backend = o.reference = "plain";
  EXPECT_EQ(IndependentReference(o), "cpu");
}

}  // namespace
}  // namespace dmlc::app
