// Strided element copies for the data-movement operators (JOIN, GATHER_ND1). They move bytes, so they are
// templated on element width only; a row whose source and destination are both unit-stride is one memcpy
// (streaming stores for outputs large enough, see stream.h: callers then fence once per task).
#pragma once

#include <cstdint>
#include <cstring>

#include "backends/cpu/element.h"
#include "backends/cpu/stream.h"
#include "backends/cpu/strided.h"

namespace dmlc::backends::cpu {

// Copies n elements of type E; strides in elements. A 0 source stride broadcasts one element.
template <class E>
inline void CopyRow(const std::byte* src, uint64_t src_stride, std::byte* dst, uint64_t dst_stride, uint64_t n,
                    bool stream) {
  if (src_stride == 1 && dst_stride == 1) {
    CopyBytes(dst, src, n * sizeof(E), stream);
    return;
  }
  for (uint64_t j = 0; j < n; ++j) {
    std::memcpy(dst + j * dst_stride * sizeof(E), src + j * src_stride * sizeof(E), sizeof(E));
  }
}

// Copies elements [begin, end) of `shape` (operand 0: source, operand 1: destination) in row-major order.
template <class E>
inline void CopyElements(const StridedShape<2>& shape, const std::byte* src, std::byte* dst, uint64_t begin,
                         uint64_t end, bool stream) {
  const uint64_t ss = shape.InnerStride(0);
  const uint64_t ds = shape.InnerStride(1);
  shape.ForEachSpan(begin, end, [&](const StridedShape<2>::Offsets& o, uint64_t j, uint64_t n) {
    CopyRow<E>(src + (o[0] + j * ss) * sizeof(E), ss, dst + (o[1] + j * ds) * sizeof(E), ds, n, stream);
  });
}

}  // namespace dmlc::backends::cpu
