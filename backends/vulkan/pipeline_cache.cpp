#include "backends/vulkan/pipeline_cache.h"

#include <algorithm>
#include <iterator>
#include <sstream>
#include <utility>

#include <spdlog/spdlog.h>

#include "backends/cache_files.h"

namespace dmlc::backends::vulkan {
namespace {

std::filesystem::path WithSuffix(std::filesystem::path file, const char* suffix) { return file += suffix; }

Result<DeviceChild<VkPipelineCache>> CreateCache(const VulkanApi& api, VkDevice device, const std::string& data) {
  VkPipelineCacheCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  info.initialDataSize = data.size();
  info.pInitialData = data.data();
  return CreateChild(device, api.vkCreatePipelineCache, api.vkDestroyPipelineCache, info, "vkCreatePipelineCache");
}

}  // namespace

PipelineCache::PipelineCache(const VulkanApi& api, VkDevice device, std::filesystem::path file,
                             const PipelineCacheKey& key)
    : api_(api), device_(device), file_(std::move(file)), key_(key) {}

Result<std::unique_ptr<PipelineCache>> PipelineCache::Open(const VulkanApi& api, VkDevice device,
                                                           std::filesystem::path folder, const PipelineCacheKey& key) {
  std::filesystem::path file = folder.empty() ? folder : folder / PipelineCacheFileName(key);
  std::unique_ptr<PipelineCache> cache(new PipelineCache(api, device, std::move(file), key));
  if (!cache->enabled()) return cache;
  std::optional<PipelineCacheContents> contents = cache->ReadFile();
  Result<DeviceChild<VkPipelineCache>> handle = CreateCache(api, device, contents ? contents->driver_data : "");
  if (!handle.ok()) return handle.error();
  cache->handle_ = std::move(*handle);
  if (contents) cache->listed_.insert(contents->kernels.begin(), contents->kernels.end());
  return cache;
}

std::optional<PipelineCacheContents> PipelineCache::ReadFile() {
  std::error_code missing;
  if (!std::filesystem::exists(file_, missing)) return std::nullopt;
  Result<std::string> bytes = ReadWholeFile(file_);
  Result<PipelineCacheContents> contents =
      bytes.ok() ? DecodePipelineCache(key_, *bytes) : Result<PipelineCacheContents>(bytes.error());
  if (contents.ok()) return std::move(*contents);
  if (!std::exchange(warned_, true)) {
    spdlog::warn("vulkan: pipeline cache {} ignored: {}", file_.string(), contents.error().message);
  }
  return std::nullopt;
}

Status PipelineCache::TakeIn() {
  std::optional<PipelineCacheContents> contents = ReadFile();
  if (!contents || std::includes(listed_.begin(), listed_.end(), contents->kernels.begin(), contents->kernels.end())) {
    return OkStatus();
  }
  Result<DeviceChild<VkPipelineCache>> theirs = CreateCache(api_, device_, contents->driver_data);
  if (!theirs.ok()) return theirs.error();
  const VkPipelineCache source = theirs->get();
  DMLC_RETURN_IF_ERROR(CheckVk(api_.vkMergePipelineCaches(device_, handle_.get(), 1, &source), "vkMergePipelineCaches"));
  listed_.insert(contents->kernels.begin(), contents->kernels.end());
  return OkStatus();
}

Status PipelineCache::Save() {
  size_t size = 0;
  DMLC_RETURN_IF_ERROR(CheckVk(api_.vkGetPipelineCacheData(device_, handle_.get(), &size, nullptr), "vkGetPipelineCacheData"));
  PipelineCacheContents contents{{listed_.begin(), listed_.end()}, std::string(size, '\0')};
  DMLC_RETURN_IF_ERROR(CheckVk(api_.vkGetPipelineCacheData(device_, handle_.get(), &size, contents.driver_data.data()),
                               "vkGetPipelineCacheData"));
  contents.driver_data.resize(size);
  return WriteFileAtomically(file_, EncodePipelineCache(key_, contents));
}

std::set<std::string> PipelineCache::ReadSuspects() const {
  std::set<std::string> suspects;
  Result<std::string> text = ReadWholeFile(WithSuffix(file_, ".compiling"));
  if (!text.ok()) return suspects;
  std::istringstream lines(*text);
  for (std::string name; std::getline(lines, name);) {
    if (!name.empty() && !Lists(name)) suspects.insert(name);
  }
  return suspects;
}

Status PipelineCache::WriteSuspects(const std::set<std::string>& suspects) const {
  const std::filesystem::path marker = WithSuffix(file_, ".compiling");
  if (suspects.empty()) {
    std::error_code ignored;  // already gone is as good as removed
    std::filesystem::remove(marker, ignored);
    return OkStatus();
  }
  std::string text;
  for (const std::string& name : suspects) text += name + "\n";
  return WriteFileAtomically(marker, text);
}

Result<FileLock> PipelineCache::LockAndTakeIn() {
  std::error_code exists;  // a folder that cannot be made fails the lock, which says so
  std::filesystem::create_directories(file_.parent_path(), exists);
  // Bounded well inside a case's default 60 s on a device: a holder that never lets go costs each
  // process one warning naming the lock, then it compiles what it meets as with no cache (issue 47, 8).
  constexpr std::chrono::seconds kLockWait(20);
  Result<FileLock> lock = FileLock::Acquire(WithSuffix(file_, ".lock"), kLockWait);
  if (!lock.ok()) {
    writable_ = false;  // a folder we cannot write is said once, not at every kernel
    return lock.error();
  }
  DMLC_RETURN_IF_ERROR(TakeIn());
  return lock;
}

Status PipelineCache::Fill(const std::vector<std::string>& wanted, const CompileFn& compile) {
  if (!enabled() || !writable_) return OkStatus();
  Result<FileLock> lock = LockAndTakeIn();
  if (!lock.ok()) return lock.error();
  const std::set<std::string> suspects = ReadSuspects();
  if (!suspects.empty()) {
    std::string names;
    for (const std::string& name : suspects) names += (names.empty() ? "" : ", ") + name;
    spdlog::warn("vulkan: a process died compiling {} into {}; those are compiled when a case needs them", names,
                 file_.string());
  }
  std::vector<std::string> missing;
  for (const std::string& name : wanted) {
    if (!Lists(name) && suspects.count(name) == 0) missing.push_back(name);
  }
  if (missing.empty()) return OkStatus();
  std::set<std::string> compiling = suspects;
  compiling.insert(missing.begin(), missing.end());
  DMLC_RETURN_IF_ERROR(WriteSuspects(compiling));
  for (const std::string& name : compile(missing)) listed_.insert(name);
  DMLC_RETURN_IF_ERROR(Save());
  // What failed to compile (an error, not a crash) is no suspect: the case that needs it reports why.
  return WriteSuspects(suspects);
}

Status PipelineCache::Record(const std::string& kernel) {
  if (!enabled() || !writable_) return OkStatus();
  Result<FileLock> lock = LockAndTakeIn();
  if (!lock.ok()) return lock.error();
  listed_.insert(kernel);
  DMLC_RETURN_IF_ERROR(Save());
  return WriteSuspects(ReadSuspects());
}

}  // namespace dmlc::backends::vulkan
