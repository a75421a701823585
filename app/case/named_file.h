// The file system's side of the paths case and model files name (confined_path.h): how the platform
// resolves a path, and reading and writing through handles rather than names. One source per platform:
// named_file_posix.cpp (openat with O_NOFOLLOW, component by component from the folder) and
// named_file_windows.cpp (CreateFileW with FILE_FLAG_OPEN_REPARSE_POINT, the result's final path checked
// with GetFinalPathNameByHandleW). Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "app/case/confined_path.h"
#include "ops/error.h"

namespace dmlc::app {

// What is at `path` now: nullopt when nothing is, else its absolute path with every symbolic link
// (junction, on Windows) followed. Errors: a symbolic link loop, a link to nothing, a path the platform
// cannot resolve (a device).
Result<std::optional<std::filesystem::path>> RealPath(const std::filesystem::path& path);

// A path as a file names it, in the platform's reading: on Windows \\?\X:\ and \\?\UNC\host\ read as
// X:\ and \\host\; elsewhere the text as it is.
std::filesystem::path PlatformPath(const std::string& named);

// The rules the errors below state, besides kStayInsideRule.
inline constexpr const char* kResolveRule = "symbolic links in a path resolve";
inline constexpr const char* kRegularRule = "paths a file names are regular files";
inline constexpr const char* kOpenRule = "the file can be opened, read and written";

// Checks a file's size, in bytes, before it is read; an error refuses the read.
using SizeCheck = std::function<Status(uint64_t size)>;

// The bytes of the regular file at `path`. A confined path is opened from its folder with no symbolic
// link followed, so a path that changed since it was resolved is refused; a FIFO or a device is refused
// without blocking. `check` (when set) sees the size first. Errors name the file and the rule.
Result<std::vector<std::byte>> ReadNamedFile(const NamedPath& path, const SizeCheck& check);

// Replaces the contents of the regular file at `path` by `bytes`, creating it and its missing folders.
// A confined path is opened as ReadNamedFile opens it; a file that has other names (hard links) is
// refused, since writing it would change a file elsewhere. Nothing is written when it is refused.
Status WriteNamedFile(const NamedPath& path, std::span<const std::byte> bytes);

}  // namespace dmlc::app
