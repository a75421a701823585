#include "app/case/json_locations.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <vector>

namespace dmlc::app {
namespace {

using nlohmann::json;

// Maps byte offsets to 1-based line and column.
class LineTable {
 public:
  explicit LineTable(std::string_view text) {
    starts_.push_back(0);
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') starts_.push_back(i + 1);
    }
  }
  TextPosition At(size_t offset) const {
    auto next = std::upper_bound(starts_.begin(), starts_.end(), offset);
    size_t line = static_cast<size_t>(next - starts_.begin());  // >= 1: starts_[0] == 0
    return {static_cast<int>(line), static_cast<int>(offset - starts_[line - 1] + 1)};
  }

 private:
  std::vector<size_t> starts_;
};

// A const char* iterator that publishes how far nlohmann's lexer has read. nlohmann's SAX events carry
// no positions, but each event fires right after its token was read, so the token starts at the first
// byte after the previous event's read position that is not whitespace or punctuation.
class TrackingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackingIterator(const char* p, const char** published) : p_(p), published_(published) {}
  reference operator*() const { return *p_; }
  TrackingIterator& operator++() {
    *published_ = ++p_;
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
  const char** published_;
};

// Builds the DOM like nlohmann's own parser and records each value's pointer and start position.
class LocatingSax {
 public:
  LocatingSax(std::string_view text, const char* const* read_to, const std::string& file, LocatedJson& out)
      : text_(text), read_to_(read_to), lines_(text), file_(file), out_(out) {
    // A UTF-8 byte order mark is skipped by nlohmann; skip it here too.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") scanned_to_ = 3;
  }

  bool null() { return Add(json(nullptr)) != nullptr; }
  bool boolean(bool v) { return Add(json(v)) != nullptr; }
  bool number_integer(json::number_integer_t v) { return Add(json(v)) != nullptr; }
  bool number_unsigned(json::number_unsigned_t v) { return Add(json(v)) != nullptr; }
  bool number_float(json::number_float_t v, const std::string& /*raw*/) { return Add(json(v)) != nullptr; }
  bool string(json::string_t& v) { return Add(json(std::move(v))) != nullptr; }
  bool binary(json::binary_t& v) { return Add(json::binary(std::move(v))) != nullptr; }

  bool start_object(std::size_t /*size*/) { return Open(json::object()); }
  bool start_array(std::size_t /*size*/) { return Open(json::array()); }
  bool end_object() { return Close(); }
  bool end_array() { return Close(); }

  bool key(json::string_t& key) {
    const size_t start = TokenStart();
    if (frames_.back().container->contains(key)) {
      error_ = MakeError("json", pointer_ + "/" + EscapePointerToken(key),
                         "key \"" + key + "\" appears twice in one object", "object keys are unique");
      error_->where = Where(start);
      return false;
    }
    key_ = std::move(key);
    key_start_ = start;
    return true;
  }

  bool parse_error(std::size_t byte, const std::string& last_token, const json::exception& ex) {
    std::string message = ex.what();
    // Drop nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 2: " prefix:
    // the location is reported in this project's own format.
    if (size_t p = message.find("syntax error"); p != std::string::npos) message = message.substr(p);
    else if (size_t q = message.find("] "); q != std::string::npos) message = message.substr(q + 2);
    error_ = MakeError("json", "", message, "the file must be valid JSON (RFC 8259)");
    error_->where = Where(OffendingTokenStart(byte, last_token));
    return false;
  }

  const std::optional<Error>& error() const { return error_; }

 private:
  struct Frame {
    json* container;
    size_t pointer_length;  // pointer_ length before this container's own token was appended
    size_t next_index = 0;  // arrays: index of the next element
  };

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

  size_t TokenStart() {
    const size_t read = static_cast<size_t>(*read_to_ - text_.data());
    size_t p = scanned_to_;
    while (p < text_.size() && std::string_view(" \t\r\n,:]}").find(text_[p]) != std::string_view::npos) ++p;
    scanned_to_ = read;
    return p;
  }

  SourceLocation Where(size_t offset) const {
    TextPosition pos = lines_.At(offset);
    return SourceLocation{file_, pos.line, pos.column};
  }

  // Places `value` in the current container and records its position; returns where it now lives.
  json* Add(json value) {
    const size_t start = TokenStart();
    std::string pointer;
    size_t key_start = start;
    json* placed = nullptr;
    if (frames_.empty()) {
      out_.value = std::move(value);
      placed = &out_.value;
    } else if (Frame& top = frames_.back(); top.container->is_array()) {
      pointer = pointer_ + "/" + std::to_string(top.next_index++);
      top.container->push_back(std::move(value));
      placed = &top.container->back();
    } else {
      pointer = pointer_ + "/" + EscapePointerToken(key_);
      key_start = key_start_;
      placed = &(*top.container)[key_];
      *placed = std::move(value);
    }
    out_.locations.Add(pointer, lines_.At(start), lines_.At(key_start));
    last_pointer_ = std::move(pointer);
    return placed;
  }

  bool Open(json empty) {
    json* container = Add(std::move(empty));
    frames_.push_back(Frame{container, pointer_.size()});
    pointer_ = last_pointer_;
    return true;
  }

  bool Close() {
    TokenStart();  // consume the closing bracket so the next token is found after it
    pointer_.resize(frames_.back().pointer_length);
    frames_.pop_back();
    return true;
  }

  std::string_view text_;
  const char* const* read_to_;
  LineTable lines_;
  const std::string& file_;
  LocatedJson& out_;
  std::vector<Frame> frames_;
  std::string pointer_;       // pointer of the innermost open container
  std::string last_pointer_;  // pointer of the value added last
  std::string key_;           // the member name the next value belongs to
  size_t key_start_ = 0;      // where key_ starts in the text
  size_t scanned_to_ = 0;
  std::optional<Error> error_;
};

}  // namespace

JsonLocations::Entry JsonLocations::Lookup(std::string_view pointer) const {
  std::string key(pointer);
  while (true) {
    if (auto it = positions_.find(key); it != positions_.end()) return it->second;
    if (key.empty()) return Entry{};
    key.resize(key.rfind('/'));
  }
}

std::string EscapePointerToken(std::string_view token) {
  std::string out;
  out.reserve(token.size());
  for (char c : token) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

Result<LocatedJson> ParseJsonWithLocations(std::string_view text, const std::string& file) {
  LocatedJson out;
  const char* read_to = text.data();
  LocatingSax sax(text, &read_to, file, out);
  try {
    TrackingIterator first(text.data(), &read_to);
    TrackingIterator last(text.data() + text.size(), &read_to);
    if (json::sax_parse(first, last, &sax) && !sax.error()) return out;
  } catch (const json::exception& ex) {
    // sax_parse reports syntax errors through parse_error(); anything thrown is unexpected but must
    // still leave this boundary as a value.
    Error e = MakeError("json", "", ex.what(), "the file must be valid JSON (RFC 8259)");
    e.where.file = file;
    return e;
  }
  if (sax.error()) return *sax.error();
  Error e = MakeError("json", "", "the JSON parser stopped without a value", "the file must be valid JSON");
  e.where.file = file;
  return e;
}

}  // namespace dmlc::app
