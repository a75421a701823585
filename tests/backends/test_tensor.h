// Test helper for the backend suites: tensors as a desc plus a byte buffer, built from typed values and
// read back as values, with every byte outside the logical elements (stride gaps, tail padding) set to
// a sentinel so tests can prove a backend never writes there.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "backends/backend.h"
#include "ops/data_type.h"
#include "ops/operator_desc.h"
#include "ops/tensor_desc.h"

namespace dmlc::backends::testing {

inline constexpr std::byte kSentinel{0xA5};

struct Tensor {
  ops::TensorDesc desc;
  std::vector<std::byte> bytes;
};

// Byte offsets of the logical elements in row-major order.
std::vector<uint64_t> ElementByteOffsets(const ops::TensorDesc& desc);

// A desc with TotalTensorSizeInBytes computed (plus `extra_bytes` of tail, a multiple of 4).
ops::TensorDesc Desc(ops::DataType type, std::vector<uint32_t> sizes, std::vector<uint32_t> strides = {},
                     uint64_t extra_bytes = 0);

// Values converted to the type: integers by static_cast, FLOAT16 rounding to nearest even.
Tensor MakeTensor(const ops::TensorDesc& desc, const std::vector<double>& values);
// Values stored as raw T (sizeof(T) must equal the element size); for exact 64-bit integers and bit patterns.
template <class T>
Tensor MakeRawTensor(const ops::TensorDesc& desc, const std::vector<T>& values) {
  Tensor t{desc, std::vector<std::byte>(desc.TotalTensorSizeInBytes, kSentinel)};
  const std::vector<uint64_t> offsets = ElementByteOffsets(desc);
  for (size_t i = 0; i < offsets.size(); ++i) std::memcpy(t.bytes.data() + offsets[i], &values.at(i), sizeof(T));
  return t;
}
// An output buffer: all sentinel.
Tensor MakeOutput(const ops::TensorDesc& desc);

// Logical elements as doubles (FLOAT16 widened exactly).
std::vector<double> ReadValues(const Tensor& t);
template <class T>
std::vector<T> ReadRaw(const Tensor& t) {
  std::vector<T> out;
  for (uint64_t offset : ElementByteOffsets(t.desc)) {
    T v;
    std::memcpy(&v, t.bytes.data() + offset, sizeof(T));
    out.push_back(v);
  }
  return out;
}
// True when every byte outside the logical elements still holds the sentinel.
bool GapsUntouched(const Tensor& t);

// Validates `desc` at 5_1 (a test's own desc must be valid), prepares it on a cpu backend with `threads`
// workers and runs it. Tensors are in ops::Bindings() order.
// Validates `desc` at 5_1 (a test's own desc must be valid), prepares it on `backend` and runs it once.
// Tensors are in ops::Bindings() order.
Result<Timing> RunOn(Backend& backend, const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs,
                     const std::vector<Tensor*>& outputs);
Result<Timing> RunOnCpu(const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs,
                   const std::vector<Tensor*>& outputs, int threads = 1);

// {0, 1, 2, ...}.
std::vector<double> Iota(size_t n, double start = 0);

}  // namespace dmlc::backends::testing
