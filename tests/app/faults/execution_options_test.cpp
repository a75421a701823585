// What `run` and `fuzz` make of their options from the backend's traits (backends/registry.h), never its
// name: left out, --jobs and --timeout are at most 4 workers (they share one GPU whose driver serializes
// them) and 60 s on a device backend, every core (0) and 300 s on cpu and plain; a --jobs given is kept
// on every backend. --ab-metacommands needs a backend with metacommands, and fuzz judges a reference under
// test by another.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>
#include <tuple>

#include "app/conform/case_executor.h"
#include "app/conform/execution_cli.h"
#include "app/conform/reference_spec.h"
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

// --reference BACKEND[:DEVICE]: an exact backend alone keeps the in-worker path; any other backend, or a
// device named, is a differential run, named as reports name it.
TEST(ParseReference, ExactAloneIsInWorkerAndAnythingElseIsDifferential) {
  const backends::Registry& registry = backends::BuiltinRegistry();
  struct Row {
    const char* text;
    const char* backend;
    const char* device;
    bool exact, differential;
    const char* name;
  };
  for (const Row& row : {Row{"cpu", "cpu", "", true, false, "cpu:0"}, Row{"plain", "plain", "", true, false, "plain:0"},
                         Row{"cpu:0", "cpu", "0", true, true, "cpu:0"}, Row{"faulty", "faulty", "", false, true, "faulty:0"},
                         Row{"faulty:CPU 2", "faulty", "CPU 2", false, true, "faulty:CPU 2"}}) {
    Result<ReferenceSpec> spec = ParseReference(row.text, registry);
    ASSERT_TRUE(spec.ok()) << row.text << ": " << spec.error().ToString();
    EXPECT_EQ(spec->backend, row.backend) << row.text;
    EXPECT_EQ(spec->device, row.device) << row.text;
    EXPECT_EQ(spec->exact, row.exact) << row.text;
    EXPECT_EQ(spec->Differential(), row.differential) << row.text;
    EXPECT_EQ(spec->Name(), row.name) << row.text;
  }
  Result<ReferenceSpec> empty_device = ParseReference("cpu:", registry);
  ASSERT_FALSE(empty_device.ok());
  EXPECT_EQ(empty_device.error().message,
            "--reference 'cpu:': no device after ':' (an index or a name substring, as --device takes)");
  Result<ReferenceSpec> unknown = ParseReference("nope:1", registry);
  ASSERT_FALSE(unknown.ok());
  EXPECT_TRUE(unknown.error().message.starts_with("--reference 'nope:1': no backend 'nope' in this build (cpu, "))
      << unknown.error().message;
}

// A differential run's workers keep an exact reference for the admitted behaviours, never the backend
// under test where another exists; an exact differential reference is that one.
TEST(ExecutionOptions, ADifferentialRunKeepsAnExactReferenceInTheWorkers) {
  RunCommandOptions o;
  for (auto [backend, reference, in_worker] : {std::tuple{"cpu", "faulty", "plain"}, {"plain", "faulty", "cpu"},
                                               {"plain", "cpu:0", "cpu"}, {"cpu", "plain:0", "plain"}}) {
    o.backend = backend;
    o.reference = reference;
    Result<ExecutorOptions> e = ExecutionOptions(o);
    ASSERT_TRUE(e.ok()) << e.error().ToString();
    ASSERT_TRUE(e->differential.has_value()) << reference;
    EXPECT_EQ(e->worker.reference, in_worker) << backend << " against " << reference;
  }
  o.reference = "plain";
  Result<ExecutorOptions> e = ExecutionOptions(o);
  ASSERT_TRUE(e.ok()) << e.error().ToString();
  EXPECT_FALSE(e->differential.has_value());
  EXPECT_EQ(e->worker.reference, "plain");
}

}  // namespace
}  // namespace dmlc::app
