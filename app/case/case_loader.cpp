#include "app/case/case_loader.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <system_error>

#include "app/case/case_parser.h"
#include "app/case/json_locations.h"
#include "app/case/json_node.h"

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

}  // namespace

CaseFile LoadCaseFile(const fs::path& file, const fs::path& root) {
  CaseFile out;
  out.path = file.string();
  out.root = root.string();
  out.file_id = FileId(file, root);

  std::ifstream in(file, std::ios::binary);
  if (!in) {
    out.error = FileError(out.path, "cannot open the file", "case files must be readable");
    return out;
  }
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    out.error = FileError(out.path, "cannot read the file", "case files must be readable");
    return out;
  }
  Result<JsonTree> parsed = ParseJsonWithLocations(std::move(text), out.path);
  if (!parsed.ok()) {
    out.error = parsed.error();
    out.error->scope = "case";
    return out;
  }
  const JsonDocument doc{out.path, std::move(*parsed)};
  const JsonNode root_node = JsonNode::Root(doc);
  CaseContext context{out.path, out.file_id, file.parent_path(), /*allow_schema=*/true};
  std::map<std::string, SourceLocation> names;

  if (!root_node.Is(JsonKind::kObject)) {
    out.error = root_node.Fail("a case file holds a case object or {\"cases\": [...]}", "case file shape");
    return out;
  }
  if (!root_node.Has("cases")) {
    out.cases.push_back(LoadEntry(root_node, context, 0, names));
    return out;
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
    return out;
  }
  const JsonNode cases = root_node.Member("cases");
  context.allow_schema = false;
  size_t index = 0;
  (void)cases.ForEach([&](const JsonNode& c) -> Status {
    out.cases.push_back(LoadEntry(c, context, index++, names));
    return OkStatus();  // one broken case never stops the others
  });
  return out;
}

std::vector<CaseSource> FindCaseFiles(const std::vector<fs::path>& paths, std::vector<Error>& errors) {
  std::vector<CaseSource> out;
  for (const fs::path& path : paths) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) {
      errors.push_back(FileError(path.string(), "no such file or directory", "case paths must exist"));
      continue;
    }
    if (!fs::is_directory(status)) {
      out.push_back({path, path.has_parent_path() ? path.parent_path() : fs::path(".")});
      continue;
    }
    std::vector<fs::path> found;
    fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      const fs::path& p = it->path();
      if (p.extension() == ".json" && p.filename() != "schema.json" && it->is_regular_file(ec)) found.push_back(p);
    }
    if (ec) errors.push_back(FileError(path.string(), "cannot list the folder: " + ec.message(), "case folders must be readable"));
    std::sort(found.begin(), found.end());
    for (fs::path& p : found) out.push_back({std::move(p), path});
  }
  return out;
}

}  // namespace dmlc::app
