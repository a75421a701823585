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

#include "app/engine/gather_walk.h"
#include "tests/app/planted/faults.h"

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
    const ops::DataType index_type = desc_.IndicesTensor.DataType;
    const int64_t size = ops::ElementSize(in.DataType);
    const int64_t index_size = ops::ElementSize(index_type);
    const GatherWalk walk(desc_);
    walk.ForEach([&](uint64_t out_at, uint64_t tuple_at, uint64_t base_at) {
      auto offset = static_cast<int64_t>(base_at);
      bool in_range = true;
      for (uint32_t t = 0; t < walk.TupleSize(); ++t) {
        const int64_t dim = walk.IndexedSize(t);
        int64_t v = LoadIndex(indices.data() + (tuple_at + walk.IndexOffset(t)) * index_size, index_type);
        if (v < 0 && ops::IsSignedInteger(index_type)) v += dim;
        in_range = in_range && v >= 0 && v < dim;
        offset += v * walk.IndexedStride(t);
      }
      if (in_range) return;
      std::byte* element = output.data() + out_at * size;
      if (offset >= 0 && (offset + 1) * size <= static_cast<int64_t>(in.TotalTensorSizeInBytes)) {
        std::memcpy(element, input.data() + offset * size, size);
      } else {
        std::memset(element, static_cast<int>(kPastTheBuffer), size);
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
