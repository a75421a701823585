#include "app/report/text.h"

#include <cstdint>
#include <cstdio>

namespace dmlc::app {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

struct Decoded {
  size_t length;      // bytes consumed: the sequence, or its maximal ill-formed subpart (at least 1)
  bool valid;
  char32_t code_point;  // when valid
};

// The well-formed byte sequences are those of Unicode's table 3-7: the second byte's range depends on
// the first (which rules out overlongs, surrogates and code points past U+10FFFF), later bytes are
// 80..BF. A sequence stops being a prefix of any well-formed one at its first byte out of range; the
// bytes before that are its maximal subpart.
Decoded DecodeOne(std::string_view s) {
  const auto byte = [&](size_t i) { return static_cast<uint8_t>(s[i]); };
  const uint8_t b0 = byte(0);
  if (b0 < 0x80) return {1, true, b0};
  size_t length = 0;
  uint8_t low = 0x80, high = 0xBF;  // the second byte's range
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    if (b0 == 0xE0) low = 0xA0;
    if (b0 == 0xED) high = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    if (b0 == 0xF0) low = 0x90;
    if (b0 == 0xF4) high = 0x8F;
  } else {
    return {1, false, 0};
  }
  char32_t code_point = b0 & (0xFF >> (length + 1));
  for (size_t i = 1; i < length; ++i) {
    const bool in_range = i < s.size() && byte(i) >= (i == 1 ? low : 0x80) && byte(i) <= (i == 1 ? high : 0xBF);
    if (!in_range) return {i, false, 0};
    code_point = (code_point << 6) | (byte(i) & 0x3F);
  }
  return {length, true, code_point};
}

bool ShownAsEscape(char32_t c) {
  const bool c0 = c < 0x20 && c != '\t' && c != '\n' && c != '\r';
  return c0 || (c >= 0x7F && c <= 0x9F) || c == 0xFFFE || c == 0xFFFF;
}

}  // namespace

std::string PrintableText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const Decoded d = DecodeOne(text.substr(i));
    if (!d.valid) {
      out += kReplacement;
    } else if (!ShownAsEscape(d.code_point)) {
      out.append(text, i, d.length);
    } else {
      char escape[8];
      std::snprintf(escape, sizeof(escape), "\\u%04x", static_cast<unsigned>(d.code_point));
      out += escape;
    }
    i += d.length;
  }
  return out;
}

}  // namespace dmlc::app
