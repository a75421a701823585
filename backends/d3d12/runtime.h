// The D3D12 runtime, loaded once per process at run time: d3d12.dll with DXGI on Windows,
// libd3d12.so with DXCore on WSL. Where either is missing, LoadRuntime() says which and why, and the
// backend reports itself unavailable instead of the tool failing to start. The libraries stay loaded
// until the process ends (devices created from them may live as long). Thread-safe.
#pragma once

#include "backends/d3d12/d3d12_api.h"
#include "backends/d3d12/shared_library.h"
#include "ops/error.h"

namespace dmlc::backends::d3d12 {

struct Runtime {
  SharedLibrary d3d12;
  PFN_D3D12_CREATE_DEVICE CreateDevice = nullptr;
  PFN_D3D12_GET_DEBUG_INTERFACE GetDebugInterface = nullptr;  // nullptr where the runtime lacks it
  PFN_D3D12_SERIALIZE_VERSIONED_ROOT_SIGNATURE SerializeVersionedRootSignature = nullptr;
  // The adapter enumerator: CreateDXGIFactory1 (dxgi.dll) on Windows, DXCoreCreateAdapterFactory
  // (libdxcore.so) on WSL. Both take (riid, out).
  SharedLibrary adapters;
  HRESULT(WINAPI* CreateAdapterFactory)(REFIID riid, void** factory) = nullptr;
};

// The process's runtime, loaded on first use; the same error on every call where it cannot load.
Result<const Runtime*> LoadRuntime();

}  // namespace dmlc::backends::d3d12
