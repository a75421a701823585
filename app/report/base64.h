// Base64 (RFC 4648, with padding) for the byte planes a report carries (error maps). Pure functions;
// thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dmlc::app {

std::string EncodeBase64(std::span<const uint8_t> bytes);
// nullopt when `text` is not padded base64 of the standard alphabet.
std::optional<std::vector<uint8_t>> DecodeBase64(std::string_view text);

}  // namespace dmlc::app
