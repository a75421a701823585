// A parsed JSON text kept as a flat, compact tree: one 40-byte node per value, in document order, and
// the text itself. Nothing per value grows with its depth: a node knows its parent, and a value's JSON
// pointer and line:column are worked out only when asked (on the error path), so memory is linear in
// the file's size however deep it nests. Numbers stay as their text, so they can be read exactly.
// Built by ParseJsonWithLocations (json_locations.h); immutable afterwards, so safe to read from many
// threads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dmlc::app {

// Positions are 1-based; columns count bytes, as compilers do.
struct TextPosition {
  int line = 0;
  int column = 0;
};

enum class JsonKind : uint8_t { kNull, kBool, kNumber, kString, kArray, kObject };

class JsonTree {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  struct Node {
    uint64_t offset = 0;     // first byte of the value's token in text()
    uint32_t end = 0;        // index just past this value's subtree: its next sibling, if any
    uint32_t parent = kNone;
    uint32_t index = 0;      // position among its parent's elements or members
    uint32_t count = 0;      // arrays and objects: elements or members
    uint32_t key = kNone;    // object members: index into keys
    uint32_t string = kNone; // strings: index into strings
    JsonKind kind = JsonKind::kNull;
    bool boolean = false;
  };
  struct Key {
    std::string name;
    uint64_t offset = 0;  // the key's opening quote
  };

  explicit JsonTree(std::string text);

  const std::string& text() const { return text_; }
  const Node& node(uint32_t i) const { return nodes_[i]; }
  size_t size() const { return nodes_.size(); }
  const Key& key(uint32_t i) const { return keys_[i]; }
  const std::string& string(uint32_t i) const { return strings_[i]; }
  // A number node's token as written ("-0", "1e400", "-9223372036854775809").
  std::string_view NumberText(uint32_t i) const;
  // The JSON pointer of node i ("/cases/3/operator/desc"; "" for the root). O(depth).
  std::string Pointer(uint32_t i) const;
  TextPosition Position(uint64_t offset) const;

  // Building, for the parser only.
  std::vector<Node>& nodes() { return nodes_; }
  std::vector<Key>& keys() { return keys_; }
  std::vector<std::string>& strings() { return strings_; }

 private:
  // Every kBlock bytes, the line that byte is on and where that line starts: a position is found by
  // scanning at most one block, with 16 bytes of index per 4 KiB of text.
  static constexpr uint64_t kBlock = 4096;
  struct Checkpoint {
    uint64_t line;
    uint64_t line_start;
  };

  std::string text_;
  std::vector<Node> nodes_;
  std::vector<Key> keys_;
  std::vector<std::string> strings_;
  std::vector<Checkpoint> checkpoints_;
};

// Escapes one reference token of a JSON pointer (RFC 6901: '~' -> "~0", '/' -> "~1").
std::string EscapePointerToken(std::string_view token);

}  // namespace dmlc::app
