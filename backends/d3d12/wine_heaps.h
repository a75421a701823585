// Wine's D3D12 is vkd3d, which by default backs every shader-visible descriptor heap with six Vulkan
// descriptor sets of the device's largest size whatever the heap's NumDescriptors (VK_EXT_descriptor_indexing;
// vkd3d 1.4's release notes). On lavapipe those sets are zeroed when allocated: 6 to 20 s for the first
// heap of each process on a 2-core machine, no shorter for 1,024 descriptors than for 65,536, longer than
// the rest of a DirectML corpus's operators take. VKD3D_CONFIG=virtual_heaps selects vkd3d's original heaps,
// which cost milliseconds; the corpus's statuses, behaviours and mismatch counts stay the same (docs/backends.md).
// scripts/fetch_runtimes.sh exports it; a run under Wine without it is warned once per process.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dmlc::backends::d3d12 {

// Whether a VKD3D_CONFIG value names virtual_heaps, among the options vkd3d separates by commas,
// semicolons, spaces or tabs.
bool NamesVirtualHeaps(std::string_view vkd3d_config);

// The warning for a process under Wine (`wine_version` nonempty) whose VKD3D_CONFIG lacks
// virtual_heaps; nullopt otherwise (not Wine, or the option is set).
std::optional<std::string> WineHeapWarning(std::string_view wine_version, std::string_view vkd3d_config);

// Wine's version ("8.0") from ntdll's wine_get_version; "" on Windows itself, on WSL and on Linux.
std::string WineVersion();

}  // namespace dmlc::backends::d3d12
