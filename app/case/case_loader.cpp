#include "app/case/case_loader.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <new>
#include <system_error>

#include "app/case/byte_size.h"
#include "app/case/case_parser.h"
#include "app/case/confined_path.h"
#include "app/case/json_locations.h"
#include "app/case/json_node.h"
#include "app/case/model_loader.h"
#include "app/case/onnx/onnx_test_loader.h"

namespace dmlc::app {
namespace {

namespace fs = std::filesystem;

std::string FileId(const fs::path& file, const fs::path& root) {
  fs::path relative = file.lexically_normal().lexically_relative(root.lexically_normal());
  if (relative.empty() || *relative.begin() == "..") relative = file.filename();
  if (relative.extension() == ".json") relative.replace_extension();
  return relative.generic_string();
}

Error FileError(const std::string& file, std::string message, std::string rule) {
  Error e = MakeError("case", "", std::move(message), std::move(rule));
  e.where.file = file;
  return e;
}

// Loads one case object into an entry. The id uses the case's name when it has a readable one, else
// its index, so even a broken case can be named in reports.
CaseEntry LoadEntry(const JsonNode& node, const CaseContext& context, size_t index,
                    std::map<std::string, SourceLocation>& names) {
  const std::string fallback_id = context.file_id + "/#" + std::to_string(index);
  CaseEntry entry{fallback_id, node.where(), ParseCase(node, context)};
  if (!entry.loaded.ok()) {
    const std::optional<JsonNode> name = node.Find("name");
    if (Result<std::string> text = name ? name->String() : Result<std::string>(std::string()); text.ok() && !text->empty()) {
      if (names.emplace(*text, name->where()).second) entry.id = context.file_id + "/" + *text;
    }
    return entry;
  }
  const TestCase& tc = *entry.loaded;
  auto [first, inserted] = names.emplace(tc.name, node.Member("name").where());
  if (!inserted) {
    entry.loaded = node.Member("name").Fail(
        "duplicate case name \"" + tc.name + "\" (first used at line " + std::to_string(first->second.line) + ")",
        "case names are unique in their file");
    return entry;
  }
  entry.id = tc.id;
  return entry;
}

// Reading the file would block (a FIFO), never end (/dev/zero) or exhaust memory: refuse it by name
// before opening it. file_size() fails on anything but a regular file.
Status CheckReadable(const fs::path& file, uint64_t max_file_size) {
  std::error_code ec;
  const uintmax_t size = fs::file_size(file, ec);
  if (ec) return FileError(file.string(), "cannot read the file: " + ec.message(), "case files must be readable");
  if (size > max_file_size) {
    return FileError(file.string(), "the file is " + FormatBytes(size) + ", over --max-file-size " + FormatBytes(max_file_size),
                     "case files are at most --max-file-size bytes");
  }
  return OkStatus();
}

// Parses a case file's text into `out`; `file` is where it came from (sourcePaths are relative to its folder).
void ParseInto(CaseFile& out, std::string text, const fs::path& file, const PathOptions& paths) {
  Result<JsonTree> parsed = ParseJsonWithLocations(std::move(text), out.path);
  if (!parsed.ok()) {
    out.error = parsed.error();
    out.error->scope = "case";
    return;
  }
  const JsonDocument doc{out.path, std::move(*parsed)};
  const JsonNode root_node = JsonNode::Root(doc);
  CaseContext context{out.path, out.file_id, FoldersOf(file, out.file_id, paths), /*allow_schema=*/true};
  std::map<std::string, SourceLocation> names;

  if (!root_node.Is(JsonKind::kObject)) {
    out.error = root_node.Fail("a case file holds a case object or {\"cases\": [...]}", "case file shape");
    return;
  }
  if (IsJsonSchema(root_node)) return;  // an editor's schema among the cases (DxDispatch's _schema.json)
  if (IsModelFile(root_node)) {
    LoadModelInto(out, root_node, context.folders);
    return;
  }
  if (!root_node.Has("cases")) {
    out.cases.push_back(LoadEntry(root_node, context, 0, names));
    return;
  }
  Status shape = root_node.CheckFields({"$schema", "cases"});
  if (shape.ok()) {
    if (auto schema = root_node.Find("$schema")) {
      if (Result<std::string> s = schema->String(); !s.ok()) shape = s.error();
    }
  }
  if (shape.ok()) shape = root_node.Member("cases").ExpectArray();
  if (!shape.ok()) {
    out.error = shape.error();
    return;
  }
  const JsonNode cases = root_node.Member("cases");
  context.allow_schema = false;
  size_t index = 0;
  (void)cases.ForEach([&](const JsonNode& c) -> Status {
    out.cases.push_back(LoadEntry(c, context, index++, names));
    return OkStatus();  // one broken case never stops the others
  });
}

void LoadInto(CaseFile& out, const fs::path& file, const LoadOptions& options) {
  if (IsOnnxModelPath(file)) {
    LoadOnnxTestInto(out, file, options);
    return;
  }
  if (Status readable = CheckReadable(file, options.max_file_size); !readable.ok()) {
    out.error = readable.error();
    return;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    out.error = FileError(out.path, "cannot open the file", "case files must be readable");
    return;
  }
  // Read to the size the file has, not through a string that doubles as it grows (twice the file, briefly).
  std::error_code size_error;
  std::string text(static_cast<size_t>(fs::file_size(file, size_error)), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (in.bad() || size_error) {
    out.error = FileError(out.path, "cannot read the file", "case files must be readable");
    return;
  }
  ParseInto(out, std::move(text), file, options.paths);
}

CaseFile NewCaseFile(const fs::path& file, const fs::path& root) {
  CaseFile out;
  out.path = file.string();
  out.root = root.string();
  out.file_id = FileId(file, root);
  return out;
}

// Runs `load` on `out`. The budget for one file is all memory: past it the file is refused, the run goes
// on with the others. What was loaded is released first, so that the message itself can be built.
template <typename Load>
void LoadGuarded(CaseFile& out, Load load) {
  try {
    load();
  } catch (const std::bad_alloc& e) {
    out.cases.clear();
    out.cases.shrink_to_fit();
    out.error = FileError(out.path, std::string("out of memory while loading the file: ") + e.what(),
                          "a case file must fit in memory");
  }
}

}  // namespace

CaseFile LoadCaseFile(const fs::path& file, const fs::path& root, const LoadOptions& options) {
  CaseFile out = NewCaseFile(file, root);
  LoadGuarded(out, [&] { LoadInto(out, file, options); });
  return out;
}

CaseFile LoadCaseText(std::string text, const fs::path& file, const fs::path& root) {
  CaseFile out = NewCaseFile(file, root);
  LoadGuarded(out, [&] { ParseInto(out, std::move(text), file, PathOptions{}); });
  return out;
}

std::vector<CaseSource> FindCaseFiles(const std::vector<fs::path>& paths, std::vector<Error>& errors) {
  std::vector<CaseSource> out;
  for (const fs::path& path : paths) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec == std::errc::too_many_symbolic_link_levels) {
      errors.push_back(FileError(path.string(), "a symbolic link loop (" + ec.message() + ")", "case paths must exist"));
      continue;
    }
    if (!fs::exists(status)) {
      errors.push_back(FileError(path.string(), "no such file or directory", "case paths must exist"));
      continue;
    }
    if (fs::is_regular_file(status)) {
      out.push_back({path, path.has_parent_path() ? path.parent_path() : fs::path(".")});
      continue;
    }
    if (!fs::is_directory(status)) {
      errors.push_back(FileError(path.string(), "is " + FileKindName(status.type()) + ", not a case file",
                                 "case paths are regular files or folders"));
      continue;
    }
    std::vector<fs::path> found;
    fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      const fs::path& p = it->path();
      const bool case_file = (p.extension() == ".json" && p.filename() != "schema.json") || IsOnnxNodeTest(p);
      if (case_file && it->is_regular_file(ec)) found.push_back(p);
    }
    if (ec) errors.push_back(FileError(path.string(), "cannot list the folder: " + ec.message(), "case folders must be readable"));
    // A folder is searched whatever its name (x.json too); one that holds nothing is named, since
    // "no case files found" alone leaves a user guessing which path was wrong.
    if (!ec && found.empty()) {
      errors.push_back(FileError(path.string(), "a folder holding no case files (*.json, or ONNX node tests' model.onnx)",
                                 "case folders hold case files"));
    }
    std::sort(found.begin(), found.end());
    for (fs::path& p : found) out.push_back({std::move(p), path});
  }
  return out;
}

}  // namespace dmlc::app
