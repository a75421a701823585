#include "app/case/desc_locations.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace dmlc::app {
namespace {

void Collect(const JsonNode& node, const std::string& path, std::vector<FieldLocation>& out) {
  if (node.packed()) {
    out.push_back({path, node.where(), node.shared_text(), node.offset()});
    return;
  }
  if (!path.empty()) out.push_back({path, node.where()});
  if (node.Is(JsonKind::kObject)) {
    // {"Type"?: "BUFFER", "Desc": {...}}: ops names the buffer desc's fields as the tensor's own.
    const bool long_form = node.Has("Desc");
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

// "[70]" -> 70; nullopt for anything else.
std::optional<uint64_t> ElementIndex(std::string_view suffix) {
  if (suffix.size() < 3 || suffix.front() != '[' || suffix.back() != ']') return std::nullopt;
  uint64_t k = 0;
  for (char c : suffix.substr(1, suffix.size() - 2)) {
    if (c < '0' || c > '9' || k > UINT64_MAX / 10 - 1) return std::nullopt;
    k = k * 10 + static_cast<uint64_t>(c - '0');
  }
  return k;
}

// Element k of a recorded array of numbers: its line and column, counted on from the array's own.
std::optional<SourceLocation> ElementWhere(const FieldLocation& array, uint64_t k) {
  const std::string_view text = *array.text;
  std::optional<uint64_t> found;
  ScanPackedArray(text, array.offset, [&](uint64_t i, uint64_t offset) {
    if (i == k) found = offset;
    return i < k;
  });
  if (!found) return std::nullopt;
  SourceLocation where = array.where;
  uint64_t line_start = 0;
  bool new_line = false;
  for (uint64_t i = array.offset; i < *found; ++i) {
    if (text[i] != '\n') continue;
    ++where.line;
    line_start = i + 1;
    new_line = true;
  }
  where.column = new_line ? static_cast<int>(*found - line_start + 1)
                          : array.where.column + static_cast<int>(*found - array.offset);
  return where;
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
      const std::optional<uint64_t> k = ElementIndex(std::string_view(error.path).substr(path.size()));
      if (it->text && k) error.where = ElementWhere(*it, *k).value_or(it->where);
      break;
    }
    const size_t parent_end = path.find_last_of(".[");  // "A.B[2]" -> "A.B" -> "A"
    if (parent_end == std::string_view::npos) break;
    path = path.substr(0, parent_end);
  }
  return error;
}

}  // namespace dmlc::app
