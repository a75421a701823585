// planted-gather-unclamped: GATHER_ND1 reads through an index out of range without any clamp, as a kernel
// with no range test would: the element's offset is the plain sum of coordinates times strides
// (negative ones wrapped once, as in range), read from the input where it lies inside the buffer, and
// otherwise whatever lies past it, modelled as 0xCD bytes (a heap's fill pattern). In range, or where an
// unclamped offset stays inside the buffer, that is cpu's answer; a read that leaves the buffer is what
// the comparison must catch, since no admitted behaviour (app/engine/behaviours.h) ever gives it.
#include <cstring>
#include <utility>
#include <variant>
#include <vector>

#include "tests/app/planted/faults.h"
#include "tests/app/planted/planted_tensor.h"

namespace dmlc::app::testing {
namespace {

constexpr std::byte kPastTheBuffer{0xCD};

// Index element `p` as a signed 64-bit value (UINT64 beyond 2^63 reads negative, which leaves the buffer
// as surely as its true value).
int64_t LoadIndex(const std::byte* p, ops::DataType type) {
  switch (type) {
    case ops::DataType::kInt32: {
      int32_t v;
      std::memcpy(&v, p, sizeof(v));
      return v;
    }
    case ops::DataType::kUint32: {
      uint32_t v;
      std::memcpy(&v, p, sizeof(v));
      return v;
    }
    default: {
      int64_t v;
      std::memcpy(&v, p, sizeof(v));
      return v;
    }
  }
}

class GatherUnclampedOperator : public backends::PreparedOperator {
 public:
  GatherUnclampedOperator(std::unique_ptr<backends::PreparedOperator> cpu, ops::GatherNd1Desc desc)
      : cpu_(std::move(cpu)), desc_(std::move(desc)) {}

  Result<backends::Timing> Execute(std::span<const backends::ConstBuffer> inputs,
                                   std::span<const backends::MutableBuffer> outputs) override {
    Result<backends::Timing> timing = cpu_->Execute(inputs, outputs);
    if (timing.ok()) ReadUnclamped(inputs[0], inputs[1], outputs[0]);
    return timing;
  }

 private:
  void ReadUnclamped(backends::ConstBuffer input, backends::ConstBuffer indices, backends::MutableBuffer output) const {
    const ops::TensorDesc& in = desc_.InputTensor;
    const ops::TensorDesc& idx = desc_.IndicesTensor;
    const ops::TensorDesc& out = desc_.OutputTensor;
    const uint32_t rank = in.DimensionCount();
    const uint32_t tuple = idx.Sizes[rank - 1];
    const uint32_t outer = desc_.IndicesDimensionCount - 1;
    const uint32_t rest = desc_.InputDimensionCount - desc_.BatchDimensionCount - tuple;
    const uint32_t in_first = rank - desc_.InputDimensionCount;
    const uint32_t first_indexed = in_first + desc_.BatchDimensionCount;
    const uint32_t indices_first = rank - desc_.IndicesDimensionCount;
    const uint32_t out_first = rank - outer - rest;
    const std::vector<uint32_t> in_strides = ops::EffectiveStrides(in), idx_strides = ops::EffectiveStrides(idx);
    const int64_t size = ops::ElementSize(out.DataType);
    const int64_t index_size = ops::ElementSize(idx.DataType);
    ForEachElementByte(out, [&](uint64_t linear, uint64_t at) {
      const std::vector<uint32_t> c = CoordinatesOf(linear, out.Sizes);
      int64_t tuple_at = 0, offset = 0;
      for (uint32_t o = 0; o < outer; ++o) {
        tuple_at += int64_t{c[out_first + o]} * idx_strides[indices_first + o];
        if (o < desc_.BatchDimensionCount) offset += int64_t{c[out_first + o]} * in_strides[in_first + o];
      }
      for (uint32_t r = 0; r < rest; ++r) offset += int64_t{c[out_first + outer + r]} * in_strides[first_indexed + tuple + r];
      bool in_range = true;
      for (uint32_t t = 0; t < tuple; ++t) {
        const int64_t dim = in.Sizes[first_indexed + t];
        int64_t v = LoadIndex(indices.data() + (tuple_at + int64_t{t} * idx_strides[rank - 1]) * index_size, idx.DataType);
        if (v < 0 && ops::IsSignedInteger(idx.DataType)) v += dim;
        in_range = in_range && v >= 0 && v < dim;
        offset += v * in_strides[first_indexed + t];
      }
      if (in_range) return;
      const bool inside = offset >= 0 && (offset + 1) * size <= static_cast<int64_t>(in.TotalTensorSizeInBytes);
      if (inside) {
        std::memcpy(output.data() + at, input.data() + offset * size, size);
      } else {
        std::memset(output.data() + at, static_cast<int>(kPastTheBuffer), size);
      }
    });
  }

  std::unique_ptr<backends::PreparedOperator> cpu_;
  ops::GatherNd1Desc desc_;
};

}  // namespace

PreparedResult PrepareGatherUnclampedFault(const ops::OperatorDesc& desc, backends::Backend& cpu) {
  PreparedResult inner = cpu.Prepare(desc);
  const auto* gather = std::get_if<ops::GatherNd1Desc>(&desc);
  if (!inner.ok() || gather == nullptr) return inner;
  return std::unique_ptr<backends::PreparedOperator>(
      std::make_unique<GatherUnclampedOperator>(std::move(inner).value(), *gather));
}

}  // namespace dmlc::app::testing
