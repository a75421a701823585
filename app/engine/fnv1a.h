// FNV-1a, 64-bit, of bytes: the same value in every process, on every platform and in every build, for
// what two programs must agree on without talking (a case's shard; a reference output's file name).
#pragma once

#include <cstdint>
#include <string_view>

namespace dmlc::app {

constexpr uint64_t Fnv1a64(std::string_view bytes) {
  uint64_t hash = 14695981039346656037ull;
  for (char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return hash;
}

}  // namespace dmlc::app
