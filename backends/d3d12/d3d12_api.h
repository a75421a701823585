// The D3D12 declarations this backend is written against, the same on both platforms it targets:
// Windows (the SDK's or mingw-w64's d3d12.h and DXGI) and WSL (DirectX-Headers: its wsl/ stubs supply
// the Windows types, DXCore enumerates adapters). Only declarations: the runtime itself is loaded at run
// time (runtime.h), so nothing here links against d3d12.
#pragma once

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#include <d3d12.h>
#include <d3d12sdklayers.h>
#include <d3dcommon.h>
#include <dxgi1_6.h>
#include <wrl/client.h>
// Methods that return a struct (GetDesc, Get{CPU,GPU}DescriptorHandleForHeapStart) return it through a
// hidden pointer in every D3D12 runtime (MSVC's rule for member functions); GCC's own rule returns small
// structs in RAX. mingw-w64's headers bridge the two when this macro is set (_mingw_mac.h sets it for
// GCC in C++, as in Debian 12's mingw-w64 10); without it those calls would read garbage. The smoke test
// checks the values.
#if defined(__GNUC__) && !defined(WIDL_EXPLICIT_AGGREGATE_RETURNS)
#error "mingw-w64 headers without WIDL_EXPLICIT_AGGREGATE_RETURNS: struct-returning D3D12 methods would use the wrong ABI"
#endif
#else
#include <wsl/winadapter.h>
#include <wsl/wrladapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <directx/dxcore.h>
#include <dxguids/dxguids.h>
#endif

#include <string>

namespace dmlc::backends::d3d12 {

template <class T>
using ComPtr = Microsoft::WRL::ComPtr<T>;

// "E_INVALIDARG (0x80070057)": the symbolic name where it is one D3D12 returns, and the hex value.
std::string HresultName(HRESULT hr);
// DXGI_ERROR_DEVICE_REMOVED, _HUNG, _RESET and DXGI_ERROR_DRIVER_INTERNAL_ERROR: the device is gone.
bool IsDeviceLoss(HRESULT hr);

}  // namespace dmlc::backends::d3d12
