// Typed values as a tensor's bytes and back, for the engine's tests.
#pragma once

#include <cstddef>
#include <cstring>
#include <vector>

namespace dmlc::app::testing {

template <class T>
std::vector<std::byte> Bytes(const std::vector<T>& values) {
  std::vector<std::byte> out(values.size() * sizeof(T));
  std::memcpy(out.data(), values.data(), out.size());
  return out;
}

template <class T>
std::vector<T> Values(const std::vector<std::byte>& bytes) {
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

}  // namespace dmlc::app::testing
