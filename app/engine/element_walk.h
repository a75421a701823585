// Visits the logical elements of a strided tensor in row-major order of Sizes. Shared by the
// comparison and the out-of-bounds check, so both agree on which buffer elements are logical.
// Callers pass sizes and strides of equal length (ops::EffectiveStrides of a validated desc).
#pragma once

#include <cstdint>
#include <vector>

namespace dmlc::app {

// Calls fn(linear_index, element_offset) for every logical element; element_offset is in elements.
// The innermost dimension is a plain loop so the per-element cost is one add.
template <class Fn>
void ForEachElement(const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& strides, Fn&& fn) {
  const size_t rank = sizes.size();
  for (uint32_t s : sizes) {
    if (s == 0) return;
  }
  if (rank == 0) {
    fn(uint64_t{0}, uint64_t{0});
    return;
  }
  const uint64_t inner_size = sizes[rank - 1];
  const uint64_t inner_stride = strides[rank - 1];
  std::vector<uint32_t> index(rank, 0);
  uint64_t base = 0;
  uint64_t linear = 0;
  while (true) {
    uint64_t offset = base;
    for (uint64_t i = 0; i < inner_size; ++i, offset += inner_stride) fn(linear++, offset);
    // Odometer over the outer dimensions.
    size_t d = rank - 1;
    while (d > 0) {
      --d;
      base += strides[d];
      if (++index[d] < sizes[d]) break;
      base -= static_cast<uint64_t>(strides[d]) * sizes[d];
      index[d] = 0;
      if (d == 0) return;
    }
    if (rank == 1) return;
  }
}

// The coordinates of a row-major linear index, for reports.
inline std::vector<uint32_t> CoordinatesOf(uint64_t linear, const std::vector<uint32_t>& sizes) {
  std::vector<uint32_t> coords(sizes.size(), 0);
  for (size_t d = sizes.size(); d-- > 0;) {
    coords[d] = static_cast<uint32_t>(linear % sizes[d]);
    linear /= sizes[d];
  }
  return coords;
}

}  // namespace dmlc::app
