#include "backends/cache_files.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
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

Error FileError(const std::filesystem::path& path, const std::string& message) {
  Error e = MakeError("file", "", message);
  e.where.file = path.string();
  return e;
}

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

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

Result<std::string> ReadWholeFile(const std::filesystem::path& path) {
  File f(std::fopen(path.string().c_str(), "rb"), &std::fclose);
  if (!f) return FileError(path, "cannot be opened");
  std::string bytes;
  char chunk[1 << 16];
  size_t n = 0;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f.get())) > 0) bytes.append(chunk, n);
  if (std::ferror(f.get())) return FileError(path, "cannot be read");
  return bytes;
}

Status WriteFileAtomically(const std::filesystem::path& path, std::string_view bytes) {
  std::filesystem::path temporary = path;
  temporary += ".tmp";
  {
    File f(std::fopen(temporary.string().c_str(), "wb"), &std::fclose);
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f.get()) != bytes.size() || std::fflush(f.get()) != 0) {
      return FileError(temporary, "cannot be written");
    }
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

Result<FileLock> FileLock::Acquire(const std::filesystem::path& path) {
#ifdef _WIN32
  HANDLE h = CreateFileW(path.wstring().c_str(), GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                         nullptr, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) return FileError(path, "cannot be created for locking");
  OVERLAPPED whole{};
  if (!LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK, 0, MAXDWORD, MAXDWORD, &whole)) {
    CloseHandle(h);
    return FileError(path, "cannot be locked");
  }
  return FileLock(reinterpret_cast<std::intptr_t>(h));
#else
  const int fd = open(path.string().c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return FileError(path, "cannot be created for locking");
  int locked = 0;
  while ((locked = flock(fd, LOCK_EX)) != 0 && errno == EINTR) {
  }
  if (locked != 0) {
    close(fd);
    return FileError(path, "cannot be locked");
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
