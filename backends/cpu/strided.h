// N-dimensional strided iteration shared by every CPU kernel. A StridedShape holds the sizes of an
// iteration space and, for each of K operands, the element stride of every dimension. Coalesce() drops
// size-1 dimensions and merges neighbours that are contiguous in every operand, so packed layouts collapse
// to a single long row and strided ones keep only the dimensions they need. ForEachRow() walks all
// dimensions but the innermost with an odometer and hands each row's base offsets to a callback, which
// runs the innermost dimension as a tight loop. Offsets are in elements; strides are never negative.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "ops/tensor_desc.h"

namespace dmlc::backends::cpu {

template <size_t K>
struct StridedShape {
  using Offsets = std::array<uint64_t, K>;

  uint32_t rank = 1;  // >= 1; an empty space is rank 1 with size 1
  std::array<uint64_t, ops::kMaxDimensions> sizes{1};
  std::array<std::array<uint64_t, ops::kMaxDimensions>, K> strides{};

  // Appends a dimension (outermost first). The first append replaces the initial size-1 placeholder.
  void Append(uint64_t size, const std::array<uint64_t, K>& dim_strides) {
    if (placeholder_) {
      rank = 0;
      placeholder_ = false;
    }
    sizes[rank] = size;
    for (size_t k = 0; k < K; ++k) strides[k][rank] = dim_strides[k];
    ++rank;
  }

  void Coalesce() {
    uint32_t out = 0;
    for (uint32_t d = 0; d < rank; ++d) {
      if (sizes[d] == 1) continue;
      if (out > 0 && Mergeable(out - 1, d)) {
        sizes[out - 1] *= sizes[d];
        for (size_t k = 0; k < K; ++k) strides[k][out - 1] = strides[k][d];
        continue;
      }
      sizes[out] = sizes[d];
      for (size_t k = 0; k < K; ++k) strides[k][out] = strides[k][d];
      ++out;
    }
    if (out == 0) {  // every dimension had size 1: one element
      sizes[0] = 1;
      for (size_t k = 0; k < K; ++k) strides[k][0] = 0;
      out = 1;
    }
    rank = out;
  }

  uint64_t RowLength() const { return sizes[rank - 1]; }
  uint64_t RowCount() const {
    uint64_t n = 1;
    for (uint32_t d = 0; d + 1 < rank; ++d) n *= sizes[d];
    return n;
  }
  uint64_t ElementCount() const { return RowCount() * RowLength(); }
  uint64_t InnerStride(size_t k) const { return strides[k][rank - 1]; }
  // Largest offset operand k reaches (the last element's offset in a non-negative stride space).
  uint64_t MaxOffset(size_t k) const {
    uint64_t m = 0;
    for (uint32_t d = 0; d < rank; ++d) m += (sizes[d] - 1) * strides[k][d];
    return m;
  }

  // Calls fn(offsets) for rows [row_begin, row_end) in row-major order; offsets are each operand's
  // offset of the row's first element.
  template <class Fn>
  void ForEachRow(uint64_t row_begin, uint64_t row_end, Fn&& fn) const {
    if (row_begin >= row_end) return;
    const uint32_t outer = rank - 1;
    std::array<uint64_t, ops::kMaxDimensions> coord{};
    Offsets offsets{};
    uint64_t rest = row_begin;
    for (uint32_t d = outer; d-- > 0;) {
      coord[d] = rest % sizes[d];
      rest /= sizes[d];
      for (size_t k = 0; k < K; ++k) offsets[k] += coord[d] * strides[k][d];
    }
    for (uint64_t row = row_begin;;) {
      fn(static_cast<const Offsets&>(offsets));
      if (++row == row_end) return;
      for (uint32_t d = outer; d-- > 0;) {  // odometer: carry into outer dimensions
        for (size_t k = 0; k < K; ++k) offsets[k] += strides[k][d];
        if (++coord[d] < sizes[d]) break;
        for (size_t k = 0; k < K; ++k) offsets[k] -= coord[d] * strides[k][d];
        coord[d] = 0;
      }
    }
  }

  // Calls fn(offsets, j, n) for the pieces of rows covering elements [begin, end) in row-major order:
  // each piece is elements j .. j+n-1 of a row whose first element is at `offsets`. Lets parallel work
  // split by elements, so one long packed row still spreads over all threads.
  template <class Fn>
  void ForEachSpan(uint64_t begin, uint64_t end, Fn&& fn) const {
    if (begin >= end) return;
    const uint64_t length = RowLength();
    const uint64_t first_row = begin / length;
    const uint64_t last_row = (end - 1) / length;  // inclusive
    uint64_t row = first_row;
    ForEachRow(first_row, last_row + 1, [&](const Offsets& offsets) {
      const uint64_t j = row == first_row ? begin - first_row * length : 0;
      const uint64_t stop = row == last_row ? end - last_row * length : length;
      fn(offsets, j, stop - j);
      ++row;
    });
  }

 private:
  bool Mergeable(uint32_t outer, uint32_t inner) const {
    for (size_t k = 0; k < K; ++k) {
      if (strides[k][outer] != strides[k][inner] * sizes[inner]) return false;
    }
    return true;
  }
  bool placeholder_ = true;
};

// The strides of a desc widened to 64 bits (packed ones when the desc has none).
inline std::vector<uint64_t> Strides64(const ops::TensorDesc& desc) {
  std::vector<uint64_t> out(desc.Sizes.size());
  if (desc.Strides.size() == desc.Sizes.size()) {
    for (size_t d = 0; d < out.size(); ++d) out[d] = desc.Strides[d];
  } else {
    uint64_t s = 1;
    for (size_t d = out.size(); d-- > 0;) {
      out[d] = s;
      s *= desc.Sizes[d];
    }
  }
  return out;
}

// Bytes a buffer must hold for every logical element of `desc`: (last offset + 1) * element size.
inline uint64_t RequiredBytes(const ops::TensorDesc& desc) {
  const std::vector<uint64_t> strides = Strides64(desc);
  uint64_t last = 0;
  for (size_t d = 0; d < strides.size(); ++d) last += (uint64_t{desc.Sizes[d]} - 1) * strides[d];
  return (last + 1) * ops::ElementSize(desc.DataType);
}

}  // namespace dmlc::backends::cpu
