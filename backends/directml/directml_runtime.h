// DirectML, loaded once per process at run time with the D3D12 runtime it runs on: DirectML.dll beside
// the executable first (the redistributable, which docs/backends.md says how to get), then the system's
// (System32 has one since Windows 10 1903); on WSL libdirectml.so beside the executable, then on the
// loader's path, with libd3d12.so. Where either is missing LoadDirectml() says which and why, and the
// backend reports itself unavailable. The libraries stay loaded until the process ends. Thread-safe.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "backends/d3d12/runtime.h"
#include "backends/d3d12/shared_library.h"
#include "backends/directml/dml_com.h"
#include "ops/error.h"

namespace dmlc::backends::directml {

struct DirectmlRuntime {
  const d3d12::Runtime* d3d12 = nullptr;
  d3d12::SharedLibrary library;
  PFN_DML_CREATE_DEVICE1 CreateDevice1 = nullptr;
  std::string version;  // the file version, "1.15.4.0"; "unknown" where the file has none (WSL)
};

// The files tried, in order, for an executable in `executable_dir` (empty: unknown).
std::vector<std::string> DirectmlLibraryNames(const std::filesystem::path& executable_dir);

// The process's DirectML, loaded on first use; the same error on every call where it cannot load.
Result<const DirectmlRuntime*> LoadDirectml();

}  // namespace dmlc::backends::directml
