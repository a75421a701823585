// The fast paths of REDUCE for integer inputs (INT8 ... UINT64), on the span kernels of
// reduce_int_kernels.h, in the same two layouts as the float fast paths (reduce_fast.h):
// - rows: each output's reduced elements are one contiguous run, cut into blocks of kReduceBlock
//   elements; outputs (or, when there are few, blocks) run in parallel and a run's blocks fold in order.
// - columns: adjacent outputs are adjacent in memory. Tiles of a strip of adjacent outputs by a block of
//   reduced positions run in parallel, a row group at a time, and each strip's tiles fold in order.
// Results are those of the generic kernels (reduce_functions.h) bit for bit: SUM, MULTIPLY, L1 and
// SUM_SQUARE wrap modulo 2^n (exact in any order), MIN and MAX are exact, ARGMIN and ARGMAX report the
// first position of the extreme. Neither the thread count nor the kernel set changes a bit.
#pragma once

#include <cstddef>

#include "backends/cpu/reduce_plan.h"
#include "backends/thread_pool.h"
#include "ops/data_type.h"

namespace dmlc::backends::cpu {

// True when the integer fast paths cover this plan, function and input type (then ReduceInt() is used).
bool ReduceIntApplies(const ReducePlan& plan, ops::ReduceFunction function, ops::DataType input_type);

// Runs the reduction; precondition: ReduceIntApplies(). Buffers are checked by the caller.
void ReduceInt(const ReducePlan& plan, ops::ReduceFunction function, ops::DataType input_type,
               ops::DataType output_type, const std::byte* in, std::byte* out, ThreadPool& pool);

}  // namespace dmlc::backends::cpu
