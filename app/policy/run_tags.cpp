#include "app/policy/run_tags.h"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace dmlc::app::policy {
namespace {

bool IsValueChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '+';
}
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Vendors by a word of the device name or driver (ours; "not stated" by any API the tool reads on every
// backend). Hardware vendors first: "AMD Radeon ... (RADV, Mesa 25)" is amd, not mesa.
constexpr std::pair<std::string_view, std::string_view> kVendorWords[] = {
    {"nvidia", "nvidia"}, {"geforce", "nvidia"}, {"quadro", "nvidia"}, {"tesla", "nvidia"},
    {"amd", "amd"},       {"radeon", "amd"},     {"intel", "intel"},   {"microsoft", "microsoft"},
    {"llvmpipe", "mesa"}, {"lavapipe", "mesa"},  {"softpipe", "mesa"}, {"mesa", "mesa"},
};

std::string VendorOf(std::string_view device, std::string_view driver) {
  const std::string words = "-" + TagValue(std::string(device) + " " + std::string(driver)) + "-";
  for (const auto& [word, vendor] : kVendorWords) {
    // Whole words only: "amd" in "amd-radeon", never inside another word. '.' and '_' join words.
    if (words.find("-" + std::string(word) + "-") != std::string::npos) return std::string(vendor);
  }
  return "";
}

std::string_view BuiltForOs() {
#if defined(_WIN32)
  return "windows";
#elif defined(__APPLE__)
  return "macos";
#else
  return "linux";
#endif
}

}  // namespace

bool IsTagKey(std::string_view key) { return std::find(std::begin(kTagKeys), std::end(kTagKeys), key) != std::end(kTagKeys); }

std::string TagValue(std::string_view text) {
  std::string value;
  for (char c : text) {
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (IsValueChar(lower)) {
      value += lower;
    } else if (!value.empty() && value.back() != '-') {
      value += '-';
    }
  }
  while (!value.empty() && value.back() == '-') value.pop_back();
  return value;
}

std::string DriverVersion(std::string_view driver) {
  std::string first_number;
  for (size_t i = 0; i < driver.size();) {
    if (!IsDigit(driver[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    bool dotted = false;
    while (end < driver.size() && (IsDigit(driver[end]) || (driver[end] == '.' && end + 1 < driver.size() && IsDigit(driver[end + 1])))) {
      dotted |= driver[end] == '.';
      ++end;
    }
    const std::string number(driver.substr(i, end - i));
    if (dotted) return number;
    if (first_number.empty()) first_number = number;
    i = end;
  }
  return first_number;
}

Result<RunTags> ParseGivenTags(std::span<const std::string> options) {
  RunTags given;
  for (const std::string& option : options) {
    auto error = [&](const std::string& why) { return MakeError("--tag", "", option + ": " + why); };
    const size_t eq = option.find('=');
    if (eq == std::string::npos) return error("expected KEY=VALUE");
    const std::string key = option.substr(0, eq);
    const std::string value = option.substr(eq + 1);
    if (!IsTagKey(key)) return error("'" + key + "' is not a tag key (backend, vendor, device, driver, os, runtime, feature-level)");
    if (value.empty()) return error("the value is empty");
    if (TagValue(value) != value) return error("'" + value + "' is not a tag value (lower case [a-z0-9._+-]; '" + TagValue(value) + "' is)");
    if (FindTag(given, key) != nullptr) return error("'" + key + "' is given twice");
    given.emplace_back(key, value);
  }
  return given;
}

RunTags DeriveRunTags(const RunContext& c, const RunTags& given) {
  const std::pair<std::string_view, std::string> derived[] = {
      {"backend", TagValue(c.backend)},
      {"vendor", VendorOf(c.device, c.driver)},
      {"device", TagValue(c.device)},
      {"driver", DriverVersion(c.driver)},
      {"os", std::string(BuiltForOs())},
      {"runtime", "native"},
      {"feature-level", TagValue(c.feature_level)},
      {"reference", TagValue(c.reference)},
  };
  RunTags tags;
  for (const auto& [key, value] : derived) {
    const std::string* override = FindTag(given, key);
    const std::string& chosen = override != nullptr ? *override : value;
    if (!chosen.empty()) tags.emplace_back(std::string(key), chosen);
  }
  return tags;
}

std::string FormatTags(const RunTags& tags) {
  std::string text;
  for (const auto& [key, value] : tags) text += (text.empty() ? "" : " ") + key + "=" + value;
  return text;
}

const std::string* FindTag(const RunTags& tags, std::string_view key) {
  for (const auto& [k, v] : tags) {
    if (k == key) return &v;
  }
  return nullptr;
}

}  // namespace dmlc::app::policy
