// The SIMD fast paths of REDUCE for FLOAT32 and FLOAT16 inputs, built on the span kernels of
// reduce_simd.h (FLOAT16 widened to float as the kernels load it; an input that is not aligned for its
// type is copied into scratch a block at a time along rows, and widened a row at a time into the FLOAT32
// kernels over columns, where both kernel sets add element by element):
// - rows: each output's reduced elements are one contiguous run. The run is cut into fixed blocks of
//   kReduceBlock elements (reduce_skeleton.h); a block's sum goes through 16 lanes, 32 for squares
//   (element k into lane k % reduce_simd.h's RowLanes) folded pairwise, and block results are folded in
//   block order. FLOAT16 sums and L1 sums add each lane's elements in exact runs of 16 (reduce_simd.h
//   RunLength). When there are fewer outputs than workers need, blocks of one output run on different
//   threads; the arithmetic is the same either way, so results do not depend on the thread count.
// - columns: adjacent outputs are adjacent in memory. Tiles of up to 1024 outputs by 512 reduced
//   positions are reduced sequentially per output, a vector of outputs at a time, in parallel; each
//   output's tiles are then folded in reduced order. Again the arithmetic is fixed by the layout.
// MIN, MAX, ARGMIN and ARGMAX are exact (the same result bits as the generic kernels, including which
// zero and which NaN). LOG_SUM_EXP takes the maximum m first (NaN if any element is NaN; an infinite or
// empty maximum is the result), then m + log(sum exp(x - m)) with the sum in double. Columns do that per
// tile (its maximum, then its exp sums while the tile is in cache: the input is read from memory once)
// and fold the tiles in order, rescaling each sum to the larger maximum by exp(tile max - m).
#pragma once

#include <cstddef>
#include <cstdint>

#include "backends/cpu/reduce_plan.h"
#include "backends/thread_pool.h"
#include "ops/data_type.h"

namespace dmlc::backends::cpu {

// True when the fast paths cover this plan and types (then ReduceFast() must be used for them).
bool ReduceFastApplies(const ReducePlan& plan, ops::DataType input_type);

// Runs the reduction; precondition: ReduceFastApplies(). Buffers are checked by the caller.
void ReduceFast(const ReducePlan& plan, ops::ReduceFunction function, ops::DataType input_type,
                ops::DataType output_type, const std::byte* in, std::byte* out, ThreadPool& pool);

}  // namespace dmlc::backends::cpu
