// The backend registry: every backend folder exports one Register<Name>Backend() function, called
// from registry.cpp under its CMake flag. Selection is by name and device ("--backend vulkan --device 1").
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/backend.h"
#include "ops/error.h"
#include "ops/execution_flags.h"

namespace dmlc::backends {

struct BackendOptions {
  std::string device;  // "" = the default device; an index ("1") or a substring of the device name
  bool debug = false;  // API validation / debug layers where the backend has them
  int threads = 0;     // CPU worker threads; 0 = all cores
  // The folder where backends that compile pipelines (vulkan) or kernels (d3d12) share them between the
  // processes of the machine and from run to run; empty = none, each process compiles what it meets.
  std::filesystem::path pipeline_cache;
};

// What a backend is, as data the programs read instead of comparing its name (IREE describes each driver
// as data, iree_hal_driver_info_t). The defaults are a device's: a backend that declares nothing (a test
// program's) gets a device's few workers and a timeout, the safe side for one that may hang.
struct BackendTraits {
  // Computes the expected outputs a case leaves out exactly, on the host: `--reference` may name it.
  bool reference = false;
  // Runs on a device that its worker processes share and that a case may hang (a GPU), as opposed to
  // host memory and host threads. A host backend gets the long default timeout; dml-bench measures its
  // copies against a host memcpy, a device's against a copy on the device.
  bool device = true;
  // Worker processes `run` and `fuzz` start when --jobs is left out, at most one per core; 0 = one per
  // core. Workers on one GPU are serialized by its driver: on an NVIDIA H200 (16 cores) fuzz ran 4,206
  // small cases/s with 1 worker, 3,578 with 4 and 1,379 with 16; 3,203 default-sized ones with 4, 1,953
  // with 16 (docs/benchmarks.md, "Cases per second").
  int default_workers = 4;
  // DML_EXECUTION_FLAGS its operators are compiled with (ApiBackend::PrepareWithFlags); a backend that
  // runs its own kernels honours none, and they change nothing there (ops/execution_flags.h).
  ops::ExecutionFlags execution_flags = ops::kExecutionFlagNone;
  // dml-bench times it when --backends is left out.
  bool benchmarked_by_default = true;

  // It has metacommands to turn off: it honours DISABLE_META_COMMANDS (`run --ab-metacommands`).
  bool HasMetacommands() const { return (execution_flags & ops::kExecutionFlagDisableMetaCommands) != 0; }
};

struct BackendFactory {
  std::string name;         // "cpu"
  std::string description;  // one line for `dml-conform backends`
  // Devices this backend can see; an error when the backend is unavailable here (no loader, no
  // device), naming why.
  std::function<Result<std::vector<DeviceInfo>>()> enumerate;
  std::function<Result<std::unique_ptr<Backend>>(const BackendOptions&)> create;
  BackendTraits traits;
};

class Registry {
 public:
  void Add(BackendFactory factory);
  const std::vector<BackendFactory>& factories() const { return factories_; }
  const BackendFactory* Find(std::string_view name) const;
  // The names in registration order; with `which`, those whose traits it accepts.
  std::vector<std::string> Names(const std::function<bool(const BackendTraits&)>& which = {}) const;

 private:
  std::vector<BackendFactory> factories_;
};

// The registry with every backend compiled into this build.
const Registry& BuiltinRegistry();
// Adds a backend a program brings itself: test programs register backends that inject faults. Call
// from main(), before any lookup; not thread-safe.
void RegisterExtraBackend(BackendFactory factory);
// The traits of the backend `name`; a device's defaults (BackendTraits{}) for a name not registered, which
// then fails where the backend is created, naming the registered ones.
BackendTraits TraitsOf(std::string_view name);
// Finds the factory by name and creates the backend; the error lists the registered names when the
// name is unknown.
Result<std::unique_ptr<Backend>> CreateBackend(std::string_view name, const BackendOptions& options);

}  // namespace dmlc::backends
