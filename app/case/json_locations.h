// JSON parsing that remembers where every value stands in its text, so errors found long after parsing
// (an unknown field, a bad enum, a wrong count) can name file:line:column as well as the field path.
// nlohmann's exceptions never leave this file: syntax errors come back as Error values.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "ops/error.h"

namespace dmlc::app {

// Positions are 1-based; columns count bytes, as compilers do.
struct TextPosition {
  int line = 0;
  int column = 0;
};

// Maps a JSON pointer ("/cases/3/operator/desc") to where its value starts in the text and, for
// object members, where its key starts (unknown-field errors point at the key).
class JsonLocations {
 public:
  void Add(std::string pointer, TextPosition value, TextPosition key) {
    positions_.emplace(std::move(pointer), Entry{value, key});
  }
  // The value's position; for a pointer that names no value (a missing member), the nearest ancestor's.
  TextPosition Find(std::string_view pointer) const { return Lookup(pointer).value; }
  // The member's key position; the value's for array elements and the root.
  TextPosition FindKey(std::string_view pointer) const { return Lookup(pointer).key; }
  size_t size() const { return positions_.size(); }

 private:
  struct Entry {
    TextPosition value;
    TextPosition key;
  };
  Entry Lookup(std::string_view pointer) const;
  std::unordered_map<std::string, Entry> positions_;
};

struct LocatedJson {
  nlohmann::json value;
  JsonLocations locations;
};

// Parses `text` (the contents of `file`, which is used only in errors). Errors: a syntax error with
// the line and column of the offending byte, or a key that appears twice in one object (nlohmann would
// silently keep the last one, hiding a typo).
Result<LocatedJson> ParseJsonWithLocations(std::string_view text, const std::string& file);

// Escapes one reference token of a JSON pointer (RFC 6901: '~' -> "~0", '/' -> "~1").
std::string EscapePointerToken(std::string_view token);

}  // namespace dmlc::app
