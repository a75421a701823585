#include "backends/cache_files.h"

#include "backends/file_access.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <streambuf>
#include <thread>
#include <utility>

#ifdef _WIN32
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#endif

namespace dmlc::backends {
namespace {

// An ostream's buffer over a FILE* (itself buffered), so that what a writer streams goes to the file
// as it comes.
class FileStreamBuf : public std::streambuf {
 public:
  explicit FileStreamBuf(std::FILE* file) : file_(file) {}

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    return std::fputc(traits_type::to_char_type(c), file_) == EOF ? traits_type::eof() : c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    return static_cast<std::streamsize>(std::fwrite(s, 1, static_cast<size_t>(n), file_));
  }

 private:
  std::FILE* file_;
};

}  // namespace

std::filesystem::path DefaultCacheDirectory() {
#ifdef _WIN32
  if (const char* local = std::getenv("LOCALAPPDATA"); local != nullptr && *local != '\0') {
    return std::filesystem::path(local) / "dml-conform";
  }
#else
  // XDG Base Directory Specification: $XDG_CACHE_HOME, else $HOME/.cache.
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return std::filesystem::path(xdg) / "dml-conform";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::filesystem::path(home) / ".cache" / "dml-conform";
  }
#endif
  return {};
}

Result<std::string> ReadWholeFile(const std::filesystem::path& path, uint64_t max_bytes) {
  return ReadRegularFile(path, max_bytes);
}

Status WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes) {
  return WriteFileAtomically(path, [&](std::ostream& out) { out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())); });
}

Status WriteFileAtomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
  DMLC_RETURN_IF_ERROR(RefuseUnlessRegularOrAbsent(path));
  std::filesystem::path temporary = path;
  temporary += ".tmp";
  {
    Result<UniqueFile> f = CreateForWriting(temporary, CreateMode::kExclusive);
    if (!f.ok()) return f.error();
    FileStreamBuf buffer(f->get());
    std::ostream out(&buffer);
    write(out);
    if (!out || std::ferror(f->get()) || std::fflush(f->get()) != 0) return FileError(temporary, "cannot be written");
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
#ifdef _WIN32
  // A rename over an existing file can fail on Windows; then it is replaced in two steps. Both fail while
  // another process has the file open (a reader holds it for milliseconds): try again for up to 2 s.
  for (int attempt = 0; error && attempt < 200; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::filesystem::remove(path, error);
    std::filesystem::rename(temporary, path, error);
  }
#endif
  if (error) return FileError(path, "cannot be replaced: " + error.message());
  return OkStatus();
}

// The lock is polled, not waited on, so a holder that never lets go (a hung process, a hostile one)
// costs a bounded wait and an error naming the file (issue 47, defect 8).
Result<FileLock> FileLock::Acquire(const std::filesystem::path& path, std::chrono::milliseconds wait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  auto held_too_long = [&] {
    return FileError(path, "is held by another process for more than " + std::to_string(wait.count()) +
                               " ms: not locked (a hung run holding it can be ended, or the file removed)");
  };
#ifdef _WIN32
  if (const std::string what = WhatIsAt(path); !what.empty() && what != "a regular file") {
    return FileError(path, "is " + what + ", not a regular file: refused");
  }
  HANDLE h = CreateFileW(path.wstring().c_str(), GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                         nullptr, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
  if (h == INVALID_HANDLE_VALUE) return Refused(path, "created for locking");
  for (;;) {
    OVERLAPPED whole{};
    if (LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, MAXDWORD, MAXDWORD, &whole)) break;
    if (GetLastError() != ERROR_LOCK_VIOLATION || std::chrono::steady_clock::now() >= deadline) {
      const bool held = GetLastError() == ERROR_LOCK_VIOLATION;
      CloseHandle(h);
      return held ? held_too_long() : FileError(path, "cannot be locked");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return FileLock(reinterpret_cast<std::intptr_t>(h));
#else
  // O_NOFOLLOW: a link planted at the lock's name is refused, not followed to a file elsewhere; and
  // O_NONBLOCK: a FIFO there is not waited on (it is refused as no regular file below).
  const int fd = open(path.string().c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
  if (fd < 0) return Refused(path, "created for locking");
  DMLC_RETURN_IF_ERROR(RequireRegular(fd, path));
  for (;;) {
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) break;
    if ((errno != EWOULDBLOCK && errno != EINTR) || std::chrono::steady_clock::now() >= deadline) {
      const bool held = errno == EWOULDBLOCK;
      close(fd);
      return held ? held_too_long() : FileError(path, "cannot be locked");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return FileLock(fd);
#endif
}

FileLock::FileLock(FileLock&& other) noexcept : handle_(std::exchange(other.handle_, -1)) {}

FileLock::~FileLock() {
  if (handle_ == -1) return;
  // Closing the last handle releases the lock.
#ifdef _WIN32
  CloseHandle(reinterpret_cast<HANDLE>(handle_));
#else
  close(static_cast<int>(handle_));
#endif
}

}  // namespace dmlc::backends
