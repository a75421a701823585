// A data-movement operator's workload by its operator's name, through DataMovementWorkloads().
#pragma once

#include <string>
#include <string_view>

#include "app/bench/workloads.h"

namespace dmlc::app::bench {

inline Result<Workload> MakeNamed(std::string_view operator_name, ops::DataType type, uint64_t size_bytes) {
  for (const WorkloadMaker& maker : DataMovementWorkloads()) {
    if (maker.operator_name == operator_name) return maker.make(type, size_bytes);
  }
  return MakeError("test", std::string(operator_name), "no workload for this operator", "DataMovementWorkloads()");
}

}  // namespace dmlc::app::bench
