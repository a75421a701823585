#include "backends/vulkan/vulkan_context.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <spdlog/spdlog.h>

#include "backends/device_selector.h"
#include "backends/vulkan/kernel_catalog.h"
#include "backends/vulkan/validation.h"

namespace dmlc::backends::vulkan {
namespace {

Error Unavailable(std::string message, std::string rule) {
  return MakeError("vulkan", "", std::move(message), std::move(rule));
}

std::string VersionString(uint32_t v) {
  return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) + "." +
         std::to_string(VK_API_VERSION_PATCH(v));
}

// Drivers encode driverVersion their own way; NVIDIA's is 10.8.8.6 bits, most others follow VK_MAKE_VERSION.
std::string DriverVersionString(uint32_t vendor, uint32_t v) {
  if (vendor == 0x10DE) {
    return std::to_string(v >> 22) + "." + std::to_string((v >> 14) & 0xFF) + "." + std::to_string((v >> 6) & 0xFF);
  }
  return VersionString(v);
}

const char* YesNo(bool b) { return b ? "yes" : "no"; }

// With `validation`, the validation layer where it is installed; `validating` says whether it is on.
Result<OwnedInstance> CreateInstance(const VulkanLibrary& library, VulkanApi& api, bool validation = false,
                                     bool* validating = nullptr) {
  DMLC_RETURN_IF_ERROR(api.LoadGlobal(library));
  uint32_t version = 0;
  DMLC_RETURN_IF_ERROR(CheckVk(api.vkEnumerateInstanceVersion(&version), "vkEnumerateInstanceVersion"));
  if (version < VK_API_VERSION_1_2) {
    return Unavailable("the Vulkan loader offers " + VersionString(version), "Vulkan 1.2 or later");
  }
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "dml-conform";
  app.apiVersion = VK_API_VERSION_1_2;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  const ValidationRequest request = validation ? RequestValidation(api) : ValidationRequest{};
  info.enabledLayerCount = static_cast<uint32_t>(request.layers.size());
  info.ppEnabledLayerNames = request.layers.data();
  info.enabledExtensionCount = static_cast<uint32_t>(request.extensions.size());
  info.ppEnabledExtensionNames = request.extensions.data();
  VkInstance instance = VK_NULL_HANDLE;
  const VkResult r = api.vkCreateInstance(&info, nullptr, &instance);
  if (r != VK_SUCCESS) {
    return Unavailable("vkCreateInstance failed: " + VkResultName(r) +
                           (r == VK_ERROR_INCOMPATIBLE_DRIVER ? " (no Vulkan driver found)" : ""),
                       "a Vulkan driver (ICD) is installed");
  }
  const Status loaded = api.LoadInstance(library, instance);
  OwnedInstance owned(instance, {api.vkDestroyInstance});
  DMLC_RETURN_IF_ERROR(loaded);
  if (validating != nullptr) *validating = request.enabled();
  return owned;
}

Result<std::vector<VkPhysicalDevice>> PhysicalDevices(const VulkanApi& api, VkInstance instance) {
  uint32_t count = 0;
  DMLC_RETURN_IF_ERROR(CheckVk(api.vkEnumeratePhysicalDevices(instance, &count, nullptr), "vkEnumeratePhysicalDevices"));
  std::vector<VkPhysicalDevice> devices(count);
  DMLC_RETURN_IF_ERROR(
      CheckVk(api.vkEnumeratePhysicalDevices(instance, &count, devices.data()), "vkEnumeratePhysicalDevices"));
  devices.resize(count);
  if (devices.empty()) return Unavailable("the Vulkan loader reports no device", "a Vulkan device is present");
  return devices;
}

void Describe(const VulkanApi& api, VkPhysicalDevice physical, DeviceInfo& info, DeviceCapabilities& caps) {
  VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
  VkPhysicalDeviceProperties2 props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  props.pNext = &driver;
  api.vkGetPhysicalDeviceProperties2(physical, &props);
  VkPhysicalDevice16BitStorageFeatures storage16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
  VkPhysicalDevice8BitStorageFeatures storage8{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES};
  storage16.pNext = &storage8;
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  features.pNext = &storage16;
  api.vkGetPhysicalDeviceFeatures2(physical, &features);

  const VkPhysicalDeviceLimits& limits = props.properties.limits;
  caps.api_version = props.properties.apiVersion;
  caps.max_storage_buffer_range = limits.maxStorageBufferRange;
  caps.min_uniform_buffer_offset_alignment = static_cast<uint32_t>(limits.minUniformBufferOffsetAlignment);
  std::copy_n(limits.maxComputeWorkGroupCount, 3, caps.max_compute_work_group_count);
  caps.shader_int64 = features.features.shaderInt64;
  caps.shader_float64 = features.features.shaderFloat64;
  caps.shader_int16 = features.features.shaderInt16;
  caps.storage_buffer_8bit = storage8.storageBuffer8BitAccess;
  caps.storage_buffer_16bit = storage16.storageBuffer16BitAccess;
  caps.timestamps = limits.timestampComputeAndGraphics;
  caps.timestamp_period = limits.timestampPeriod;

  info.name = props.properties.deviceName;
  info.driver = std::string(driver.driverName) + " " + driver.driverInfo + " (driverVersion " +
                DriverVersionString(props.properties.vendorID, props.properties.driverVersion) + ")";
  char period[32];
  std::snprintf(period, sizeof(period), "%g ns", caps.timestamp_period);
  const uint32_t* groups = caps.max_compute_work_group_count;
  info.properties = {
      {"apiVersion", VersionString(caps.api_version)},
      {"maxStorageBufferRange", std::to_string(caps.max_storage_buffer_range)},
      {"maxComputeWorkGroupCount", std::to_string(groups[0]) + " x " + std::to_string(groups[1]) + " x " +
                                       std::to_string(groups[2])},
      {"shaderInt64", YesNo(caps.shader_int64)},
      {"shaderFloat64", YesNo(caps.shader_float64)},
      {"shaderInt16", YesNo(caps.shader_int16)},
      {"storageBuffer8BitAccess", YesNo(caps.storage_buffer_8bit)},
      {"storageBuffer16BitAccess", YesNo(caps.storage_buffer_16bit)},
      {"timestampComputeAndGraphics", YesNo(caps.timestamps)},
      {"timestampPeriod", period},
  };
}

bool HasDeviceExtension(const VulkanApi& api, VkPhysicalDevice physical, const char* name) {
  uint32_t count = 0;
  if (api.vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, nullptr) != VK_SUCCESS) return false;
  std::vector<VkExtensionProperties> extensions(count);
  if (api.vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, extensions.data()) != VK_SUCCESS) return false;
  return std::any_of(extensions.begin(), extensions.end(),
                     [&](const VkExtensionProperties& e) { return std::strcmp(e.extensionName, name) == 0; });
}

// The fences, query pools and descriptor pools operators take and give back (object_pool.h).
std::unique_ptr<Recyclers> MakeRecyclers(const VulkanApi& api, VkDevice device) {
  FencePool fences([&api, device](int) {
    const VkFenceCreateInfo info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    return CreateChild(device, api.vkCreateFence, api.vkDestroyFence, info, "vkCreateFence");
  });
  QueryPoolPool queries([&api, device](uint32_t count) {
    VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = count;
    return CreateChild(device, api.vkCreateQueryPool, api.vkDestroyQueryPool, info, "vkCreateQueryPool");
  });
  DescriptorPoolPool descriptors(
      [&api, device](const DescriptorPoolKey& key) {
        const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, key.first},
                                              {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, key.second}};
        VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
        info.maxSets = key.first;
        info.poolSizeCount = 2;
        info.pPoolSizes = sizes;
        return CreateChild(device, api.vkCreateDescriptorPool, api.vkDestroyDescriptorPool, info,
                           "vkCreateDescriptorPool");
      },
      // The sets an operator allocated go back with the pool.
      [&api, device](VkDescriptorPool pool) { return api.vkResetDescriptorPool(device, pool, 0) == VK_SUCCESS; });
  return std::make_unique<Recyclers>(Recyclers{std::move(fences), std::move(queries), std::move(descriptors)});
}

// What the device's compiled pipelines depend on (pipeline_cache_file.h).
PipelineCacheKey CacheKey(const VulkanApi& api, VkPhysicalDevice physical) {
  VkPhysicalDeviceProperties2 props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  api.vkGetPhysicalDeviceProperties2(physical, &props);
  PipelineCacheKey key;
  key.vendor_id = props.properties.vendorID;
  key.device_id = props.properties.deviceID;
  key.driver_version = props.properties.driverVersion;
  std::copy_n(props.properties.pipelineCacheUUID, VK_UUID_SIZE, key.pipeline_cache_uuid.begin());
  key.kernel_set_hash = KernelSetHash();
  return key;
}

}  // namespace

Result<std::vector<DeviceInfo>> VulkanContext::Enumerate() {
  Result<std::shared_ptr<VulkanLibrary>> library = VulkanLibrary::Open();
  if (!library.ok()) return library.error();
  VulkanApi api;
  Result<OwnedInstance> instance = CreateInstance(**library, api);
  if (!instance.ok()) return instance.error();
  Result<std::vector<VkPhysicalDevice>> physicals = PhysicalDevices(api, instance->get());
  if (!physicals.ok()) return physicals.error();
  std::vector<DeviceInfo> devices;
  for (VkPhysicalDevice p : *physicals) {
    DeviceCapabilities caps;
    Describe(api, p, devices.emplace_back(), caps);
  }
  return devices;
}

Result<std::shared_ptr<VulkanContext>> VulkanContext::Create(const BackendOptions& options) {
  std::shared_ptr<VulkanContext> context(new VulkanContext());
  DMLC_RETURN_IF_ERROR(context->Init(options));
  return context;
}

Status VulkanContext::Init(const BackendOptions& options) {
  const std::string& selector = options.device;
  const bool validation = options.debug;
  Result<std::shared_ptr<VulkanLibrary>> library = VulkanLibrary::Open();
  if (!library.ok()) return library.error();
  library_ = std::move(*library);
  bool validating = false;
  Result<OwnedInstance> instance = CreateInstance(*library_, api_, validation, &validating);
  if (!instance.ok()) return instance.error();
  instance_ = std::move(*instance);
  if (validating) validation_.Install(*library_, instance_.get());
  Result<std::vector<VkPhysicalDevice>> physicals = PhysicalDevices(api_, instance_.get());
  if (!physicals.ok()) return physicals.error();
  std::vector<DeviceInfo> infos(physicals->size());
  std::vector<DeviceCapabilities> caps(physicals->size());
  for (size_t i = 0; i < physicals->size(); ++i) Describe(api_, (*physicals)[i], infos[i], caps[i]);
  std::vector<std::string> names;
  for (const DeviceInfo& info : infos) names.push_back(info.name);
  Result<size_t> chosen = SelectDevice("vulkan", selector, names);
  if (!chosen.ok()) return chosen.error();
  physical_ = (*physicals)[*chosen];
  info_ = infos[*chosen];
  caps_ = caps[*chosen];
  if (caps_.api_version < VK_API_VERSION_1_2) {
    return Unavailable(info_.name + " supports Vulkan " + VersionString(caps_.api_version), "Vulkan 1.2 or later");
  }
  VkPhysicalDeviceMemoryProperties memory{};
  api_.vkGetPhysicalDeviceMemoryProperties(physical_, &memory);

  uint32_t family_count = 0;
  api_.vkGetPhysicalDeviceQueueFamilyProperties(physical_, &family_count, nullptr);
  std::vector<VkQueueFamilyProperties> families(family_count);
  api_.vkGetPhysicalDeviceQueueFamilyProperties(physical_, &family_count, families.data());
  auto compute = std::find_if(families.begin(), families.end(),
                              [](const VkQueueFamilyProperties& f) { return (f.queueFlags & VK_QUEUE_COMPUTE_BIT) != 0; });
  if (compute == families.end()) return Unavailable(info_.name + " has no compute queue", "a compute queue");
  const uint32_t family = static_cast<uint32_t>(compute - families.begin());
  timestamp_valid_bits_ = caps_.timestamps ? compute->timestampValidBits : 0;

  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue_info{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue_info.queueFamilyIndex = family;
  queue_info.queueCount = 1;
  queue_info.pQueuePriorities = &priority;
  // Kernels address raw 32-bit words, so the only optional feature they use is 64-bit integers
  // (the reduce_i64 variant).
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  features.features.shaderInt64 = caps_.shader_int64;
  VkDeviceCreateInfo device_info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  device_info.pNext = &features;
  device_info.queueCreateInfoCount = 1;
  device_info.pQueueCreateInfos = &queue_info;
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR stats{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
  const char* stats_extension = VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME;
  if (std::getenv("DMLC_VULKAN_PIPELINE_STATS") != nullptr && HasDeviceExtension(api_, physical_, stats_extension)) {
    stats.pipelineExecutableInfo = VK_TRUE;
    features.pNext = &stats;
    device_info.enabledExtensionCount = 1;
    device_info.ppEnabledExtensionNames = &stats_extension;
    pipeline_stats_ = true;
  }
  VkDevice device = VK_NULL_HANDLE;
  DMLC_RETURN_IF_ERROR(CheckVk(api_.vkCreateDevice(physical_, &device_info, nullptr, &device), "vkCreateDevice"));
  const Status loaded = api_.LoadDevice(device);
  device_ = {device, {api_.vkDestroyDevice}};
  DMLC_RETURN_IF_ERROR(loaded);
  api_.vkGetDeviceQueue(device, family, 0, &queue_);
  buffers_ = std::make_unique<BufferPool>(api_, device, memory);
  recyclers_ = MakeRecyclers(api_, device);

  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.queueFamilyIndex = family;
  Result<DeviceChild<VkCommandPool>> pool =
      CreateChild(device, api_.vkCreateCommandPool, api_.vkDestroyCommandPool, pool_info, "vkCreateCommandPool");
  if (!pool.ok()) return pool.error();
  command_pool_ = std::move(*pool);

  Result<std::unique_ptr<PipelineCache>> cache =
      PipelineCache::Open(api_, device, options.pipeline_cache, CacheKey(api_, physical_));
  if (!cache.ok()) return cache.error();
  cache_ = std::move(*cache);
  return OkStatus();
}

VulkanContext::~VulkanContext() {
  // Work still queued may use any of the objects the members own; they go once it is done.
  if (device_ && api_.vkDeviceWaitIdle != nullptr) api_.vkDeviceWaitIdle(device_.get());
  if (counts_.compiled + counts_.cached > 0) {
    spdlog::debug("vulkan: {} pipelines compiled ({:.0f} ms), {} from the pipeline cache ({:.0f} ms)", counts_.compiled,
                  counts_.compiled_ms, counts_.cached, counts_.cached_ms);
  }
}

bool VulkanContext::HasFeature(std::string_view feature) const {
  if (feature.empty()) return true;
  if (feature == "shaderInt64") return caps_.shader_int64;
  return false;  // a feature this build cannot query counts as missing
}

void VulkanContext::MarkLost() {
  lost_ = true;
  // A lost device's buffers are no use to the next operator, which gets a new device.
  if (buffers_) buffers_->StopKeeping();
  if (recyclers_) {
    recyclers_->fences.StopKeeping();
    recyclers_->queries.StopKeeping();
    recyclers_->descriptors.StopKeeping();
  }
}

}  // namespace dmlc::backends::vulkan
