// One factory per operator; each returns the prepared operator for a desc that ops::Validate() accepted
// and the 5_1 tables allow. Preparation precomputes layouts (coalesced strided shapes, constants) so that
// Execute() only dispatches on the data type once and runs the loops.
#pragma once

#include <memory>

#include "backends/backend.h"
#include "backends/thread_pool.h"
#include "ops/operators/diagonal_matrix.h"
#include "ops/operators/gather_nd1.h"
#include "ops/operators/join.h"
#include "ops/operators/one_hot.h"
#include "ops/operators/reduce.h"

namespace dmlc::backends::cpu {

// Errors when the sizes contradict the dimension counts (validation rejects that already).
Result<std::unique_ptr<PreparedOperator>> PrepareGatherNd1(const ops::GatherNd1Desc& desc,
                                                           std::shared_ptr<ThreadPool> pool);
Result<std::unique_ptr<PreparedOperator>> PrepareDiagonalMatrix(const ops::DiagonalMatrixDesc& desc,
                                                                 std::shared_ptr<ThreadPool> pool);
Result<std::unique_ptr<PreparedOperator>> PrepareDiagonalMatrix(const ops::DiagonalMatrix1Desc& desc,
                                                                 std::shared_ptr<ThreadPool> pool);
std::unique_ptr<PreparedOperator> PrepareJoin(const ops::JoinDesc& desc, std::shared_ptr<ThreadPool> pool);
// Errors for a float-only function on an integer type or a type change outside ARGMIN/ARGMAX.
Result<std::unique_ptr<PreparedOperator>> PrepareReduce(const ops::ReduceDesc& desc,
                                                        std::shared_ptr<ThreadPool> pool);
std::unique_ptr<PreparedOperator> PrepareOneHot(const ops::OneHotDesc& desc, std::shared_ptr<ThreadPool> pool);

}  // namespace dmlc::backends::cpu
