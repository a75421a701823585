// Finds case files and loads them into TestCases. One malformed file or case never stops the others:
// every failure becomes an entry carrying its location, so the run reports it and goes on.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/case/confined_path.h"
#include "app/case/test_case.h"
#include "ops/error.h"

namespace dmlc::app {

struct CaseEntry {
  std::string id;        // known even when loading failed: "<file id>/<name>", or "<file id>/#<index>"
  SourceLocation where;  // the case object
  Result<TestCase> loaded;
};

struct CaseFile {
  std::string path;             // as found
  std::string root;             // the run root it was loaded under, as given
  std::string file_id;          // path relative to the run root, '/'-separated, without .json
  std::optional<Error> error;   // the file as a whole could not be read or parsed (JSON syntax: line/col)
  std::vector<CaseEntry> cases;
  // A generated case's recipe (app/fuzz/recipe.h), "" for a file on disk: worker processes are handed
  // the recipe and make the case again, since there is no file for them to read.
  std::string recipe;
};

// --max-file-size's default: far beyond any hand-written or generated case file, well below what
// reading one would exhaust.
inline constexpr uint64_t kDefaultMaxFileSize = uint64_t{1} << 30;

// How files are loaded: what run, list and validate say with --max-file-size, --allow-paths-outside and
// --output-dir, and what a worker process is told of them.
struct LoadOptions {
  uint64_t max_file_size = kDefaultMaxFileSize;  // larger files are refused unread
  PathOptions paths;                             // where the paths a file names may lead (confined_path.h)
  // --tolerance onnx: ONNX node tests are judged by ONNX's own tolerance (OnnxTolerance(),
  // app/case/onnx/onnx_test_loader.h) rather than the defaults; other cases are not affected.
  bool onnx_tolerance = false;

  bool operator==(const LoadOptions&) const = default;
};

// Parses one file: a case object or {"cases": [...]}, "$schema" allowed. `root` is the folder ids are
// relative to (the PATH given on the command line, or a file's parent folder). A file larger than
// options.max_file_size bytes is refused before it is read; running out of memory while loading is the
// file's error, not an exception. The paths the file names stay inside its folder (options.paths).
CaseFile LoadCaseFile(const std::filesystem::path& file, const std::filesystem::path& root,
                      const LoadOptions& options = {});

// Parses `text` as the case file `file` would be (ids relative to `root`, sourcePaths to file's folder,
// which they stay inside), without touching the disk but to resolve those paths. The returned
// CaseFile's `text` is left empty; the caller keeps the text.
CaseFile LoadCaseText(std::string text, const std::filesystem::path& file, const std::filesystem::path& root);

struct CaseSource {
  std::filesystem::path file;
  std::filesystem::path root;
};
// Expands files and folders (recursively, *.json and ONNX node tests' model.onnx, sorted; files named
// schema.json are the case format's JSON Schema and are skipped) into sources. A path given must be a regular file or a folder; one that
// does not exist, is a symbolic link loop, a device, a FIFO or a socket, or a folder holding no case
// file is an error entry in `errors` naming it, and the other paths go on.
std::vector<CaseSource> FindCaseFiles(const std::vector<std::filesystem::path>& paths, std::vector<Error>& errors);

}  // namespace dmlc::app
