// POSIX: a confined path is opened from its folder one component at a time, each with O_NOFOLLOW, so
// that a component swapped for a symbolic link after the path was resolved fails (ELOOP, ENOTDIR)
// instead of leading out; the file itself is opened O_NONBLOCK, so a FIFO neither blocks a read nor a
// write, and then checked through its descriptor (fstat), not its name.
#include "app/case/named_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include "app/case/unique_resource.h"

namespace dmlc::app {
namespace {

namespace fs = std::filesystem;

void CloseFd(int fd) { ::close(fd); }
using UniqueFd = UniqueResource<int, -1, CloseFd>;

Error FileError(const fs::path& path, const std::string& what, std::string rule) {
  return MakeError("case", "", path.string() + ": " + what, std::move(rule));
}

std::string ErrnoText(int code) { return std::error_code(code, std::generic_category()).message(); }

// Why an open of `path` failed. For a confined one, opened without following links, ELOOP and ENOTDIR
// mean a component is now a link or no longer a folder, which it was not when the path was resolved.
Error OpenError(const fs::path& path, int code, bool confined) {
  if (confined && (code == ELOOP || code == ENOTDIR)) {
    return FileError(path, "is not what it was when the path was checked (" + ErrnoText(code) +
                               "); paths are opened without following symbolic links",
                     std::string(kStayInsideRule));
  }
  if (code == ENXIO) return FileError(path, "is a FIFO, not a regular file", kRegularRule);
  return FileError(path, "cannot open: " + ErrnoText(code), kOpenRule);
}

fs::file_type TypeOf(mode_t mode) {
  if (S_ISREG(mode)) return fs::file_type::regular;
  if (S_ISDIR(mode)) return fs::file_type::directory;
  if (S_ISCHR(mode)) return fs::file_type::character;
  if (S_ISBLK(mode)) return fs::file_type::block;
  if (S_ISFIFO(mode)) return fs::file_type::fifo;
  if (S_ISSOCK(mode)) return fs::file_type::socket;
  return fs::file_type::unknown;
}

// The folder holding `path`'s file, opened from path.folder through each component of path.below with no
// link followed; missing ones are created when `create`.
Result<UniqueFd> OpenParent(const NamedPath& path, bool create) {
  std::error_code ec;
  if (create) fs::create_directories(path.folder, ec);  // the folder itself is the user's: a link is fine
  UniqueFd dir(::open(path.folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!dir.valid()) return FileError(path.folder, "cannot open the folder: " + ErrnoText(errno), kOpenRule);
  fs::path reached = path.folder;
  for (const fs::path& part : path.below.parent_path()) {
    reached /= part;
    constexpr int kFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
    int next = ::openat(dir.get(), part.c_str(), kFlags);
    if (next < 0 && errno == ENOENT && create) {
      if (::mkdirat(dir.get(), part.c_str(), 0777) != 0 && errno != EEXIST) {
        return FileError(reached, "cannot create the folder: " + ErrnoText(errno), kOpenRule);
      }
      next = ::openat(dir.get(), part.c_str(), kFlags);
    }
    if (next < 0) return OpenError(reached, errno, /*confined=*/true);
    dir = UniqueFd(next);
  }
  return dir;
}

struct Opened {
  UniqueFd fd;
  uint64_t size = 0;
};

// `path` opened with `flags` (O_RDONLY, or O_WRONLY | O_CREAT) and checked to be a regular file.
Result<Opened> Open(const NamedPath& path, int flags) {
  const bool write = (flags & O_CREAT) != 0;
  flags |= O_NONBLOCK | O_CLOEXEC;
  UniqueFd fd;
  if (path.confined()) {
    Result<UniqueFd> dir = OpenParent(path, write);
    if (!dir.ok()) return dir.error();
    fd = UniqueFd(::openat(dir->get(), path.below.filename().c_str(), flags | O_NOFOLLOW, 0666));
  } else {
    std::error_code ec;
    if (write) fs::create_directories(path.below.parent_path(), ec);
    fd = UniqueFd(::open(path.below.c_str(), flags, 0666));
  }
  if (!fd.valid()) return OpenError(path.full(), errno, path.confined());
  struct stat st{};
  if (::fstat(fd.get(), &st) != 0) return FileError(path.full(), "cannot stat: " + ErrnoText(errno), kOpenRule);
  if (!S_ISREG(st.st_mode)) {
    return FileError(path.full(), "is " + FileKindName(TypeOf(st.st_mode)) + ", not a regular file", kRegularRule);
  }
  if (write && path.confined() && st.st_nlink > 1) {
    return FileError(path.full(), "has " + std::to_string(st.st_nlink) + " names (hard links); writing it would change a file elsewhere",
                     std::string(kStayInsideRule));
  }
  return Opened{std::move(fd), static_cast<uint64_t>(st.st_size)};
}

}  // namespace

Result<std::optional<fs::path>> RealPath(const fs::path& path) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec))) return std::optional<fs::path>();
  fs::path real = fs::canonical(path, ec);
  const auto fail = [&](const std::string& what) { return MakeError("case", "", path.string() + " " + what, kResolveRule); };
  if (ec == std::errc::too_many_symbolic_link_levels) return fail("is a symbolic link loop");
  if (ec == std::errc::no_such_file_or_directory) return fail("is a symbolic link to nothing (" + fs::read_symlink(path, ec).string() + ")");
  if (ec) return fail("cannot be resolved: " + ec.message());
  return std::optional<fs::path>(std::move(real));
}

fs::path PlatformPath(const std::string& named) { return fs::path(named); }

Result<std::vector<std::byte>> ReadNamedFile(const NamedPath& path, const SizeCheck& check) {
  Result<Opened> file = Open(path, O_RDONLY);
  if (!file.ok()) return file.error();
  if (check) DMLC_RETURN_IF_ERROR(check(file->size));
  std::vector<std::byte> bytes(static_cast<size_t>(file->size));
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::read(file->fd.get(), bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return FileError(path.full(), "cannot read: " + ErrnoText(errno), kOpenRule);
    if (n == 0) break;  // it shrank since fstat
    done += static_cast<size_t>(n);
  }
  bytes.resize(done);
  return bytes;
}

Status WriteNamedFile(const NamedPath& path, std::span<const std::byte> bytes) {
  Result<Opened> file = Open(path, O_WRONLY | O_CREAT);
  if (!file.ok()) return file.error();
  // Truncated only now that it is known to be a regular file inside: a refused target keeps its bytes.
  if (::ftruncate(file->fd.get(), 0) != 0) return FileError(path.full(), "cannot truncate: " + ErrnoText(errno), kOpenRule);
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(file->fd.get(), bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return FileError(path.full(), "cannot write: " + ErrnoText(errno), kOpenRule);
    done += static_cast<size_t>(n);
  }
  return OkStatus();
}

}  // namespace dmlc::app
