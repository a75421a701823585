// VulkanContext's compute pipelines: created on first use through the machine's pipeline cache
// (pipeline_cache.h), or compiled all at once, on every core, when the cache lacks them.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include <spdlog/spdlog.h>

#include "backends/thread_pool.h"
#include "backends/vulkan/kernel_catalog.h"
#include "backends/vulkan/vulkan_context.h"

namespace dmlc::backends::vulkan {
namespace {

// Prints what the driver's compiler reports for each executable of `pipeline` (one line per pipeline).
void PrintPipelineStatistics(const VulkanApi& api, VkDevice device, VkPipeline pipeline, const std::string& name) {
  auto properties = reinterpret_cast<PFN_vkGetPipelineExecutablePropertiesKHR>(
      api.vkGetDeviceProcAddr(device, "vkGetPipelineExecutablePropertiesKHR"));
  auto statistics = reinterpret_cast<PFN_vkGetPipelineExecutableStatisticsKHR>(
      api.vkGetDeviceProcAddr(device, "vkGetPipelineExecutableStatisticsKHR"));
  if (properties == nullptr || statistics == nullptr) return;
  VkPipelineInfoKHR info{VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR};
  info.pipeline = pipeline;
  uint32_t executables = 0;
  if (properties(device, &info, &executables, nullptr) != VK_SUCCESS) return;
  std::string line = "vulkan pipeline " + name + ":";
  for (uint32_t e = 0; e < executables; ++e) {
    VkPipelineExecutableInfoKHR exec{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR};
    exec.pipeline = pipeline;
    exec.executableIndex = e;
    uint32_t count = 0;
    if (statistics(device, &exec, &count, nullptr) != VK_SUCCESS) continue;
    std::vector<VkPipelineExecutableStatisticKHR> stats(count, {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR});
    if (statistics(device, &exec, &count, stats.data()) != VK_SUCCESS) continue;
    for (const VkPipelineExecutableStatisticKHR& st : stats) {
      line += std::string(" ") + st.name + "=";
      switch (st.format) {
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR: line += st.value.b32 ? "true" : "false"; break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR: line += std::to_string(st.value.i64); break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR: line += std::to_string(st.value.u64); break;
        default: line += std::to_string(st.value.f64); break;
      }
      line += ";";
    }
  }
  std::fprintf(stderr, "%s\n", line.c_str());
}

}  // namespace

Result<const Pipeline*> VulkanContext::GetPipeline(const std::string& name) {
  if (auto it = pipelines_.find(name); it != pipelines_.end()) return &it->second;
  const SpirvKernel* kernel = FindSpirvKernel(name);
  if (kernel == nullptr) return MakeError("vulkan", "", "no SPIR-V for kernel " + name, "every planned kernel is embedded");
  if (cache_->enabled() && !cache_->Lists(name) && !std::exchange(filled_, true)) {
    std::vector<std::string> wanted;
    for (const SpirvKernel& k : SpirvKernels()) {
      if (HasFeature(k.feature)) wanted.emplace_back(k.name);
    }
    const Status filled = cache_->Fill(wanted, [&](const std::vector<std::string>& missing) { return CompileInParallel(missing); });
    // Without the shared file each process compiles what it meets, as with no cache at all.
    if (!filled.ok()) spdlog::warn("vulkan: pipeline cache not filled: {}", filled.error().ToString());
    if (auto it = pipelines_.find(name); it != pipelines_.end()) return &it->second;
  }
  const bool cached = cache_->Lists(name);
  Result<Pipeline> pipeline = CreatePipeline(*kernel);
  if (!pipeline.ok()) return pipeline.error();
  if (cache_->enabled() && !cached) {
    if (Status recorded = cache_->Record(name); !recorded.ok()) {
      spdlog::warn("vulkan: pipeline cache not written: {}", recorded.error().ToString());
    }
  }
  return Keep(name, std::move(*pipeline), cached);
}

std::vector<std::string> VulkanContext::CompileInParallel(const std::vector<std::string>& names) {
  std::vector<std::optional<Result<Pipeline>>> built(names.size());
  const auto start = std::chrono::steady_clock::now();
  ThreadPool threads(static_cast<int>(std::min<size_t>(names.size(), std::max(1u, std::thread::hardware_concurrency()))));
  threads.ParallelFor(names.size(), 1, [&](uint64_t begin, uint64_t end) {
    for (uint64_t i = begin; i < end; ++i) built[i] = CreatePipeline(*FindSpirvKernel(names[i]));
  });
  std::vector<std::string> compiled;
  for (size_t i = 0; i < names.size(); ++i) {
    if (!built[i]->ok()) {  // the case that needs it reports the error
      spdlog::debug("vulkan: {}", built[i]->error().ToString());
      continue;
    }
    Keep(names[i], std::move(built[i]->value()), false);
    compiled.push_back(names[i]);
  }
  spdlog::debug("vulkan: {} pipelines compiled on {} threads in {:.0f} ms", compiled.size(), threads.threads(),
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  return compiled;
}

const Pipeline* VulkanContext::Keep(const std::string& name, Pipeline pipeline, bool cached) {
  spdlog::debug("vulkan: pipeline {} in {:.1f} ms, {}", name, pipeline.create_ms,
                cached ? "listed in the pipeline cache" : "compiled");
  (cached ? counts_.cached : counts_.compiled) += 1;
  (cached ? counts_.cached_ms : counts_.compiled_ms) += pipeline.create_ms;
  return &pipelines_.emplace(name, std::move(pipeline)).first->second;
}

Result<Pipeline> VulkanContext::CreatePipeline(const SpirvKernel& kernel) const {
  const std::string name(kernel.name);
  const uint32_t storage_bindings = StorageBindings(kernel);
  std::vector<VkDescriptorSetLayoutBinding> bindings(storage_bindings + 1);
  for (uint32_t b = 0; b <= storage_bindings; ++b) {
    bindings[b].binding = b;
    bindings[b].descriptorType = b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    bindings[b].descriptorCount = 1;
    bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
  }
  Pipeline p;
  p.storage_bindings = storage_bindings;
  VkDevice device = device_.get();
  const auto call = [&](const char* what) { return std::string(what) + " (kernel " + name + ")"; };
  VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_info.bindingCount = static_cast<uint32_t>(bindings.size());
  set_info.pBindings = bindings.data();
  Result<DeviceChild<VkDescriptorSetLayout>> set_layout =
      CreateChild(device, api_.vkCreateDescriptorSetLayout, api_.vkDestroyDescriptorSetLayout, set_info,
                  call("vkCreateDescriptorSetLayout"));
  if (!set_layout.ok()) return set_layout.error();
  p.set_layout = std::move(*set_layout);
  const VkDescriptorSetLayout set_layout_handle = p.set_layout.get();
  VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout_info.setLayoutCount = 1;
  layout_info.pSetLayouts = &set_layout_handle;
  Result<DeviceChild<VkPipelineLayout>> layout = CreateChild(
      device, api_.vkCreatePipelineLayout, api_.vkDestroyPipelineLayout, layout_info, call("vkCreatePipelineLayout"));
  if (!layout.ok()) return layout.error();
  p.layout = std::move(*layout);
  VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  module_info.codeSize = kernel.words.size_bytes();
  module_info.pCode = kernel.words.data();
  // Destroyed on the way out: the pipeline keeps what it needs.
  Result<DeviceChild<VkShaderModule>> module = CreateChild(
      device, api_.vkCreateShaderModule, api_.vkDestroyShaderModule, module_info, call("vkCreateShaderModule"));
  if (!module.ok()) return module.error();
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module->get();
  info.stage.pName = "main";
  info.layout = p.layout.get();
  if (pipeline_stats_) info.flags = VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
  VkPipeline pipeline = VK_NULL_HANDLE;
  const auto start = std::chrono::steady_clock::now();
  DMLC_RETURN_IF_ERROR(CheckVk(api_.vkCreateComputePipelines(device, cache_->handle(), 1, &info, nullptr, &pipeline),
                               call("vkCreateComputePipelines").c_str()));
  p.create_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  p.pipeline = {pipeline, {device, api_.vkDestroyPipeline}};
  if (pipeline_stats_) PrintPipelineStatistics(api_, device, pipeline, name);
  return p;
}

}  // namespace dmlc::backends::vulkan
