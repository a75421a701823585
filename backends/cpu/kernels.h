// One factory per operator; each returns the prepared operator for a desc that ops::Validate() accepted
// and the 5_1 tables allow. Preparation precomputes layouts (coalesced strided shapes, constants) so that
// Execute() only dispatches on the data type once and runs the loops.
#pragma once

#include <memory>

#include "backends/backend.h"
#include "backends/thread_pool.h"
#include "ops/operator_desc.h"

namespace dmlc::backends::cpu {

// Prepare(const ops::<Op>Desc&, pool) for every operator, in backends/cpu/<op>.cpp. Errors only for
// what validation rejects already (sizes that contradict the dimension counts, a Value an integer output
// cannot hold, a float-only REDUCE function on an integer type).
#define DMLC_DECLARE_CPU_PREPARE(Op)                                                  \
  Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::Op##Desc& desc, \
                                                    std::shared_ptr<ThreadPool> pool);
DMLC_FOR_EACH_OPERATOR(DMLC_DECLARE_CPU_PREPARE)
#undef DMLC_DECLARE_CPU_PREPARE

}  // namespace dmlc::backends::cpu
