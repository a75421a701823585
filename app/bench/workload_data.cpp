#include "app/bench/workload_data.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>

#include "ops/check.h"
#include "ops/float16.h"

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

namespace dmlc::app::bench {
namespace {

constexpr uint32_t kSeed = 20240601;
constexpr size_t kHugePage = size_t{2} << 20;

template <class T>
T* As(AlignedBuffer& buffer) {
  return reinterpret_cast<T*>(buffer.data());
}

void FillIndices(AlignedBuffer& buffer, uint64_t count, uint32_t limit, bool permutation) {
  uint32_t* out = As<uint32_t>(buffer);
  std::mt19937 rng(kSeed);
  if (permutation && count == limit) {
    std::iota(out, out + count, 0u);
    std::shuffle(out, out + count, rng);
    return;
  }
  std::uniform_int_distribution<uint32_t> pick(0, limit - 1);
  for (uint64_t i = 0; i < count; ++i) out[i] = pick(rng);
}

// An integral double (small: -1..1 or an index) stored as T; negative values wrap in unsigned types, as
// a cast through int64_t defines.
template <class T>
void StoreInteger(AlignedBuffer& buffer, uint64_t i, double v) {
  As<T>(buffer)[i] = static_cast<T>(static_cast<int64_t>(v));
}

// Element i gets `value(i)` converted to `type`; `value` yields a double. Only the first kBlock
// elements are generated, then tiled: at 1 GiB, generating every element would take seconds per
// workload, and no workload's speed depends on the data beyond one block.
constexpr uint64_t kBlock = 65536;
template <class F>
void FillTyped(AlignedBuffer& buffer, ops::DataType type, uint64_t count, F value) {
  const uint64_t generated = std::min(count, kBlock);
  for (uint64_t i = 0; i < generated; ++i) {
    const double v = value(i);
    switch (type) {
      case ops::DataType::kFloat64: As<double>(buffer)[i] = v; break;
      case ops::DataType::kFloat32: As<float>(buffer)[i] = static_cast<float>(v); break;
      case ops::DataType::kFloat16: As<uint16_t>(buffer)[i] = ops::FloatToHalf(static_cast<float>(v)); break;
      case ops::DataType::kInt64: StoreInteger<int64_t>(buffer, i, v); break;
      case ops::DataType::kInt32: StoreInteger<int32_t>(buffer, i, v); break;
      case ops::DataType::kInt16: StoreInteger<int16_t>(buffer, i, v); break;
      case ops::DataType::kInt8: StoreInteger<int8_t>(buffer, i, v); break;
      case ops::DataType::kUint64: StoreInteger<uint64_t>(buffer, i, v); break;
      case ops::DataType::kUint32: StoreInteger<uint32_t>(buffer, i, v); break;
      case ops::DataType::kUint16: StoreInteger<uint16_t>(buffer, i, v); break;
      case ops::DataType::kUint8: StoreInteger<uint8_t>(buffer, i, v); break;
      default: DMLC_CHECK(false) << "dml-bench builds no " << ops::DataTypeName(type) << " workload (workloads.cpp)";
    }
  }
  const size_t block_bytes = generated * ops::ElementSize(type);
  const size_t total_bytes = count * ops::ElementSize(type);
  for (size_t at = block_bytes; at < total_bytes; at += block_bytes) {
    std::memcpy(buffer.data() + at, buffer.data(), std::min(block_bytes, total_bytes - at));
  }
}

}  // namespace

AlignedBuffer::AlignedBuffer(size_t bytes) : size_(bytes) {
  // Buffers of a huge page or more are aligned to one and asked to be backed by huge pages, as numpy
  // does for its large arrays: with 4 KiB pages a 64 MiB pass spans 16384 TLB entries.
  const size_t alignment = bytes >= kHugePage ? kHugePage : 64;
  // aligned_alloc wants a multiple of the alignment; TotalTensorSizeInBytes is a multiple of 4 only.
  const size_t rounded = std::max(alignment, (bytes + alignment - 1) / alignment * alignment);
  data_.reset(static_cast<std::byte*>(std::aligned_alloc(alignment, rounded)));
  DMLC_CHECK(data_ != nullptr) << "out of memory for a " << bytes << "-byte workload buffer";
#ifdef MADV_HUGEPAGE
  if (alignment == kHugePage) madvise(data_.get(), rounded, MADV_HUGEPAGE);  // advice: failure is harmless
#endif
  std::memset(data_.get(), 0, rounded);
}

WorkloadBuffers MakeBuffers(const Workload& workload) {
  WorkloadBuffers buffers;
  const bool gather = std::holds_alternative<ops::GatherNd1Desc>(workload.desc);
  for (const auto& binding : ops::Bindings(workload.desc)) {
    const ops::TensorDesc& desc = *binding.desc;
    AlignedBuffer buffer(desc.TotalTensorSizeInBytes);
    const uint64_t count = ops::ElementCount(desc.Sizes).value();
    if (binding.role == ops::TensorRole::kOutput) {
      buffers.outputs.push_back(std::move(buffer));
      continue;
    }
    if (binding.field == "IndicesTensor") {
      FillIndices(buffer, count, workload.index_limit, gather);
    } else if (binding.field == "ValuesTensor") {
      FillTyped(buffer, desc.DataType, count, [](uint64_t i) { return static_cast<double>(i); });
    } else if (ops::IsFloat(desc.DataType)) {
      std::mt19937 rng(kSeed);
      std::uniform_real_distribution<double> u(-0.1, 0.1);
      FillTyped(buffer, desc.DataType, count, [&](uint64_t) { return std::exp(u(rng)); });
    } else {
      std::mt19937 rng(kSeed);
      std::uniform_int_distribution<int> pick(-1, 1);
      FillTyped(buffer, desc.DataType, count, [&](uint64_t) { return pick(rng); });
    }
    buffers.inputs.push_back(std::move(buffer));
  }
  for (const auto& b : buffers.inputs) buffers.input_spans.push_back(b.span());
  for (auto& b : buffers.outputs) buffers.output_spans.push_back(b.span());
  return buffers;
}

}  // namespace dmlc::app::bench
