#include "app/case/desc_locations.h"

#include <algorithm>

namespace dmlc::app {
namespace {

void Collect(const JsonNode& node, const std::string& path, std::vector<FieldLocation>& out) {
  if (!path.empty()) out.push_back({path, node.where()});
  if (node.Is(JsonKind::kObject)) {
    // {"Type": "BUFFER", "Desc": {...}}: ops names the buffer desc's fields as the tensor's own.
    const bool long_form = node.Has("Type") && node.Has("Desc");
    (void)node.ForEach([&](const JsonNode& member) -> Status {
      if (long_form && member.key() == "Desc") Collect(member, path, out);
      else Collect(member, path.empty() ? member.key() : path + "." + member.key(), out);
      return OkStatus();
    });
  } else if (node.Is(JsonKind::kArray) && node.size() <= kMaxLocatedElements) {
    size_t i = 0;
    (void)node.ForEach([&](const JsonNode& element) -> Status {
      Collect(element, path + "[" + std::to_string(i++) + "]", out);
      return OkStatus();
    });
  }
}

}  // namespace

std::vector<FieldLocation> CollectDescFields(const JsonNode& desc) {
  std::vector<FieldLocation> out;
  Collect(desc, "", out);
  return out;
}

Error LocateDescError(Error error, const std::vector<FieldLocation>& fields, const SourceLocation& fallback) {
  if (!error.where.file.empty()) return error;
  error.where = fallback;
  std::string_view path = error.path;
  while (!path.empty()) {
    auto it = std::find_if(fields.begin(), fields.end(), [&](const FieldLocation& f) { return f.path == path; });
    if (it != fields.end()) {
      error.where = it->where;
      break;
    }
    const size_t parent_end = path.find_last_of(".[");  // "A.B[2]" -> "A.B" -> "A"
    if (parent_end == std::string_view::npos) break;
    path = path.substr(0, parent_end);
  }
  return error;
}

}  // namespace dmlc::app
