// Byte counts as people write and read them: the limits' flags (--max-file-size 512M) and the messages
// that quote sizes ("100.0 GiB"). Suffixes are binary (K = 1024). Pure; thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ops/error.h"

namespace dmlc::app {

// "1073741824", "512M", "2G", "1.5G", "64KiB", "1T": digits with an optional fraction, then an optional
// K, M, G or T (any case) with an optional "iB" or "B". Errors name `flag` and the text.
Result<uint64_t> ParseByteSize(std::string_view text, const std::string& flag);

// "512 bytes", "1.0 KiB", "100.0 GiB": one decimal in the largest unit that keeps the number >= 1.
std::string FormatBytes(uint64_t bytes);

}  // namespace dmlc::app
