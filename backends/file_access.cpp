#include "backends/file_access.h"

#include <cerrno>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace dmlc::backends {
namespace {

#ifndef _WIN32
const char* Kind(mode_t mode) {
  if (S_ISREG(mode)) return "a regular file";
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "not a regular file";
}
#endif

}  // namespace

Error FileError(const std::filesystem::path& path, const std::string& message) {
  Error e = MakeError("file", "", message);
  e.where.file = path.string();
  return e;
}

Error Refused(const std::filesystem::path& path, const char* action) {
  const std::string what = WhatIsAt(path);
  if (!what.empty() && what != "a regular file") return FileError(path, "is " + what + ", not a regular file: refused");
  return FileError(path, std::string("cannot be ") + action);
}

#ifndef _WIN32
Status RequireRegular(int fd, const std::filesystem::path& path) {
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    close(fd);
    return FileError(path, "cannot be examined");
  }
  if (S_ISREG(st.st_mode)) return OkStatus();
  close(fd);
  return FileError(path, std::string("is ") + Kind(st.st_mode) + ", not a regular file: refused");
}
#endif

std::string WhatIsAt(const std::filesystem::path& path) {
#ifdef _WIN32
  const DWORD attributes = GetFileAttributesW(path.wstring().c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) return "";
  if (attributes & FILE_ATTRIBUTE_REPARSE_POINT) return "a symbolic link";
  if (attributes & FILE_ATTRIBUTE_DIRECTORY) return "a folder";
  return "a regular file";
#else
  struct stat st {};
  if (lstat(path.string().c_str(), &st) != 0) return "";
  return Kind(st.st_mode);
#endif
}

Status RefuseUnlessRegularOrAbsent(const std::filesystem::path& path) {
  const std::string what = WhatIsAt(path);
  if (what.empty() || what == "a regular file") return OkStatus();
  return FileError(path, "is " + what + ", not a regular file: refused (an output replaces only a regular file)");
}

Result<UniqueFile> CreateForWriting(const std::filesystem::path& path, CreateMode mode) {
#ifdef _WIN32
  if (mode == CreateMode::kExclusive) DeleteFileW(path.wstring().c_str());  // a link itself, not its target
  DMLC_RETURN_IF_ERROR(RefuseUnlessRegularOrAbsent(path));
  HANDLE h = CreateFileW(path.wstring().c_str(), GENERIC_WRITE, FILE_SHARE_READ, nullptr,
                         mode == CreateMode::kExclusive ? CREATE_NEW : CREATE_ALWAYS,
                         FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
  if (h == INVALID_HANDLE_VALUE) return Refused(path, "created");
  const int fd = _open_osfhandle(reinterpret_cast<intptr_t>(h), _O_BINARY | _O_WRONLY);
  if (fd < 0) {
    CloseHandle(h);
    return FileError(path, "cannot be created");
  }
  std::FILE* f = _fdopen(fd, "wb");
  if (f == nullptr) {
    _close(fd);
    return FileError(path, "cannot be created");
  }
  return UniqueFile(f, &std::fclose);
#else
  int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
  if (mode == CreateMode::kExclusive) {
    // unlink removes a link, never what it points at; O_EXCL then refuses anything that appeared since.
    unlink(path.string().c_str());
    flags |= O_EXCL;
  }
  const int fd = open(path.string().c_str(), flags, 0644);
  if (fd < 0) return Refused(path, "created");
  DMLC_RETURN_IF_ERROR(RequireRegular(fd, path));
  // Truncated only once known to be a regular file: O_TRUNC on a device would act on the device.
  if (mode == CreateMode::kTruncate && ftruncate(fd, 0) != 0) {
    close(fd);
    return FileError(path, "cannot be truncated");
  }
  std::FILE* f = fdopen(fd, "wb");
  if (f == nullptr) {
    close(fd);
    return FileError(path, "cannot be created");
  }
  return UniqueFile(f, &std::fclose);
#endif
}

Result<std::string> ReadRegularFile(const std::filesystem::path& path, uint64_t max_bytes) {
#ifdef _WIN32
  const std::string what = WhatIsAt(path);
  if (what.empty()) return FileError(path, "cannot be opened");
  if (what == "a folder") return FileError(path, "is a folder, not a regular file: refused");
  UniqueFile f(_wfopen(path.wstring().c_str(), L"rb"), &std::fclose);
  if (!f) return FileError(path, "cannot be opened");
  if (GetFileType(reinterpret_cast<HANDLE>(_get_osfhandle(_fileno(f.get())))) != FILE_TYPE_DISK) {
    return FileError(path, "is not a regular file: refused");
  }
  const int64_t size = _filelengthi64(_fileno(f.get()));
#else
  const int fd = open(path.string().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return FileError(path, "cannot be opened");
  DMLC_RETURN_IF_ERROR(RequireRegular(fd, path));
  struct stat st {};
  fstat(fd, &st);
  const int64_t size = st.st_size;
  UniqueFile f(fdopen(fd, "rb"), &std::fclose);
  if (!f) {
    close(fd);
    return FileError(path, "cannot be opened");
  }
#endif
  if (size < 0 || static_cast<uint64_t>(size) > max_bytes) {
    return FileError(path, "is " + std::to_string(size) + " bytes, more than the " + std::to_string(max_bytes) +
                               " allowed: refused before reading");
  }
  std::string bytes;
  bytes.reserve(static_cast<size_t>(size));
  char chunk[1 << 16];
  size_t n = 0;
  // The size is checked again while reading: a file that grows after the check is cut off by name.
  while ((n = std::fread(chunk, 1, sizeof(chunk), f.get())) > 0) {
    if (bytes.size() + n > max_bytes) return FileError(path, "grew past the " + std::to_string(max_bytes) + " bytes allowed while read");
    bytes.append(chunk, n);
  }
  if (std::ferror(f.get())) return FileError(path, "cannot be read");
  return bytes;
}

}  // namespace dmlc::backends
