#include "app/case/byte_size.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace dmlc::app {
namespace {

constexpr const char* kUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

// The power of 1024 a suffix stands for, or -1 when it is none we accept.
int SuffixPower(std::string_view suffix) {
  if (suffix.empty()) return 0;
  const char* letters = "KMGT";
  for (int power = 1; power <= 4; ++power) {
    if (std::toupper(static_cast<unsigned char>(suffix[0])) != letters[power - 1]) continue;
    const std::string_view rest = suffix.substr(1);
    if (rest.empty() || rest == "B" || rest == "iB" || rest == "b" || rest == "ib") return power;
  }
  return -1;
}

}  // namespace

Result<uint64_t> ParseByteSize(std::string_view text, const std::string& flag) {
  const Error bad = MakeError(flag, "", flag + " '" + std::string(text) + "' is not a size (expected e.g. 1073741824, 512M, 2G)",
                              "a byte count with an optional K, M, G or T suffix");
  size_t digits = 0;
  while (digits < text.size() && (std::isdigit(static_cast<unsigned char>(text[digits])) || text[digits] == '.')) ++digits;
  double number = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + digits, number, std::chars_format::fixed);
  if (digits == 0 || ec != std::errc() || end != text.data() + digits) return bad;
  const int power = SuffixPower(text.substr(digits));
  if (power < 0) return bad;
  const double bytes = std::floor(number * std::pow(1024.0, power));
  // 2^64 itself is exactly representable as a double; anything at or past it does not fit.
  if (!(bytes < 18446744073709551616.0)) {
    return MakeError(flag, "", flag + " '" + std::string(text) + "' is more than 2^64 bytes", "a byte count that fits 64 bits");
  }
  return static_cast<uint64_t>(bytes);
}

std::string FormatBytes(uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024 && unit + 1 < static_cast<int>(std::size(kUnits))) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %s", value, kUnits[unit]);
  return text;
}

}  // namespace dmlc::app
