// Paths that case and model files name (sourcePath, writeFile's targetPath) stay inside the folder of
// the file that names them, or inside --output-dir for writeFile (docs/untrusted-files.md; issue 35).
// Such files travel (bug reports, fuzz findings, a CI farm's testcases/), and DxDispatch lets them read
// and write any path the user may: `../../x`, absolute paths, symbolic links leading out.
//
// A path is resolved as the file system resolves it: every component that exists with its symbolic
// links (junctions, on Windows) followed, "." and ".." folded after that, and the part a write would
// create taken as written. The result must lie inside the folder; a symbolic link loop, a link to
// nothing or a component that is not a folder is refused too. On Windows a path on another drive, a UNC
// path or a device path (\\.\) is outside without being touched; \\?\ forms read as their plain ones.
// Resolution is the check; reading and writing then go through handles opened without following links
// (named_file.h), so a path changed after the check is refused rather than followed.
//
// --allow-paths-outside restores DxDispatch's rules: a path is the file's folder joined with the name,
// anything the user may reach. A read must still name a regular file (a FIFO would block, /dev/zero
// never end). Thread-safe; touches the file system only to look.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "ops/error.h"

namespace dmlc::app {

class JsonNode;  // json_node.h, which includes this header through initializer.h

// What the command line says of the paths files name: run, list and validate take these flags.
struct PathOptions {
  bool allow_outside = false;        // --allow-paths-outside: DxDispatch's rules
  std::filesystem::path output_dir;  // --output-dir: writeFile's folder; "" = the model's own

  bool operator==(const PathOptions&) const = default;
};

// The rule an escaping path breaks, as every error refusing one states it.
inline constexpr std::string_view kStayInsideRule =
    "paths a file names stay inside its folder (or --output-dir); --allow-paths-outside lifts this";

// A path a file named, resolved. Confined: `folder` is the folder it must stay in (resolved, absolute)
// and `below` the rest, with no symbolic link, "." or "..". Under --allow-paths-outside: `folder` is
// empty and `below` the path as DxDispatch takes it.
struct NamedPath {
  std::filesystem::path folder;
  std::filesystem::path below;

  bool confined() const { return !folder.empty(); }
  std::filesystem::path full() const { return folder / below; }
  bool operator==(const NamedPath&) const = default;
};

enum class PathUse : uint8_t {
  kRead,   // must name an existing regular file
  kWrite,  // may be missing, with missing folders; when present, a regular file
};

// The folders one file's paths resolve against.
struct FileFolders {
  std::filesystem::path read;   // the file's own folder: sourcePath
  std::filesystem::path write;  // writeFile's: the file's folder, or its place under --output-dir
  bool confined = true;         // false under --allow-paths-outside
};

// `file`'s folders. Under --output-dir, writeFile's folder is DIR joined with the folder `file_id`
// names (the file's place under the run's PATH), so that models of two folders do not write over each
// other's files.
FileFolders FoldersOf(const std::filesystem::path& file, std::string_view file_id, const PathOptions& options);

// Resolves `named`, the text of `field` in a file, against `folder`. Errors name the field, the path as
// named and as resolved, and the rule; the caller adds where the field stands.
Result<NamedPath> ResolveNamedPath(const std::filesystem::path& folder, const std::string& named,
                                   std::string_view field, PathUse use, bool confined);

// The string `node` holds (sourcePath, targetPath) resolved against `folders` for `use`; errors point
// at the node.
Result<NamedPath> ReadPathField(const JsonNode& node, const FileFolders& folders, PathUse use);

// Whether `path` is `folder` or lies below it, comparing the two (both resolved) component by component.
bool IsInsideFolder(const std::filesystem::path& path, const std::filesystem::path& folder);

// "a FIFO", "a character device", "a folder", ...: what a path that is not a regular file is.
std::string FileKindName(std::filesystem::file_type type);

}  // namespace dmlc::app
