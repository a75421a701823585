#include "backends/d3d12/wine_heaps.h"

#ifdef _WIN32
#include <windows.h>
#endif

namespace dmlc::backends::d3d12 {

bool NamesVirtualHeaps(std::string_view vkd3d_config) {
  // vkd3d's own separators (vkd3d_debug_list_has_member).
  constexpr std::string_view kSeparators = ",; \t";
  while (!vkd3d_config.empty()) {
    const size_t end = vkd3d_config.find_first_of(kSeparators);
    if (vkd3d_config.substr(0, end) == "virtual_heaps") return true;
    if (end == std::string_view::npos) break;
    vkd3d_config.remove_prefix(end + 1);
  }
  return false;
}

std::optional<std::string> WineHeapWarning(std::string_view wine_version, std::string_view vkd3d_config) {
  if (wine_version.empty() || NamesVirtualHeaps(vkd3d_config)) return std::nullopt;
  return "d3d12: under Wine " + std::string(wine_version) +
         ", vkd3d's first shader-visible descriptor heap costs seconds in each process (more on lavapipe); "
         "VKD3D_CONFIG=virtual_heaps avoids that (scripts/fetch_runtimes.sh exports it)";
}

std::string WineVersion() {
#ifdef _WIN32
  using WineGetVersion = const char*(CDECL*)();
  HMODULE ntdll = GetModuleHandleA("ntdll.dll");
  // Wine's ntdll exports it; Windows' does not.
  // Through void*, as SharedLibrary::Function does: FARPROC's signature is not the function's.
  void* address = ntdll == nullptr ? nullptr : reinterpret_cast<void*>(GetProcAddress(ntdll, "wine_get_version"));
  auto get = reinterpret_cast<WineGetVersion>(address);
  if (get != nullptr && get() != nullptr) return get();
#endif
  return "";
}

}  // namespace dmlc::backends::d3d12
