#include "backends/device_selector.h"

#include <algorithm>
#include <cctype>

namespace dmlc::backends {
namespace {

bool AllDigits(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

char Lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool ContainsIgnoringCase(std::string_view text, std::string_view part) {
  return std::search(text.begin(), text.end(), part.begin(), part.end(),
                     [](char a, char b) { return Lower(a) == Lower(b); }) != text.end();
}

}  // namespace

Result<size_t> SelectDevice(std::string_view backend, std::string_view selector, const std::vector<std::string>& names) {
  std::string listing;
  for (size_t i = 0; i < names.size(); ++i) listing += (i ? ", " : "") + std::to_string(i) + ": " + names[i];
  const std::string rule = "an index or a substring of a device's name; devices: " + (names.empty() ? "none" : listing);
  if (names.empty()) return MakeError(std::string(backend), "--device", "no device found", rule);
  if (selector.empty()) return size_t{0};
  if (AllDigits(selector)) {
    // Parsed by hand: a long digit string is "no such index", not an overflow.
    size_t index = 0;
    for (char c : selector) {
      index = index * 10 + static_cast<size_t>(c - '0');
      if (index >= names.size()) break;
    }
    if (index < names.size()) return index;
    return MakeError(std::string(backend), "--device", "no device with index " + std::string(selector), rule);
  }
  for (size_t i = 0; i < names.size(); ++i) {
    if (ContainsIgnoringCase(names[i], selector)) return i;
  }
  return MakeError(std::string(backend), "--device", "no device name contains '" + std::string(selector) + "'", rule);
}

}  // namespace dmlc::backends
