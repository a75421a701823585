// The compiled pipelines of one device, shared by every process of the machine through one file in a
// cache folder (pipeline_cache_file.h), so that a run's workers compile each kernel once per machine and
// not once each. Reads take what the file holds; writes happen under a lock file and merge what other
// processes saved since, then replace the file atomically. A process that dies while compiling leaves
// the names it was compiling in "<file>.compiling": the next ones compile those only when a case needs
// them, so a kernel that crashes the driver costs the cases that use it, as without a cache. Used by
// one thread at a time; the VkPipelineCache itself may be used by several (the driver synchronises it).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "backends/cache_files.h"
#include "backends/vulkan/owned.h"
#include "backends/vulkan/pipeline_cache_file.h"
#include "backends/vulkan/vulkan_api.h"

namespace dmlc::backends::vulkan {

class PipelineCache {
 public:
  // Loads "<folder>/PipelineCacheFileName(key)": a missing file is an empty cache; an unusable one
  // (corrupt, truncated, another device's) is ignored with one warning naming the file and why, and
  // replaced at the next save. An empty `folder` turns the cache off: handle() is VK_NULL_HANDLE and
  // nothing is read or written. Error only when the driver cannot create a pipeline cache.
  static Result<std::unique_ptr<PipelineCache>> Open(const VulkanApi& api, VkDevice device,
                                                     std::filesystem::path folder, const PipelineCacheKey& key);

  bool enabled() const { return !file_.empty(); }
  VkPipelineCache handle() const { return handle_.get(); }
  const std::filesystem::path& file() const { return file_; }
  // Whether the file listed `kernel` when this process last read it.
  bool Lists(const std::string& kernel) const { return listed_.count(kernel) != 0; }

  // Compiles the kernels the shared file lacks, once per machine. Under the lock: takes in what other
  // processes saved, calls `compile` with the kernels of `wanted` still missing (leaving out those a
  // crashed process was compiling), and saves what it returns (the names it compiled). `compile` is not
  // called when nothing is missing, which is what a process that waited for the lock usually finds.
  using CompileFn = std::function<std::vector<std::string>(const std::vector<std::string>& missing)>;
  Status Fill(const std::vector<std::string>& wanted, const CompileFn& compile);
  // Saves `kernel`, compiled on its own outside Fill(), and clears it of suspicion.
  Status Record(const std::string& kernel);

 private:
  PipelineCache(const VulkanApi& api, VkDevice device, std::filesystem::path file, const PipelineCacheKey& key);
  // The file's contents, or nothing (missing, or ignored with its warning).
  std::optional<PipelineCacheContents> ReadFile();
  // Merges into handle_ what the file holds beyond listed_.
  Status TakeIn();
  // The machine's lock on the file, and what the file holds taken in.
  Result<FileLock> LockAndTakeIn();
  Status Save();
  std::set<std::string> ReadSuspects() const;
  Status WriteSuspects(const std::set<std::string>& suspects) const;

  const VulkanApi& api_;
  VkDevice device_;
  std::filesystem::path file_;
  PipelineCacheKey key_;
  DeviceChild<VkPipelineCache> handle_;
  std::set<std::string> listed_;
  bool warned_ = false;   // one warning per process for an unusable file
  bool writable_ = true;  // false once the lock file could not be made: reads only from then on
};

}  // namespace dmlc::backends::vulkan
