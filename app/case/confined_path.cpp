#include "app/case/confined_path.h"

#include <algorithm>
#include <cctype>
#include <system_error>

#include "app/case/json_node.h"
#include "app/case/named_file.h"

namespace dmlc::app {
namespace {

namespace fs = std::filesystem;

std::string Quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

Error PathError(std::string message, std::string rule) { return MakeError("case", "", std::move(message), std::move(rule)); }

// `path` (absolute) as the file system resolves it, component by component from its root: each that
// exists replaced by its real path (links followed), ".." taking the parent of what is resolved so far
// (the real parent, as the system's own walk takes it), and the components past the last that exists,
// which a write creates as folders, as written.
Result<fs::path> Resolve(const fs::path& path) {
  fs::path resolved = path.root_path();
  for (const fs::path& part : path.relative_path()) {
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      resolved = resolved.parent_path();
      continue;
    }
    std::error_code ec;
    const fs::file_status status = fs::status(resolved, ec);
    if (fs::exists(status) && !fs::is_directory(status)) {
      return PathError(resolved.string() + " is " + FileKindName(status.type()) + ", not a folder",
                       "paths a file names lead through folders");
    }
    Result<std::optional<fs::path>> real = RealPath(resolved / part);
    if (!real.ok()) return real.error();
    resolved = real->value_or(resolved / part);
  }
  return resolved;
}

bool SameRootName(const fs::path& a, const fs::path& b) {
  const std::string x = a.root_name().string(), y = b.root_name().string();
  return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                    [](unsigned char l, unsigned char r) { return std::tolower(l) == std::tolower(r); });
}

// A read needs a regular file; a write may create one, but not replace a folder, a FIFO or a device.
Status CheckKind(const fs::path& path, std::string_view field, PathUse use) {
  const std::string what = std::string(field) + " " + Quoted(path.string());
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec == std::errc::too_many_symbolic_link_levels) return PathError(what + " is a symbolic link loop", kResolveRule);
  if (fs::is_regular_file(status) || (!fs::exists(status) && use == PathUse::kWrite)) return OkStatus();
  if (!fs::exists(status)) return PathError(what + " does not exist", std::string(field) + " names an existing file");
  return PathError(what + " is " + FileKindName(status.type()) + ", not a regular file", kRegularRule);
}

Result<NamedPath> Confine(const fs::path& folder, const fs::path& named, std::string_view field, PathUse use) {
  std::error_code ec;
  Result<fs::path> base = Resolve(fs::absolute(folder, ec));
  if (!base.ok()) return WithContext(base.error(), "the folder " + folder.string());
  const fs::path joined = *base / named;
  const std::string what = std::string(field) + " " + Quoted(named.string());
  // Another drive, a UNC share or a device is outside, and is not touched to find out: resolving a UNC
  // path would contact the host it names.
  if (!joined.is_absolute() || !SameRootName(joined, *base)) {
    return PathError(what + " is outside " + base->string(), std::string(kStayInsideRule));
  }
  Result<fs::path> target = Resolve(joined);
  if (!target.ok()) return WithContext(target.error(), what);
  if (!IsInsideFolder(*target, *base)) {
    return PathError(what + " resolves to " + target->string() + ", outside " + base->string(), std::string(kStayInsideRule));
  }
  DMLC_RETURN_IF_ERROR(CheckKind(*target, field, use));
  return NamedPath{*base, target->lexically_relative(*base)};
}

}  // namespace

FileFolders FoldersOf(const fs::path& file, std::string_view file_id, const PathOptions& options) {
  const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");  // "m.json": the current one
  FileFolders folders{folder, folder, !options.allow_outside};
  if (!options.output_dir.empty()) folders.write = options.output_dir / fs::path(std::string(file_id)).parent_path();
  return folders;
}

Result<NamedPath> ResolveNamedPath(const fs::path& folder, const std::string& named, std::string_view field,
                                   PathUse use, bool confined) {
  // A path ends at its first NUL when it reaches the file system, which would name another file.
  if (named.find('\0') != std::string::npos) {
    return PathError(std::string(field) + " holds a NUL character (\\u0000)", std::string(field) + " is a file name");
  }
  if (confined) return Confine(folder, PlatformPath(named), field, use);
  NamedPath path{{}, folder / PlatformPath(named)};
  DMLC_RETURN_IF_ERROR(CheckKind(path.below, field, use));
  return path;
}

Result<NamedPath> ReadPathField(const JsonNode& node, const FileFolders& folders, PathUse use) {
  Result<std::string> text = node.String();
  if (!text.ok()) return text.error();
  const fs::path& folder = use == PathUse::kRead ? folders.read : folders.write;
  Result<NamedPath> path = ResolveNamedPath(folder, *text, node.key(), use, folders.confined);
  if (!path.ok()) return node.Fail(path.error().message, path.error().rule);
  return path;
}

bool IsInsideFolder(const fs::path& path, const fs::path& folder) {
  auto [f, p] = std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
  return f == folder.end();
}

std::string FileKindName(fs::file_type type) {
  switch (type) {
    case fs::file_type::regular: return "a regular file";
    case fs::file_type::directory: return "a folder";
    case fs::file_type::character: return "a character device";
    case fs::file_type::block: return "a block device";
    case fs::file_type::fifo: return "a FIFO";
    case fs::file_type::socket: return "a socket";
    case fs::file_type::symlink: return "a symbolic link";
    default: return "an unknown kind of file";
  }
}

}  // namespace dmlc::app
