// What dml-bench measures: one Workload per operator, function, data type, axis and size. Shapes are
// fixed by the size so the peer script (scripts/peer_compare.py) can rebuild them:
//   N = size / element size elements per tensor; C = min(1024, the power of two >= sqrt(N)); R = N / C.
//   GATHER_ND1       input {R,C}, indices {R,1} (a permutation of rows, UINT32), output {R,C}
//   JOIN             two inputs {1,1,R,C/2} joined on axis 3 into {1,1,R,C}
//   JOIN1            one input {1,1,R,C} "joined" into {1,1,R,C}: a pure copy (the GPU copy baseline)
//   ONE_HOT          indices {1,1,R,1} (UINT32 in [0,C)), values {1,1,1,2}, output {1,1,R,C}, axis 3
//   DIAGONAL_MATRIX  output {1,1,M,M} with M = floor(sqrt(N)), Offset 0, Value 1
//   DIAGONAL_MATRIX1 input and output {1,1,R,C}, Value 0, band [INT32_MIN, 0): ONNX's Trilu keeping the
//                    upper triangle, as ONNX Runtime's DirectML provider runs it
//   REDUCE_<F>       input {1,1,R,C}, axis 3 ("inner") or axis 2 ("outer"); ARGMIN/ARGMAX output UINT32
// Plain data; the functions are pure.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ops/data_type.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::app::bench {

enum class ReduceAxis { kInner, kOuter };

struct Workload {
  std::string name;         // "REDUCE_SUM/FLOAT32/inner": no backend, no size
  uint64_t size_bytes = 0;  // the ladder rung: bytes of the largest tensor
  ops::OperatorDesc desc;
  // Bytes read plus bytes written: every tensor's logical bytes once (each input element is read
  // once and each output element written once by these shapes).
  uint64_t bytes_moved = 0;
  uint32_t index_limit = 0;  // IndicesTensor values are drawn from [0, index_limit)
  std::string shape;         // "in {16384,1024} out {16384,1}", the benchmark's label
};

// JOIN of one input: a copy, each size's yardstick for the operators' bandwidth.
Result<Workload> MakeJoinCopy(ops::DataType type, uint64_t size_bytes);

// An operator's workload at a size, its shape fixed by the size: "DIAGONAL_MATRIX1" and its maker.
struct WorkloadMaker {
  std::string_view operator_name;
  Result<Workload> (*make)(ops::DataType type, uint64_t size_bytes);
};
// Every data-movement operator's (all but REDUCE), in plan order.
std::span<const WorkloadMaker> DataMovementWorkloads();
Result<Workload> MakeReduce(ops::ReduceFunction function, ops::DataType type, ReduceAxis axis,
                            uint64_t size_bytes);

struct PlanOptions {
  bool quick = false;
  uint64_t max_size_bytes = 0;  // top of the ladder; must be set
  // The data types to run; empty = the default: FLOAT32 in quick mode (unless sweeping), else all eleven. Each operator
  // (and REDUCE function) runs on those of them its support table allows at the highest feature level.
  std::vector<ops::DataType> types;
  // One size only, the top of the ladder, and every REDUCE function and type even in quick mode: the
  // whole operator x type matrix in a few minutes.
  bool sweep = false;
};

// The size ladder: 1 KiB, then x16 up to max_size_bytes (64 KiB and 4 MiB in quick mode, capped); a
// sweep keeps only its top.
std::vector<uint64_t> SizeLadder(const PlanOptions& options);

// Every workload of a run, in registration order, for one backend: per size, JOIN1 first, then the
// data-movement operators, then REDUCE; per operator, the selected types in ops::kAllDataTypes' order
// that its table allows (ops::SupportedAt at ops::kHighestFeatureLevel). Errors name the workload whose
// desc failed ops::Validate().
Result<std::vector<Workload>> WorkloadPlan(const PlanOptions& options);

}  // namespace dmlc::app::bench
