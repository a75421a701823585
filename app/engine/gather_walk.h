// GATHER_ND1's output elements with what reading each of them needs, in elements through every tensor's
// strides: the output element's offset, where its index tuple starts in the indices, and the input
// offset of its batch and rest coordinates; the caller adds each tuple coordinate's own part
// (IndexOffset, IndexedSize, IndexedStride). Shared by the admitted behaviours and the planted faults,
// which each resolve an index their own way. Header-only; pure.
#pragma once

#include <cstdint>
#include <vector>

#include "app/engine/element_walk.h"
#include "ops/operators/gather_nd1.h"

namespace dmlc::app {

class GatherWalk {
 public:
  explicit GatherWalk(const ops::GatherNd1Desc& desc)
      : desc_(desc),
        rank_(desc.InputTensor.DimensionCount()),
        tuple_(desc.IndicesTensor.Sizes[rank_ - 1]),
        first_indexed_(rank_ - desc.InputDimensionCount + desc.BatchDimensionCount),
        in_strides_(ops::EffectiveStrides(desc.InputTensor)),
        idx_strides_(ops::EffectiveStrides(desc.IndicesTensor)) {}

  uint32_t TupleSize() const { return tuple_; }
  // Tuple coordinate t: its offset from the tuple's start, and the input dimension it addresses.
  uint64_t IndexOffset(uint32_t t) const { return uint64_t{t} * idx_strides_[rank_ - 1]; }
  uint32_t IndexedSize(uint32_t t) const { return desc_.InputTensor.Sizes[first_indexed_ + t]; }
  uint32_t IndexedStride(uint32_t t) const { return in_strides_[first_indexed_ + t]; }

  // fn(out_at, tuple_at, base_at) for every output element, in row-major order.
  template <class Fn>
  void ForEach(Fn&& fn) const {
    const ops::TensorDesc& out = desc_.OutputTensor;
    const uint32_t outer = desc_.IndicesDimensionCount - 1;  // batch and index dimensions
    const uint32_t rest = desc_.InputDimensionCount - desc_.BatchDimensionCount - tuple_;
    const uint32_t in_first = rank_ - desc_.InputDimensionCount;
    const uint32_t indices_first = rank_ - desc_.IndicesDimensionCount;
    const uint32_t out_first = rank_ - outer - rest;
    ForEachElement(out.Sizes, ops::EffectiveStrides(out), [&](uint64_t linear, uint64_t out_at) {
      const std::vector<uint32_t> c = CoordinatesOf(linear, out.Sizes);
      uint64_t tuple_at = 0, base_at = 0;
      for (uint32_t o = 0; o < outer; ++o) {
        tuple_at += uint64_t{c[out_first + o]} * idx_strides_[indices_first + o];
        if (o < desc_.BatchDimensionCount) base_at += uint64_t{c[out_first + o]} * in_strides_[in_first + o];
      }
      for (uint32_t r = 0; r < rest; ++r) {
        base_at += uint64_t{c[out_first + outer + r]} * in_strides_[first_indexed_ + tuple_ + r];
      }
      fn(out_at, tuple_at, base_at);
    });
  }

 private:
  const ops::GatherNd1Desc& desc_;
  uint32_t rank_;
  uint32_t tuple_;
  uint32_t first_indexed_;  // the input dimension the tuple's first coordinate addresses
  std::vector<uint32_t> in_strides_;
  std::vector<uint32_t> idx_strides_;
};

}  // namespace dmlc::app
