// A parsed JSON text kept as a flat, compact tree: one 40-byte node per value, in document order, and
// the text itself. Nothing per value grows with its depth: a node knows its parent, and a value's JSON
// pointer and line:column are worked out only when asked (on the error path), so memory is linear in
// the file's size however deep it nests. Numbers stay as their text, so they can be read exactly, and
// an array holding only numbers is "packed": its elements get no node of their own and are found by
// scanning its text (ScanPackedArray), so 35 million numbers cost their text and nothing more.
// Built by ParseJsonWithLocations (json_locations.h); immutable afterwards, so safe to read from many
// threads.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dmlc::app {

// Positions are 1-based; columns count bytes, as compilers do.
struct TextPosition {
  int line = 0;
  int column = 0;
};

// The number token that starts at `offset` of `text`.
std::string_view NumberTokenAt(std::string_view text, uint64_t offset);

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
    bool packed = false;     // a non-empty array of numbers only: `count` elements, none with a node
  };
  struct Key {
    std::string name;
    uint64_t offset = 0;  // the key's opening quote
  };

  explicit JsonTree(std::string text);

  const std::string& text() const { return *text_; }
  // The text, for what must keep it after the tree is gone (numbers read when a case runs).
  const std::shared_ptr<const std::string>& shared_text() const { return text_; }
  const Node& node(uint32_t i) const { return nodes_[i]; }
  size_t size() const { return nodes_.size(); }
  const Key& key(uint32_t i) const { return keys_[i]; }
  const std::string& string(uint32_t i) const { return strings_[i]; }
  // A number node's token as written ("-0", "1e400", "-9223372036854775809").
  std::string_view NumberText(uint32_t i) const { return NumberTokenAt(*text_, nodes_[i].offset); }
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

  std::shared_ptr<const std::string> text_;
  std::vector<Node> nodes_;
  std::vector<Key> keys_;
  std::vector<std::string> strings_;
  std::vector<Checkpoint> checkpoints_;
};

// Calls visit(k, offset) for the elements of the packed array whose '[' is at `array_offset` of `text`,
// in order, with each number's first byte; stops early when visit returns false. The text between the
// brackets is known to be numbers, commas and whitespace (the parser packed it), so no checks.
template <class Visit>
void ScanPackedArray(std::string_view text, uint64_t array_offset, Visit&& visit) {
  uint64_t p = array_offset + 1;
  for (uint64_t k = 0;; ++k) {
    while (p < text.size() && (text[p] == ',' || text[p] == ' ' || text[p] == '\n' || text[p] == '\r' ||
                               text[p] == '\t')) {
      ++p;
    }
    if (p >= text.size() || text[p] == ']') return;
    if (!visit(k, p)) return;
    p += NumberTokenAt(text, p).size();
  }
}

// The line and column of `offset`, counted from the start of `text`: O(offset), for error paths that
// have the text but not its tree.
TextPosition PositionInText(std::string_view text, uint64_t offset);

// Escapes one reference token of a JSON pointer (RFC 6901: '~' -> "~0", '/' -> "~1").
std::string EscapePointerToken(std::string_view token);

}  // namespace dmlc::app
