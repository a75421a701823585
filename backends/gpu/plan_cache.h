// The dispatch plan of the last desc a backend was asked about, so that a case's Supports() and its
// Prepare() plan once between them: the runner asks Supports(desc) and then Prepares the same desc.
// One entry is enough for that order; any other desc replaces it. Thread-safe (Supports() may be called
// concurrently); plans are shared read-only.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "backends/gpu/dispatch_plan.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::backends::gpu {

using SharedPlan = std::shared_ptr<const std::vector<Dispatch>>;

class PlanCache {
 public:
  // PlanDispatches(desc, limits), computed only when the last call asked about another desc or limits.
  Result<SharedPlan> Get(const ops::OperatorDesc& desc, const DeviceLimits& limits);

 private:
  struct Entry {
    ops::OperatorDesc desc;
    DeviceLimits limits;
    Result<SharedPlan> plan;
  };
  std::mutex mutex_;
  std::optional<Entry> last_;
};

}  // namespace dmlc::backends::gpu
