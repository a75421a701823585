// The dispatch plan of the last desc a backend was asked about, with the backend's verdict on it, so
// that a case's Supports() and its Prepare() plan and judge once between them: the runner asks
// Supports(desc) and then Prepares the same desc (backends/backend.h). One entry is enough for that
// order; any other desc replaces it. Thread-safe (Supports() may be called concurrently; the judge runs
// under the lock); plans are shared read-only.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "backends/backend.h"
#include "backends/gpu/dispatch_plan.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::backends::gpu {

using SharedPlan = std::shared_ptr<const std::vector<Dispatch>>;

// A desc's plan (or why it cannot be planned) and what the backend makes of it.
struct JudgedPlan {
  Result<SharedPlan> plan;
  Support support;  // the backend's Supports() answer; supported only where `plan` is ok
};

class PlanCache {
 public:
  // The backend's verdict on a desc, given its planning result: its whole Supports() answer.
  using Judge = std::function<Support(const Result<SharedPlan>& plan)>;

  // PlanDispatches(desc, limits) and judge(plan), computed only when the last call asked about another
  // desc or limits.
  JudgedPlan Get(const ops::OperatorDesc& desc, const DeviceLimits& limits, const Judge& judge);

 private:
  struct Entry {
    ops::OperatorDesc desc;
    DeviceLimits limits;
    JudgedPlan judged;
  };
  std::mutex mutex_;
  std::optional<Entry> last_;
};

}  // namespace dmlc::backends::gpu
