#include "tests/backends/test_tensor.h"

#include <gtest/gtest.h>

#include "backends/cpu/cpu_backend.h"
#include "ops/float16.h"
#include "tests/ops/test_util.h"

namespace dmlc::backends::testing {

std::vector<uint64_t> ElementByteOffsets(const ops::TensorDesc& desc) {
  const std::vector<uint32_t> strides = ops::EffectiveStrides(desc);
  const uint64_t count = ops::ElementCount(desc.Sizes).value();
  const uint32_t size = ops::ElementSize(desc.DataType);
  std::vector<uint64_t> offsets;
  offsets.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t rest = i, offset = 0;
    for (size_t d = desc.Sizes.size(); d-- > 0;) {
      offset += (rest % desc.Sizes[d]) * strides[d];
      rest /= desc.Sizes[d];
    }
    offsets.push_back(offset * size);
  }
  return offsets;
}

ops::TensorDesc Desc(ops::DataType type, std::vector<uint32_t> sizes, std::vector<uint32_t> strides,
                     uint64_t extra_bytes) {
  ops::TensorDesc d = ops::testing::Tensor(type, std::move(sizes), std::move(strides));
  d.TotalTensorSizeInBytes += extra_bytes;
  return d;
}

Tensor MakeTensor(const ops::TensorDesc& desc, const std::vector<double>& values) {
  Tensor t{desc, std::vector<std::byte>(desc.TotalTensorSizeInBytes, kSentinel)};
  const std::vector<uint64_t> offsets = ElementByteOffsets(desc);
  EXPECT_EQ(offsets.size(), values.size()) << "value count of " << ops::Describe(desc);
  for (size_t i = 0; i < offsets.size() && i < values.size(); ++i) {
    std::byte* p = t.bytes.data() + offsets[i];
    const double v = values[i];
    auto put = [&](auto x) { std::memcpy(p, &x, sizeof(x)); };
    switch (desc.DataType) {
      case ops::DataType::kFloat64: put(v); break;
      case ops::DataType::kFloat32: put(static_cast<float>(v)); break;
      case ops::DataType::kFloat16: put(ops::DoubleToHalf(v)); break;
      case ops::DataType::kInt64: put(static_cast<int64_t>(v)); break;
      case ops::DataType::kInt32: put(static_cast<int32_t>(v)); break;
      case ops::DataType::kInt16: put(static_cast<int16_t>(v)); break;
      case ops::DataType::kInt8: put(static_cast<int8_t>(v)); break;
      case ops::DataType::kUint64: put(static_cast<uint64_t>(v)); break;
      case ops::DataType::kUint32: put(static_cast<uint32_t>(v)); break;
      case ops::DataType::kUint16: put(static_cast<uint16_t>(v)); break;
      case ops::DataType::kUint8: put(static_cast<uint8_t>(v)); break;
      case ops::DataType::kUnknown: break;
    }
  }
  return t;
}

Tensor MakeOutput(const ops::TensorDesc& desc) {
  return Tensor{desc, std::vector<std::byte>(desc.TotalTensorSizeInBytes, kSentinel)};
}

std::vector<double> ReadValues(const Tensor& t) {
  std::vector<double> out;
  for (uint64_t offset : ElementByteOffsets(t.desc)) {
    const std::byte* p = t.bytes.data() + offset;
    auto get = [&](auto x) {
      std::memcpy(&x, p, sizeof(x));
      return x;
    };
    double v = 0;
    switch (t.desc.DataType) {
      case ops::DataType::kFloat64: v = get(double{}); break;
      case ops::DataType::kFloat32: v = get(float{}); break;
      case ops::DataType::kFloat16: v = ops::HalfToFloat(get(uint16_t{})); break;
      case ops::DataType::kInt64: v = static_cast<double>(get(int64_t{})); break;
      case ops::DataType::kInt32: v = get(int32_t{}); break;
      case ops::DataType::kInt16: v = get(int16_t{}); break;
      case ops::DataType::kInt8: v = get(int8_t{}); break;
      case ops::DataType::kUint64: v = static_cast<double>(get(uint64_t{})); break;
      case ops::DataType::kUint32: v = get(uint32_t{}); break;
      case ops::DataType::kUint16: v = get(uint16_t{}); break;
      case ops::DataType::kUint8: v = get(uint8_t{}); break;
      case ops::DataType::kUnknown: break;
    }
    out.push_back(v);
  }
  return out;
}

bool GapsUntouched(const Tensor& t) {
  std::vector<bool> logical(t.bytes.size(), false);
  const uint32_t size = ops::ElementSize(t.desc.DataType);
  for (uint64_t offset : ElementByteOffsets(t.desc)) {
    for (uint32_t b = 0; b < size; ++b) logical[offset + b] = true;
  }
  for (size_t i = 0; i < t.bytes.size(); ++i) {
    if (!logical[i] && t.bytes[i] != kSentinel) return false;
  }
  return true;
}

Result<Timing> RunOnCpu(const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs,
                   const std::vector<Tensor*>& outputs, int threads) {
  cpu::CpuBackend backend(threads);
  return RunOn(backend, desc, inputs, outputs);
}

Result<Timing> RunOn(Backend& backend, const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs,
                     const std::vector<Tensor*>& outputs) {
  const Status valid = ops::ValidateAt(desc, ops::kHighestFeatureLevel);
  EXPECT_TRUE(valid.ok()) << (valid.ok() ? "" : valid.error().ToString());
  EXPECT_TRUE(backend.Supports(desc).supported) << backend.Supports(desc).reason;
  Result<std::unique_ptr<PreparedOperator>> op = backend.Prepare(desc);
  if (!op.ok()) return op.error();
  std::vector<ConstBuffer> in;
  for (const Tensor* t : inputs) in.emplace_back(t->bytes);
  std::vector<MutableBuffer> out;
  for (Tensor* t : outputs) out.emplace_back(t->bytes);
  return (*op)->Execute(in, out);
}

std::vector<double> Iota(size_t n, double start) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = start + static_cast<double>(i);
  return v;
}

}  // namespace dmlc::backends::testing
