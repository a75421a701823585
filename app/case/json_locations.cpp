#include "app/case/json_locations.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <iterator>
#include <numeric>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

namespace dmlc::app {
namespace {

using nlohmann::json;

bool IsJsonSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// Comments as nlohmann's ignore_comments reads them (// to the end of the line, /* to */), overwritten
// with spaces before parsing: every offset, and so every line:column, stays where it was, and the
// scanners below (token starts, packed arrays) meet only JSON. Newlines inside a block comment are kept.
// Returns the offset of an unterminated block comment's "/*", if any.
std::optional<size_t> BlankComments(std::string& text) {
  if (text.find('/') == std::string::npos) return std::nullopt;  // the common case: one memchr
  bool in_string = false;
  bool escaped = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    if (c != '/' || i + 1 >= text.size() || (text[i + 1] != '/' && text[i + 1] != '*')) continue;
    const bool block = text[i + 1] == '*';
    const size_t end = block ? text.find("*/", i + 2) : text.find_first_of("\r\n", i + 2);
    if (block && end == std::string::npos) return i;
    const size_t stop = end == std::string::npos ? text.size() : (block ? end + 2 : end);
    for (size_t k = i; k < stop; ++k) {
      if (text[k] != '\n' && text[k] != '\r') text[k] = ' ';
    }
    i = stop - 1;
  }
  return std::nullopt;
}

// How far nlohmann's lexer has read the text, shared by the iterator's copies. nlohmann keeps every
// whitespace byte between two tokens (for its error messages) until the next string or number, so 200
// MiB of newlines would cost 200 MiB more: a run of whitespace outside strings longer than kLongRun is
// handed over as its last byte alone, and `skips` maps nlohmann's byte counts back to offsets.
struct ReadPosition {
  static constexpr std::ptrdiff_t kLongRun = 4096;
  struct Skip {
    uint64_t after;  // nlohmann's count of bytes read when the skip happened
    uint64_t total;  // bytes skipped so far, this skip included
  };

  const char* begin;
  const char* end;
  const char* read_to;  // one past the last byte handed to nlohmann
  bool in_string = false;
  bool escaped = false;
  std::vector<Skip> skips;  // one per skipped run: at most one per kLongRun bytes

  // At `p`, the first byte of a run of whitespace outside a string: where to continue instead.
  const char* PastLongRun(const char* p) {
    const char* run_end = p;
    while (run_end < end && IsJsonSpace(*run_end)) ++run_end;
    if (run_end - p <= kLongRun) return p;
    const uint64_t before = skips.empty() ? 0 : skips.back().total;
    skips.push_back({static_cast<uint64_t>(p - begin) - before, before + static_cast<uint64_t>(run_end - 1 - p)});
    return run_end - 1;
  }

  // The text offset + 1 of what nlohmann counts as its `byte`-th byte (1-based).
  uint64_t Byte(uint64_t byte) const {
    auto after = std::upper_bound(skips.begin(), skips.end(), byte,
                                  [](uint64_t b, const Skip& s) { return b <= s.after; });
    return after == skips.begin() ? byte : byte + std::prev(after)->total;
  }
};

// A const char* iterator that publishes how far nlohmann's lexer has read. nlohmann's SAX events carry
// no positions, but each event fires right after its token was read, so the token starts at the first
// byte after the previous event's read position that is not whitespace or punctuation. It follows
// strings (quotes and escapes) to know where long whitespace runs may be skipped.
class TrackingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackingIterator(const char* p, ReadPosition* read) : p_(p), read_(read) {}
  // The first iterator: the text may open with a long run of whitespace.
  static TrackingIterator Begin(ReadPosition* read) {
    const char* p = read->begin;
    if (p < read->end && IsJsonSpace(*p)) p = read->PastLongRun(p);
    read->read_to = p;
    return TrackingIterator(p, read);
  }
  reference operator*() const { return *p_; }
  TrackingIterator& operator++() {
    ReadPosition& r = *read_;
    const char c = *p_++;
    if (r.in_string) {
      if (r.escaped) r.escaped = false;
      else if (c == '\\') r.escaped = true;
      else if (c == '"') r.in_string = false;
    } else if (c == '"') {
      r.in_string = true;
    }
    if (!r.in_string && !IsJsonSpace(c) && p_ < r.end && IsJsonSpace(*p_)) p_ = r.PastLongRun(p_);
    r.read_to = p_;
    return *this;
  }
  TrackingIterator operator++(int) {
    TrackingIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const TrackingIterator& other) const { return p_ == other.p_; }

 private:
  const char* p_;
  ReadPosition* read_;
};

// Builds the tree from nlohmann's SAX events. nlohmann's SAX parser keeps its own nesting on a heap
// stack (no recursion), and this builder refuses the level past kMaxJsonDepth before adding it, so a
// file nested 100,000 deep costs neither stack nor memory.
class TreeBuilder {
 public:
  TreeBuilder(JsonTree& tree, const ReadPosition& read, const std::string& file)
      : tree_(tree), text_(tree.text()), read_(read), file_(file) {
    // A UTF-8 byte order mark is skipped by nlohmann; skip it here too.
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") scanned_to_ = 3;
  }

  bool null() { return Add(JsonKind::kNull) != JsonTree::kNone; }
  bool boolean(bool v) {
    const uint32_t i = Add(JsonKind::kBool);
    if (i != JsonTree::kNone) tree_.nodes()[i].boolean = v;
    return i != JsonTree::kNone;
  }
  // Numbers are kept as their text (JsonTree::NumberText) and read exactly when used.
  bool number_integer(json::number_integer_t) { return Number(); }
  bool number_unsigned(json::number_unsigned_t) { return Number(); }
  bool number_float(json::number_float_t, const std::string&) { return Number(); }
  bool string(json::string_t& v) {
    const uint32_t i = Add(JsonKind::kString);
    if (i == JsonTree::kNone) return false;
    tree_.nodes()[i].string = static_cast<uint32_t>(tree_.strings().size());
    tree_.strings().push_back(std::move(v));
    return true;
  }
  bool binary(json::binary_t&) { return Fail(TokenStart(), "binary values are not JSON", "the file must be JSON"); }

  bool start_object(std::size_t) { return Open(JsonKind::kObject); }
  bool start_array(std::size_t) { return Open(JsonKind::kArray); }
  bool end_object() { return CheckUniqueKeys(open_.back()) && Close(); }
  bool end_array() { return Close(); }

  bool key(json::string_t& key) {
    pending_key_ = static_cast<uint32_t>(tree_.keys().size());
    tree_.keys().push_back({std::move(key), TokenStart()});
    return true;
  }

  bool parse_error(std::size_t byte, const std::string& last_token, const json::exception& ex) {
    std::string message = ex.what();
    // Drop nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 2: " prefix:
    // the location is reported in this project's own format.
    if (size_t p = message.find("syntax error"); p != std::string::npos) message = message.substr(p);
    else if (size_t q = message.find("] "); q != std::string::npos) message = message.substr(q + 2);
    const size_t at = OffendingTokenStart(read_.Byte(byte), last_token);
    // DxDispatch's parser takes a trailing comma; say what it is rather than what nlohmann expected.
    if (at < text_.size() && (text_[at] == ']' || text_[at] == '}')) {
      size_t comma = at;
      while (comma > 0 && IsJsonSpace(text_[comma - 1])) --comma;
      if (comma > 0 && text_[comma - 1] == ',') {
        return Fail(at, std::string("trailing comma before '") + text_[at] + "': JSON allows no comma after the last " +
                            (text_[at] == ']' ? "element" : "member"),
                    "the file must be valid JSON (RFC 8259)");
      }
    }
    return Fail(at, message, "the file must be valid JSON (RFC 8259)");
  }

  const std::optional<Error>& error() const { return error_; }

 private:
  bool Fail(uint64_t offset, std::string message, std::string rule, std::string path = "") {
    error_ = MakeError("json", std::move(path), std::move(message), std::move(rule));
    const TextPosition p = tree_.Position(offset);
    error_->where = SourceLocation{file_, p.line, p.column};
    return false;
  }

  // `byte` is the 1-based position of the last byte nlohmann read: the end of the offending token, or
  // one past the text at its end. Move back to the token's first byte, so the column is where a reader
  // looks. nlohmann's `last_token` is exact only for strings (other tokens accumulate everything read
  // since the last string or number), so other tokens are found by walking back over word bytes.
  size_t OffendingTokenStart(size_t byte, const std::string& last_token) const {
    const size_t offset = std::min(byte > 0 ? byte - 1 : 0, text_.size());
    if (offset >= text_.size()) return offset;
    if (std::string_view("{}[]:,").find(text_[offset]) != std::string_view::npos) return offset;
    const bool complete_string = last_token.size() >= 2 && last_token.front() == '"' && last_token.back() == '"' &&
                                 last_token.find('"', 1) == last_token.size() - 1 && last_token.size() <= offset + 1;
    if (complete_string) return offset + 1 - last_token.size();
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.'; };
    size_t p = offset;
    while (p > 0 && word(text_[p - 1])) --p;
    return p;
  }

  uint64_t TokenStart() {
    const size_t read = static_cast<size_t>(read_.read_to - text_.data());
    size_t p = scanned_to_;
    while (p < text_.size() && std::string_view(" \t\r\n,:]}").find(text_[p]) != std::string_view::npos) ++p;
    scanned_to_ = read;
    return p;
  }

  // Appends a node for the value that starts at the current token; returns its index, or kNone after
  // recording an error.
  uint32_t Add(JsonKind kind) {
    const uint64_t start = TokenStart();
    if (!open_.empty() && tree_.nodes()[open_.back()].packed && !Unpack(open_.back(), start)) return JsonTree::kNone;
    return Push(kind, start);
  }

  // A number in a packed array is only counted; anywhere else it is a node.
  bool Number() {
    const uint64_t start = TokenStart();
    if (open_.empty() || !tree_.nodes()[open_.back()].packed) return Push(JsonKind::kNumber, start) != JsonTree::kNone;
    JsonTree::Node& array = tree_.nodes()[open_.back()];
    if (array.count >= JsonTree::kNone - 1) {
      return Fail(start, "more than " + std::to_string(JsonTree::kNone - 2) + " elements in one array",
                  "file size limits");
    }
    ++array.count;
    return true;
  }

  // A value other than a number arrived in a packed array: the numbers before it get their nodes after
  // all, found again in the text before `start`. Mixed arrays are rare and small; only all-number ones
  // are long.
  bool Unpack(uint32_t array, uint64_t start) {
    JsonTree::Node& node = tree_.nodes()[array];  // Push may move it: read what is needed first
    const uint32_t numbers = node.count;
    const uint64_t array_offset = node.offset;
    node.packed = false;
    node.count = 0;
    bool ok = true;
    ScanPackedArray(text_, array_offset, [&](uint64_t k, uint64_t offset) {
      if (k >= numbers || offset >= start) return false;
      ok = Push(JsonKind::kNumber, offset) != JsonTree::kNone;
      return ok;
    });
    return ok;
  }

  // Appends a node for a value at `start` under the innermost open array or object.
  uint32_t Push(JsonKind kind, uint64_t start) {
    std::vector<JsonTree::Node>& nodes = tree_.nodes();
    if (nodes.size() >= JsonTree::kNone) {
      Fail(start, "more than " + std::to_string(JsonTree::kNone - 1) + " values in one file", "file size limits");
      return JsonTree::kNone;
    }
    JsonTree::Node node;
    node.offset = start;
    node.kind = kind;
    node.end = static_cast<uint32_t>(nodes.size() + 1);
    if (!open_.empty()) {
      JsonTree::Node& parent = nodes[open_.back()];
      node.parent = open_.back();
      node.index = parent.count++;
      if (parent.kind == JsonKind::kObject) node.key = pending_key_;
    }
    nodes.push_back(node);
    return static_cast<uint32_t>(nodes.size() - 1);
  }

  bool Open(JsonKind kind) {
    if (open_.size() >= kMaxJsonDepth) {
      return Fail(TokenStart(), "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels",
                  "case files nest at most " + std::to_string(kMaxJsonDepth) + " levels",
                  tree_.Pointer(open_.back()));
    }
    const uint32_t i = Add(kind);
    if (i == JsonTree::kNone) return false;
    tree_.nodes()[i].packed = kind == JsonKind::kArray;  // until a value other than a number arrives
    open_.push_back(i);
    return true;
  }

  bool Close() {
    TokenStart();  // consume the closing bracket so the next token is found after it
    JsonTree::Node& closed = tree_.nodes()[open_.back()];
    closed.end = static_cast<uint32_t>(tree_.nodes().size());
    closed.packed = closed.packed && closed.count > 0;
    open_.pop_back();
    return true;
  }

  // Sorting the members' keys finds a repeated one in O(n log n) with 4 bytes per member; the error
  // points at the later occurrence, the one a reader added by mistake.
  bool CheckUniqueKeys(uint32_t object) {
    const std::vector<JsonTree::Node>& nodes = tree_.nodes();
    std::vector<uint32_t> keys;
    for (uint32_t c = object + 1; c < nodes.size(); c = nodes[c].end) keys.push_back(nodes[c].key);
    std::stable_sort(keys.begin(), keys.end(),
                     [&](uint32_t a, uint32_t b) { return tree_.key(a).name < tree_.key(b).name; });
    for (size_t i = 1; i < keys.size(); ++i) {
      const JsonTree::Key& first = tree_.key(keys[i - 1]);
      const JsonTree::Key& again = tree_.key(keys[i]);
      if (first.name != again.name) continue;
      return Fail(std::max(first.offset, again.offset), "key \"" + again.name + "\" appears twice in one object",
                  "object keys are unique", tree_.Pointer(object) + "/" + EscapePointerToken(again.name));
    }
    return true;
  }

  JsonTree& tree_;
  std::string_view text_;
  const ReadPosition& read_;
  const std::string& file_;
  std::vector<uint32_t> open_;  // the open arrays and objects, outermost first
  uint32_t pending_key_ = JsonTree::kNone;
  size_t scanned_to_ = 0;
  std::optional<Error> error_;
};

}  // namespace

Result<JsonTree> ParseJsonWithLocations(std::string text, const std::string& file) {
  if (const std::optional<size_t> open = BlankComments(text)) {
    Error e = MakeError("json", "", "a /* comment is never closed", "comments are // to the end of the line or /* ... */");
    const TextPosition p = PositionInText(text, *open);
    e.where = SourceLocation{file, p.line, p.column};
    return e;
  }
  JsonTree tree(std::move(text));
  const std::string& t = tree.text();
  ReadPosition read{t.data(), t.data() + t.size(), t.data()};
  TreeBuilder builder(tree, read, file);
  try {
    TrackingIterator first = TrackingIterator::Begin(&read);
    TrackingIterator last(t.data() + t.size(), &read);
    if (json::sax_parse(first, last, &builder) && !builder.error()) return tree;
  } catch (const json::exception& ex) {
    // sax_parse reports syntax errors through parse_error(); anything thrown is unexpected but must
    // still leave this boundary as a value.
    Error e = MakeError("json", "", ex.what(), "the file must be valid JSON (RFC 8259)");
    e.where.file = file;
    return e;
  }
  if (builder.error()) return *builder.error();
  Error e = MakeError("json", "", "the JSON parser stopped without a value", "the file must be valid JSON");
  e.where.file = file;
  return e;
}

}  // namespace dmlc::app
