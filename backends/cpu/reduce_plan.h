// The layout of a REDUCE, computed once at Prepare and shared by the generic kernels (reduce.cpp) and
// the SIMD fast paths (reduce_fast.cpp). The input's dimensions split into kept ones and reduced ones;
// each set is coalesced on its own, the reduced set in dimension order so a running counter is the
// row-major position within the reduced axes (what ARGMIN/ARGMAX report).
#pragma once

#include <cstdint>

#include "backends/cpu/strided.h"
#include "ops/operators/reduce.h"

namespace dmlc::backends::cpu {

// What a sum-like reduction adds (or multiplies) per element: x, |x|, x*x, or x into a product. The float
// kernels (reduce_simd.h) and the integer ones (reduce_int_kernels.h) are both indexed by it.
enum class Accumulate { kSum, kAbs, kSquare, kProduct };
inline constexpr int kAccumulates = 4;

struct ReducePlan {
  StridedShape<2> kept;     // operands: input, output
  StridedShape<1> reduced;  // operand: input
  uint64_t count = 1;       // reduced elements per output element
  // Columns strategy: adjacent kept elements are closer in memory than adjacent reduced ones, so a strip
  // of outputs is accumulated together while walking the reduced elements (reads stay sequential).
  bool columns = false;
};

ReducePlan MakeReducePlan(const ops::ReduceDesc& desc);

// Rows a column tile takes where the result does not depend on the tiling: the reduced rows cut into
// enough blocks that `strips` strips make about `tiles_per_thread` tiles for each of `threads` workers,
// rounded up to whole `granule`s (at least one).
inline uint64_t ColumnTileRows(uint64_t count, uint64_t strips, int threads, uint64_t tiles_per_thread,
                               uint64_t granule) {
  const uint64_t want = tiles_per_thread * static_cast<uint64_t>(threads);
  const uint64_t blocks = strips >= want ? 1 : (want + strips - 1) / strips;
  const uint64_t rows = (count + blocks - 1) / blocks;
  return (rows > granule ? (rows + granule - 1) / granule : 1) * granule;
}

}  // namespace dmlc::backends::cpu
