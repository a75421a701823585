// The adapters D3D12 can create a device on: DXGI's on Windows, DXCore's compute-capable ones on WSL,
// in the enumerator's order (the system's preferred adapter first). `--device` picks one by index or by a
// substring of its name, as the Vulkan backend and DxDispatch's -a do.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "backends/d3d12/d3d12_api.h"
#include "backends/d3d12/runtime.h"
#include "ops/error.h"

namespace dmlc::backends::d3d12 {

struct Adapter {
  std::string name;            // "NVIDIA GeForce RTX 4090", "Microsoft Basic Render Driver"
  std::string driver_version;  // "31.0.15.3623" (the four 16-bit parts), "" where the system has none
  uint64_t dedicated_memory = 0;  // bytes
  bool software = false;          // WARP or another software rasterizer
  ComPtr<IUnknown> handle;        // IDXGIAdapter1 or IDXCoreAdapter; what D3D12CreateDevice takes
};

Result<std::vector<Adapter>> EnumerateAdapters(const Runtime& runtime);

// Index into `adapters` for `device`, by the rule of every backend (backends/device_selector.h).
Result<size_t> SelectAdapter(const std::vector<Adapter>& adapters, std::string_view device);

// "31.0.15.3623" from a packed 64-bit driver version (DXGI's UMD version, DXCore's DriverVersion).
std::string DriverVersionString(uint64_t packed);

}  // namespace dmlc::backends::d3d12
