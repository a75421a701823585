// Small builders for the GPU-plan and GPU backend tests: tensor descs (the shared ops::testing::Tensor), and
// typed byte buffers in and out.
#pragma once

#include <cstddef>
#include <cstring>
#include <vector>

#include "ops/tensor_desc.h"
#include "tests/ops/test_util.h"

namespace dmlc::backends::gpu::testing {

using ops::testing::Tensor;

template <class T>
std::vector<std::byte> Bytes(const std::vector<T>& values, size_t total_bytes) {
  std::vector<std::byte> bytes(total_bytes, std::byte{0});
  std::memcpy(bytes.data(), values.data(), values.size() * sizeof(T));
  return bytes;
}

template <class T>
std::vector<T> Values(const std::vector<std::byte>& bytes) {
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
  return values;
}

}  // namespace dmlc::backends::gpu::testing
