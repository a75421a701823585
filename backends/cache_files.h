// Files kept between runs and shared by the processes of one machine (the Vulkan backend's pipeline
// cache): where they go by default, reading one whole, replacing one atomically, and a lock that one
// process holds at a time. Portable to Windows (the mingw build compiles this file). Thread-safe: no
// state but the lock's handle.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

#include "ops/error.h"

namespace dmlc::backends {

// "<XDG_CACHE_HOME or ~/.cache>/dml-conform" on Linux, "%LOCALAPPDATA%\dml-conform" on Windows; empty
// when the environment names no such folder.
std::filesystem::path DefaultCacheDirectory();

// Cache files larger than this are refused unread (a compiled-pipeline cache is a few MiB). Ours.
constexpr uint64_t kMaxCacheFileBytes = uint64_t{256} << 20;

// The whole regular file as bytes, at most `max_bytes` (checked by size before reading). Error (the
// file as `where`) when it cannot be opened or read, is no regular file (a FIFO is not waited on), or
// is larger.
Result<std::string> ReadWholeFile(const std::filesystem::path& path, uint64_t max_bytes = kMaxCacheFileBytes);

// Writes `bytes` to "<path>.tmp", then renames it over `path`: a reader sees the old file or the new
// one, never a torn one. Only a regular file is replaced: a device, FIFO, socket, folder or symbolic
// link at `path` is refused by name. Whatever is at the temporary's path is unlinked (a link there is
// never followed) and the temporary created anew. Two writers of one path must hold its FileLock (they
// share the temporary).
Status WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes);
// The same, the bytes written by `write` straight to the temporary: a report of a million cases is
// never held whole in memory (issue 47, defect 6).
Status WriteFileAtomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

// An exclusive lock on a file (created if missing), held until destroyed. The operating system drops it
// when the process dies, so a crashed holder never blocks the next. Move-only.
class FileLock {
 public:
  // Waits until no other process holds the lock, at most `wait`. Error naming the file when it cannot
  // be created or locked, is no regular file (a link there is not followed), or stays held longer.
  // The default is long, for holders that compile for minutes under the lock (FXC); a caller whose
  // holders are quick passes its own bound (the Vulkan pipeline cache: 20 s).
  static Result<FileLock> Acquire(const std::filesystem::path& path,
                                  std::chrono::milliseconds wait = std::chrono::minutes(10));
  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&&) = delete;
  FileLock(const FileLock&) = delete;
  ~FileLock();

 private:
  explicit FileLock(std::intptr_t handle) : handle_(handle) {}
  std::intptr_t handle_;  // a HANDLE on Windows, a file descriptor elsewhere; -1 once moved from
};

}  // namespace dmlc::backends
