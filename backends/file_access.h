// Opening files a hostile folder may have laid traps in (issue 47): a symbolic link where a temporary,
// a lock or a journal goes, a device or FIFO where a report goes, a FIFO or a huge file where a cache
// file is read. Each function refuses what is not a regular file by name, before reading or writing,
// and never follows a link at the last component. Portable to Windows (the mingw build compiles this
// file): there a reparse point stands for a link, and devices are not detected beyond that.
// Thread-safe: no state.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "ops/error.h"

namespace dmlc::backends {

// The largest report, journal or list file read; larger ones are refused unread (ours: a run of a
// million cases writes a report of a few hundred MiB).
constexpr uint64_t kMaxReportBytes = uint64_t{1} << 30;

using UniqueFile = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

// What is at `path`, not following a link there: "a regular file", "a folder", "a symbolic link", "a
// FIFO", "a socket", "a character device", "a block device", or "" when nothing is.
std::string WhatIsAt(const std::filesystem::path& path);

// OK when `path` holds nothing or a regular file, the only things an output may replace; otherwise an
// error naming what is there: "is a character device, not a regular file: refused".
Status RefuseUnlessRegularOrAbsent(const std::filesystem::path& path);

enum class CreateMode {
  kTruncate,   // create, or truncate the regular file there (the journal)
  kExclusive,  // whatever is there is unlinked first (never followed), then created anew (temporaries)
};

// Opens `path` for writing ("wb") without following a link at it; a FIFO, device or folder there is
// refused by name. Not inherited by child processes.
Result<UniqueFile> CreateForWriting(const std::filesystem::path& path, CreateMode mode);

// The whole of a regular file of at most `max_bytes`, checked by size before a byte is read; a FIFO,
// device or folder is refused without blocking on it.
Result<std::string> ReadRegularFile(const std::filesystem::path& path, uint64_t max_bytes);

// An error in scope "file" with `path` as where.
Error FileError(const std::filesystem::path& path, const std::string& message);

// Why opening `path` without following links failed: "is a FIFO, not a regular file: refused" when
// something other than a regular file is there, else "cannot be <action>".
Error Refused(const std::filesystem::path& path, const char* action);

#ifndef _WIN32
// OK when the open `fd` is a regular file; otherwise the error naming what it is, `fd` closed.
Status RequireRegular(int fd, const std::filesystem::path& path);
#endif

}  // namespace dmlc::backends
