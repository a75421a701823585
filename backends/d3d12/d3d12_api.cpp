#include "backends/d3d12/d3d12_api.h"

#include <cstdint>
#include <cstdio>

namespace dmlc::backends::d3d12 {

std::string HresultName(HRESULT hr) {
  // The results D3D12, DXGI and DXCore document for the calls this backend makes; others print as hex.
  struct Named {
    uint32_t value;
    const char* name;
  };
  static constexpr Named kNames[] = {
      {0x80004001u, "E_NOTIMPL"},
      {0x80004002u, "E_NOINTERFACE"},
      {0x80004005u, "E_FAIL"},
      {0x8007000Eu, "E_OUTOFMEMORY"},
      {0x80070057u, "E_INVALIDARG"},
      {0x887A0001u, "DXGI_ERROR_INVALID_CALL"},
      {0x887A0002u, "DXGI_ERROR_NOT_FOUND"},
      {0x887A0004u, "DXGI_ERROR_UNSUPPORTED"},
      {0x887A0005u, "DXGI_ERROR_DEVICE_REMOVED"},
      {0x887A0006u, "DXGI_ERROR_DEVICE_HUNG"},
      {0x887A0007u, "DXGI_ERROR_DEVICE_RESET"},
      {0x887A0020u, "DXGI_ERROR_DRIVER_INTERNAL_ERROR"},
      {0x887E0003u, "D3D12_ERROR_ADAPTER_NOT_FOUND"},
      {0x887E0004u, "D3D12_ERROR_DRIVER_VERSION_MISMATCH"},
  };
  const auto value = static_cast<uint32_t>(hr);
  char hex[16];
  std::snprintf(hex, sizeof(hex), "0x%08X", static_cast<unsigned>(value));
  for (const Named& n : kNames) {
    if (n.value == value) return std::string(n.name) + " (" + hex + ")";
  }
  return hex;
}

bool IsDeviceLoss(HRESULT hr) {
  const auto value = static_cast<uint32_t>(hr);
  return value == 0x887A0005u || value == 0x887A0006u || value == 0x887A0007u || value == 0x887A0020u;
}

}  // namespace dmlc::backends::d3d12
