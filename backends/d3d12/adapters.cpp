#include "backends/d3d12/adapters.h"

#include <string>
#include <utility>

#include "backends/device_selector.h"

namespace dmlc::backends::d3d12 {
namespace {

Error AdapterError(std::string message, std::string rule) {
  return MakeError("d3d12", "", std::move(message), std::move(rule));
}

#ifdef _WIN32
std::string Narrow(const wchar_t* text) {
  std::string out;
  for (; *text != 0; ++text) out.push_back(*text < 0x80 ? static_cast<char>(*text) : '?');
  return out;
}

Result<std::vector<Adapter>> Enumerate(const Runtime& runtime) {
  ComPtr<IDXGIFactory1> factory;
  HRESULT hr = runtime.CreateAdapterFactory(__uuidof(IDXGIFactory1), reinterpret_cast<void**>(factory.GetAddressOf()));
  if (FAILED(hr)) return AdapterError("CreateDXGIFactory1 failed: " + HresultName(hr), "DXGI is available");
  std::vector<Adapter> adapters;
  ComPtr<IDXGIAdapter1> dxgi;
  for (UINT i = 0; factory->EnumAdapters1(i, dxgi.ReleaseAndGetAddressOf()) != DXGI_ERROR_NOT_FOUND; ++i) {
    DXGI_ADAPTER_DESC1 desc{};
    if (FAILED(dxgi->GetDesc1(&desc))) continue;
    Adapter a;
    a.name = Narrow(desc.Description);
    a.dedicated_memory = desc.DedicatedVideoMemory;
    a.software = (desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) != 0;
    // DXGI reports the user-mode driver's version through this interface query, and only this one.
    LARGE_INTEGER umd{};
    if (SUCCEEDED(dxgi->CheckInterfaceSupport(__uuidof(IDXGIDevice), &umd))) {
      a.driver_version = DriverVersionString(static_cast<uint64_t>(umd.QuadPart));
    }
    a.handle = dxgi;
    adapters.push_back(std::move(a));
  }
  return adapters;
}
#else
Result<std::vector<Adapter>> Enumerate(const Runtime& runtime) {
  ComPtr<IDXCoreAdapterFactory> factory;
  HRESULT hr = runtime.CreateAdapterFactory(__uuidof(IDXCoreAdapterFactory), reinterpret_cast<void**>(factory.GetAddressOf()));
  if (FAILED(hr)) return AdapterError("DXCoreCreateAdapterFactory failed: " + HresultName(hr), "DXCore is available");
  ComPtr<IDXCoreAdapterList> list;
  const GUID compute = DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE;
  hr = factory->CreateAdapterList(1, &compute, __uuidof(IDXCoreAdapterList), reinterpret_cast<void**>(list.GetAddressOf()));
  if (FAILED(hr)) return AdapterError("IDXCoreAdapterFactory::CreateAdapterList failed: " + HresultName(hr), "DXCore lists adapters");
  std::vector<Adapter> adapters;
  for (uint32_t i = 0; i < list->GetAdapterCount(); ++i) {
    ComPtr<IDXCoreAdapter> dxcore;
    if (FAILED(list->GetAdapter(i, __uuidof(IDXCoreAdapter), reinterpret_cast<void**>(dxcore.GetAddressOf())))) continue;
    Adapter a;
    size_t size = 0;
    if (SUCCEEDED(dxcore->GetPropertySize(DXCoreAdapterProperty::DriverDescription, &size)) && size > 0) {
      std::string name(size, '\0');
      if (SUCCEEDED(dxcore->GetProperty(DXCoreAdapterProperty::DriverDescription, size, name.data()))) {
        a.name = name.c_str();  // the property includes its terminating NUL
      }
    }
    uint64_t version = 0;
    if (SUCCEEDED(dxcore->GetProperty(DXCoreAdapterProperty::DriverVersion, sizeof(version), &version))) {
      a.driver_version = DriverVersionString(version);
    }
    uint64_t memory = 0;
    if (SUCCEEDED(dxcore->GetProperty(DXCoreAdapterProperty::DedicatedAdapterMemory, sizeof(memory), &memory))) {
      a.dedicated_memory = memory;
    }
    bool hardware = true;
    if (SUCCEEDED(dxcore->GetProperty(DXCoreAdapterProperty::IsHardware, sizeof(hardware), &hardware))) {
      a.software = !hardware;
    }
    a.handle = dxcore;
    adapters.push_back(std::move(a));
  }
  return adapters;
}
#endif

}  // namespace

Result<std::vector<Adapter>> EnumerateAdapters(const Runtime& runtime) {
  Result<std::vector<Adapter>> adapters = Enumerate(runtime);
  if (adapters.ok() && adapters->empty()) return AdapterError("no adapter found", "a D3D12 adapter is present");
  return adapters;
}

Result<size_t> SelectAdapter(const std::vector<Adapter>& adapters, std::string_view device) {
  if (adapters.empty()) return AdapterError("no adapter found", "a D3D12 adapter is present");
  std::vector<std::string> names;
  for (const Adapter& a : adapters) names.push_back(a.name);
  return SelectDevice("d3d12", device, names);
}

std::string DriverVersionString(uint64_t packed) {
  std::string out;
  for (int shift = 48; shift >= 0; shift -= 16) {
    out += std::to_string((packed >> shift) & 0xFFFF);
    if (shift > 0) out += '.';
  }
  return out;
}

}  // namespace dmlc::backends::d3d12
