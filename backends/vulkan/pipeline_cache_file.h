// The file through which the workers of one machine share the pipelines they compiled: our own header
// (a magic, the format version and the key below), the names of the kernels compiled into it, then the
// driver's VkPipelineCache data. Pure functions over bytes, tested with no device. Little-endian
// throughout, as the Vulkan header is.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ops/error.h"

namespace dmlc::backends::vulkan {

// What compiled pipelines depend on: the device and driver (VkPhysicalDeviceProperties), and the SPIR-V
// they were compiled from (KernelSetHash()). A file with another key is of no use here.
struct PipelineCacheKey {
  uint32_t vendor_id = 0;
  uint32_t device_id = 0;
  uint32_t driver_version = 0;
  std::array<uint8_t, 16> pipeline_cache_uuid{};
  uint64_t kernel_set_hash = 0;
  bool operator==(const PipelineCacheKey&) const = default;
};

struct PipelineCacheContents {
  std::vector<std::string> kernels;  // compiled into driver_data, sorted
  std::string driver_data;           // vkGetPipelineCacheData's bytes
};

// "vulkan-10de-2335-<16 hex digits of the whole key>.pipelines": one file per device and driver, so a
// driver update or a rebuild with other kernels starts a new file instead of fighting over one.
std::string PipelineCacheFileName(const PipelineCacheKey& key);

std::string EncodePipelineCache(const PipelineCacheKey& key, const PipelineCacheContents& contents);

// The contents of a file EncodePipelineCache() wrote for `key`. Error saying why not: not one of ours,
// truncated, another key, or driver data whose VkPipelineCacheHeaderVersionOne names another device.
Result<PipelineCacheContents> DecodePipelineCache(const PipelineCacheKey& key, std::string_view bytes);

// Checks the VkPipelineCacheHeaderVersionOne at the start of `driver_data` against `key`, as the driver
// would (Vulkan spec, "Pipeline Cache"): headerSize >= 32, headerVersion ONE, vendorID, deviceID and
// pipelineCacheUUID equal. OkStatus() or the field that differs.
Status CheckDriverHeader(const PipelineCacheKey& key, std::string_view driver_data);

}  // namespace dmlc::backends::vulkan
