// Files kept between runs and shared by the processes of one machine (the Vulkan backend's pipeline
// cache): where they go by default, reading one whole, replacing one atomically, and a lock that one
// process holds at a time. Portable to Windows (the mingw build compiles this file). Thread-safe: no
// state but the lock's handle.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "ops/error.h"

namespace dmlc::backends {

// "<XDG_CACHE_HOME or ~/.cache>/dml-conform" on Linux, "%LOCALAPPDATA%\dml-conform" on Windows; empty
// when the environment names no such folder.
std::filesystem::path DefaultCacheDirectory();

// The whole file as bytes. Error (the file as `where`) when it cannot be opened or read.
Result<std::string> ReadWholeFile(const std::filesystem::path& path);

// Writes `bytes` to "<path>.tmp", then renames it over `path`: a reader sees the old file or the new
// one, never a torn one. Two writers of one path must hold its FileLock (they share the temporary).
Status WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes);

// An exclusive lock on a file (created if missing), held until destroyed. The operating system drops it
// when the process dies, so a crashed holder never blocks the next. Move-only.
class FileLock {
 public:
  // Waits until no other process holds the lock. Error when the file cannot be created or locked.
  static Result<FileLock> Acquire(const std::filesystem::path& path);
  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&&) = delete;
  FileLock(const FileLock&) = delete;
  ~FileLock();

 private:
  explicit FileLock(std::intptr_t handle) : handle_(handle) {}
  std::intptr_t handle_;  // a HANDLE on Windows, a file descriptor elsewhere; -1 once moved from
};

}  // namespace dmlc::backends
