// One Vulkan device ready for compute: instance, the chosen physical device, logical device, a compute
// queue and command pool, what the device can do, and the compute pipelines of the kernels used so far.
// Shared (shared_ptr) by the backend and the operators it prepared, so that operators can outlive a
// device the backend has replaced after a failure. Not thread-safe.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "backends/backend.h"
#include "backends/gpu/dispatch_plan.h"
#include "backends/registry.h"
#include "backends/vulkan/buffer_pool.h"
#include "backends/vulkan/kernel_catalog.h"
#include "backends/vulkan/object_pool.h"
#include "backends/vulkan/owned.h"
#include "backends/vulkan/pipeline_cache.h"
#include "backends/vulkan/validation.h"
#include "backends/vulkan/vulkan_api.h"

namespace dmlc::backends::vulkan {

// What the backend needs to know of a device beyond DeviceInfo's display strings.
struct DeviceCapabilities {
  uint32_t api_version = 0;
  uint32_t max_storage_buffer_range = 0;
  uint32_t min_uniform_buffer_offset_alignment = 1;
  uint32_t max_compute_work_group_count[3] = {0, 0, 0};
  bool shader_int64 = false;
  bool shader_float64 = false;
  bool shader_int16 = false;
  bool storage_buffer_8bit = false;
  bool storage_buffer_16bit = false;
  bool timestamps = false;       // timestampComputeAndGraphics
  float timestamp_period = 0;    // ns per tick
};

// A compute pipeline of one kernel variant with its layouts, destroyed in the reverse of this order.
struct Pipeline {
  DeviceChild<VkDescriptorSetLayout> set_layout;
  DeviceChild<VkPipelineLayout> layout;
  DeviceChild<VkPipeline> pipeline;
  uint32_t storage_bindings = 0;  // inputs + output, bound at 1..storage_bindings
  double create_ms = 0;           // vkCreateComputePipelines' wall time
};

// Where this context's pipelines came from, for `-v` and for tests. A pipeline is "cached" when the
// shared file listed its kernel on creation: the driver then only loads it (on a driver whose
// VkPipelineCache is a stub, such as lavapipe's, its own shader cache does that work instead).
struct PipelineCounts {
  int compiled = 0;
  int cached = 0;
  double compiled_ms = 0;  // summed over threads: more than the wall time when compiled in parallel
  double cached_ms = 0;
};

// The per-operator objects a context keeps for reuse (object_pool.h): fences; timestamp query pools by
// query count; descriptor pools by (sets, storage buffer descriptors), each a power of two.
using FencePool = ObjectPool<VkFence, int>;
using QueryPoolPool = ObjectPool<VkQueryPool, uint32_t>;
using DescriptorPoolKey = std::pair<uint32_t, uint32_t>;
using DescriptorPoolPool = ObjectPool<VkDescriptorPool, DescriptorPoolKey>;
struct Recyclers {
  FencePool fences;
  QueryPoolPool queries;
  DescriptorPoolPool descriptors;
};

class VulkanContext {
 public:
  // Every device the loader reports, with its DeviceInfo. Error when there is no loader, no Vulkan
  // 1.2 instance or no device.
  static Result<std::vector<DeviceInfo>> Enumerate();
  // Creates the device options.device names: "" = the first, an index, or a case-insensitive substring
  // of the device name. options.debug: the Khronos validation layer where installed (validation.h).
  // options.pipeline_cache: the folder of the machine's compiled pipelines (pipeline_cache.h).
  static Result<std::shared_ptr<VulkanContext>> Create(const BackendOptions& options);
  ~VulkanContext();
  VulkanContext(const VulkanContext&) = delete;
  VulkanContext& operator=(const VulkanContext&) = delete;

  const VulkanApi& api() const { return api_; }
  VkDevice device() const { return device_.get(); }
  VkQueue queue() const { return queue_; }
  VkCommandPool command_pool() const { return command_pool_.get(); }
  uint32_t timestamp_valid_bits() const { return timestamp_valid_bits_; }
  const DeviceInfo& info() const { return info_; }
  const DeviceCapabilities& caps() const { return caps_; }
  // VulkanOperator creates the scratch buffers plans name.
  gpu::DeviceLimits limits() const { return {caps_.max_compute_work_group_count[0], true}; }

  // The buffers operators take and give back (buffer_pool.h); freed before the device.
  BufferPool& buffers() { return *buffers_; }
  // The fences, query pools and descriptor pools operators take and give back; freed before the device.
  Recyclers& recyclers() { return *recyclers_; }
  // Whether the device has an optional feature a kernel variant names (kernel_catalog.h), "" for none.
  bool HasFeature(std::string_view feature) const;
  // The pipeline of kernel variant `name`, created on first use. With a pipeline cache, the first
  // kernel the shared file lacks has every kernel it lacks compiled into it, on all cores, by one
  // process of the machine while the others wait (PipelineCache::Fill).
  Result<const Pipeline*> GetPipeline(const std::string& name);
  const PipelineCounts& pipeline_counts() const { return counts_; }

  // A failed submission leaves the device in an unknown state: the backend replaces a lost context
  // before preparing the next operator, and the buffers and objects given back from now on are freed.
  void MarkLost();
  bool lost() const { return lost_; }
  // Whether the validation layer is on, and the errors it reported on this context (0 without it).
  bool validating() const { return validation_.installed(); }
  uint64_t validation_errors() const { return validation_.errors(); }

 private:
  VulkanContext() = default;
  Status Init(const BackendOptions& options);
  // Compiles one pipeline through the cache; thread-safe (device-level creation, no members written).
  Result<Pipeline> CreatePipeline(const SpirvKernel& kernel) const;
  // Compiles `names` on all cores through the cache and keeps them; returns those that compiled.
  std::vector<std::string> CompileInParallel(const std::vector<std::string>& names);
  const Pipeline* Keep(const std::string& name, Pipeline pipeline, bool cached);

  // Members go in the reverse of this order: the device's objects, the device, the messenger, the
  // instance, and last the library every destroy function lives in.
  std::shared_ptr<VulkanLibrary> library_;
  VulkanApi api_;
  OwnedInstance instance_;
  ValidationMessenger validation_;
  VkPhysicalDevice physical_ = VK_NULL_HANDLE;
  OwnedDevice device_;
  VkQueue queue_ = VK_NULL_HANDLE;
  DeviceChild<VkCommandPool> command_pool_;
  uint32_t timestamp_valid_bits_ = 0;
  DeviceInfo info_;
  DeviceCapabilities caps_;
  std::unique_ptr<PipelineCache> cache_;
  bool filled_ = false;  // PipelineCache::Fill() ran in this context
  std::map<std::string, Pipeline> pipelines_;
  PipelineCounts counts_;
  std::unique_ptr<BufferPool> buffers_;
  std::unique_ptr<Recyclers> recyclers_;
  bool lost_ = false;
  // DMLC_VULKAN_PIPELINE_STATS set and VK_KHR_pipeline_executable_properties present: each new
  // pipeline's compiler statistics (registers, local memory, ...) go to stderr, for tuning kernels.
  bool pipeline_stats_ = false;
};

}  // namespace dmlc::backends::vulkan
