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

namespace dmlc::backends {

struct BackendOptions {
  std::string device;  // "" = the default device; an index ("1") or a substring of the device name
  bool debug = false;  // API validation / debug layers where the backend has them
  int threads = 0;     // CPU worker threads; 0 = all cores
  // The folder where backends that compile pipelines (vulkan) or kernels (d3d12) share them between the
  // processes of the machine and from run to run; empty = none, each process compiles what it meets.
  std::filesystem::path pipeline_cache;
};

struct BackendFactory {
  std::string name;         // "cpu"
  std::string description;  // one line for `dml-conform backends`
  // Devices this backend can see; an error when the backend is unavailable here (no loader, no
  // device), naming why.
  std::function<Result<std::vector<DeviceInfo>>()> enumerate;
  std::function<Result<std::unique_ptr<Backend>>(const BackendOptions&)> create;
};

class Registry {
 public:
  void Add(BackendFactory factory);
  const std::vector<BackendFactory>& factories() const { return factories_; }
  const BackendFactory* Find(std::string_view name) const;
  std::vector<std::string> Names() const;

 private:
  std::vector<BackendFactory> factories_;
};

// The registry with every backend compiled into this build.
const Registry& BuiltinRegistry();
// Adds a backend a program brings itself: test programs register backends that inject faults. Call
// from main(), before any lookup; not thread-safe.
void RegisterExtraBackend(BackendFactory factory);
// Finds the factory by name and creates the backend; the error lists the registered names when the
// name is unknown.
Result<std::unique_ptr<Backend>> CreateBackend(std::string_view name, const BackendOptions& options);

}  // namespace dmlc::backends
