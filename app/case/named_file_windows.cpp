// Windows: a confined path is opened with FILE_FLAG_OPEN_REPARSE_POINT, so that a file which is now a
// symbolic link or junction is opened as itself and refused, and the opened file's final path
// (GetFinalPathNameByHandleW: every link and junction of the folders above it resolved) must lie inside
// the folder. Every check goes through the handle, not the name. A file this write created before
// finding it outside is deleted through its handle, so nothing is left there. Win32 has no openat: a
// missing folder is created by name and checked before the next is, and the final path decides.
#include "app/case/named_file.h"

#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <algorithm>
#include <string_view>
#include <system_error>

#include "app/case/unique_resource.h"

namespace dmlc::app {
namespace {

namespace fs = std::filesystem;

void CloseHandleOnce(HANDLE handle) { CloseHandle(handle); }
using UniqueHandle = UniqueResource<HANDLE, nullptr, CloseHandleOnce>;

Error FileError(const fs::path& path, const std::string& what, std::string rule) {
  return MakeError("case", "", path.string() + ": " + what, std::move(rule));
}

std::string SystemText(DWORD code) { return std::error_code(static_cast<int>(code), std::system_category()).message(); }

// \\?\C:\x reads as C:\x and \\?\UNC\host\share as \\host\share: the forms GetFinalPathNameByHandleW
// returns, and that a file may name, compared as the plain ones.
fs::path WithoutVerbatimPrefix(const std::wstring& text) {
  constexpr std::wstring_view kUnc = L"\\\\?\\UNC\\", kVerbatim = L"\\\\?\\";
  if (text.starts_with(kUnc)) return fs::path(L"\\\\" + text.substr(kUnc.size()));
  if (text.starts_with(kVerbatim)) return fs::path(text.substr(kVerbatim.size()));
  return fs::path(text);
}

// Where the file `handle` opened really is; `path` names it in errors.
Result<fs::path> FinalPath(HANDLE handle, const fs::path& path) {
  constexpr DWORD kFlags = FILE_NAME_NORMALIZED | VOLUME_NAME_DOS;
  std::wstring text(MAX_PATH, L'\0');
  DWORD size = GetFinalPathNameByHandleW(handle, text.data(), static_cast<DWORD>(text.size()), kFlags);
  if (size >= text.size()) {  // too small: `size` is what it needs
    text.resize(size);
    size = GetFinalPathNameByHandleW(handle, text.data(), static_cast<DWORD>(text.size()), kFlags);
  }
  if (size == 0 || size >= text.size()) return FileError(path, "cannot be resolved: " + SystemText(GetLastError()), kResolveRule);
  text.resize(size);
  return WithoutVerbatimPrefix(text);
}

// INVALID_HANDLE_VALUE, which CreateFileW returns on failure, as the null UniqueHandle holds.
HANDLE OrNull(HANDLE handle) { return handle == INVALID_HANDLE_VALUE ? nullptr : handle; }

// The folders of path.below under path.folder, created where missing; each must be a plain folder, not
// a link or junction, before the next is created in it.
Status CreateFolders(const NamedPath& path) {
  fs::path reached = path.folder;
  for (const fs::path& part : path.below.parent_path()) {
    reached /= part;
    if (!CreateDirectoryW(reached.c_str(), nullptr) && GetLastError() != ERROR_ALREADY_EXISTS) {
      return FileError(reached, "cannot create the folder: " + SystemText(GetLastError()), kOpenRule);
    }
    const DWORD attributes = GetFileAttributesW(reached.c_str());
    if (attributes == INVALID_FILE_ATTRIBUTES || (attributes & FILE_ATTRIBUTE_DIRECTORY) == 0 ||
        (attributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0) {
      return FileError(reached, "is not what it was when the path was checked (a link, a junction or no folder now)",
                       std::string(kStayInsideRule));
    }
  }
  return OkStatus();
}

// The checks of an opened file, through its handle: a regular file on a disk and, for a confined path,
// no link or junction itself, inside the folder, and (to be written) no other names. Sets `size`.
Status CheckOpened(HANDLE handle, const NamedPath& path, bool write, uint64_t& size) {
  const fs::path full = path.full();
  if (GetFileType(handle) != FILE_TYPE_DISK) return FileError(full, "is a device or a pipe, not a regular file", kRegularRule);
  BY_HANDLE_FILE_INFORMATION info{};
  if (!GetFileInformationByHandle(handle, &info)) return FileError(full, "cannot stat: " + SystemText(GetLastError()), kOpenRule);
  if ((info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0) return FileError(full, "is a folder, not a regular file", kRegularRule);
  size = (uint64_t{info.nFileSizeHigh} << 32) | info.nFileSizeLow;
  if (!path.confined()) return OkStatus();
  if ((info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0) {
    return FileError(full, "is a symbolic link or junction now; paths are opened without following them", std::string(kStayInsideRule));
  }
  if (write && info.nNumberOfLinks > 1) {
    return FileError(full, "has " + std::to_string(info.nNumberOfLinks) + " names (hard links); writing it would change a file elsewhere",
                     std::string(kStayInsideRule));
  }
  Result<fs::path> final_path = FinalPath(handle, full);
  if (!final_path.ok()) return final_path.error();
  Result<std::optional<fs::path>> folder = RealPath(path.folder);
  if (!folder.ok()) return folder.error();
  if (!*folder || !IsInsideFolder(*final_path, **folder)) {
    return FileError(full, "is now " + final_path->string() + ", outside " + path.folder.string(), std::string(kStayInsideRule));
  }
  return OkStatus();
}

// Deletes the file `handle` opened (with DELETE access), through the handle.
void DeleteOpened(HANDLE handle) {
  FILE_DISPOSITION_INFO disposition{TRUE};
  SetFileInformationByHandle(handle, FileDispositionInfo, &disposition, sizeof disposition);
}

struct OpenedFile {
  UniqueHandle handle;
  uint64_t size = 0;
};

Result<OpenedFile> Open(const NamedPath& path, bool write) {
  const fs::path full = path.full();
  if (write) {
    std::error_code ec;
    fs::create_directories(path.confined() ? path.folder : full.parent_path(), ec);  // the user's folder
    if (path.confined()) DMLC_RETURN_IF_ERROR(CreateFolders(path));
  }
  const DWORD flags = FILE_ATTRIBUTE_NORMAL | (path.confined() ? FILE_FLAG_OPEN_REPARSE_POINT : 0);
  const DWORD access = write ? GENERIC_WRITE | DELETE : GENERIC_READ;
  const auto open = [&](DWORD disposition) {
    return UniqueHandle(OrNull(CreateFileW(full.c_str(), access, FILE_SHARE_READ, nullptr, disposition, flags, nullptr)));
  };
  // An existing file is opened as it is: nothing is truncated before the checks. A missing one is
  // created with CREATE_NEW, which fails on any name already there, a link to nothing included (Wine's
  // OPEN_ALWAYS would create the file such a link names, and call it existing).
  OpenedFile file{open(OPEN_EXISTING)};
  bool created = false;
  if (!file.handle.valid() && write && GetLastError() == ERROR_FILE_NOT_FOUND) {
    file.handle = open(CREATE_NEW);
    created = file.handle.valid();
  }
  if (!file.handle.valid()) return FileError(full, "cannot open: " + SystemText(GetLastError()), kOpenRule);
  Status checked = CheckOpened(file.handle.get(), path, write, file.size);
  if (!checked.ok()) {
    if (created) DeleteOpened(file.handle.get());
    return checked.error();
  }
  return file;
}

}  // namespace

Result<std::optional<fs::path>> RealPath(const fs::path& path) {
  const auto fail = [&](const std::string& what) { return MakeError("case", "", path.string() + " " + what, kResolveRule); };
  if (GetFileAttributesW(path.c_str()) == INVALID_FILE_ATTRIBUTES) {
    const DWORD code = GetLastError();
    if (code == ERROR_FILE_NOT_FOUND || code == ERROR_PATH_NOT_FOUND) return std::optional<fs::path>();
    if (code == ERROR_CANT_RESOLVE_FILENAME) return fail("is a symbolic link loop");  // Wine answers here
    return fail("cannot be resolved: " + SystemText(code));
  }
  // No access: only the name is wanted. FILE_FLAG_BACKUP_SEMANTICS opens folders too.
  UniqueHandle handle(OrNull(CreateFileW(path.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                         OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr)));
  if (!handle.valid()) {
    const DWORD code = GetLastError();
    if (code == ERROR_CANT_RESOLVE_FILENAME) return fail("is a symbolic link loop");
    if (code == ERROR_FILE_NOT_FOUND || code == ERROR_PATH_NOT_FOUND) return fail("is a symbolic link to nothing");
    return fail("cannot be resolved: " + SystemText(code));
  }
  Result<fs::path> final_path = FinalPath(handle.get(), path);
  if (!final_path.ok()) return final_path.error();
  return std::optional<fs::path>(std::move(*final_path));
}

fs::path PlatformPath(const std::string& named) { return WithoutVerbatimPrefix(fs::path(named).native()); }

Result<std::vector<std::byte>> ReadNamedFile(const NamedPath& path, const SizeCheck& check) {
  Result<OpenedFile> file = Open(path, /*write=*/false);
  if (!file.ok()) return file.error();
  if (check) DMLC_RETURN_IF_ERROR(check(file->size));
  std::vector<std::byte> bytes(static_cast<size_t>(file->size));
  size_t done = 0;
  while (done < bytes.size()) {
    DWORD n = 0;
    const DWORD want = static_cast<DWORD>((std::min<size_t>)(bytes.size() - done, 1u << 30));
    if (!ReadFile(file->handle.get(), bytes.data() + done, want, &n, nullptr)) {
      return FileError(path.full(), "cannot read: " + SystemText(GetLastError()), kOpenRule);
    }
    if (n == 0) break;  // it shrank since it was opened
    done += n;
  }
  bytes.resize(done);
  return bytes;
}

Status WriteNamedFile(const NamedPath& path, std::span<const std::byte> bytes) {
  Result<OpenedFile> file = Open(path, /*write=*/true);
  if (!file.ok()) return file.error();
  // Truncated only now that it is known to be a regular file inside: a refused target keeps its bytes.
  if (!SetEndOfFile(file->handle.get())) return FileError(path.full(), "cannot truncate: " + SystemText(GetLastError()), kOpenRule);
  size_t done = 0;
  while (done < bytes.size()) {
    DWORD n = 0;
    const DWORD want = static_cast<DWORD>((std::min<size_t>)(bytes.size() - done, 1u << 30));
    if (!WriteFile(file->handle.get(), bytes.data() + done, want, &n, nullptr) || n == 0) {
      return FileError(path.full(), "cannot write: " + SystemText(GetLastError()), kOpenRule);
    }
    done += n;
  }
  return OkStatus();
}

}  // namespace dmlc::app
