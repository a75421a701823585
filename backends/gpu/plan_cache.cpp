#include "backends/gpu/plan_cache.h"

namespace dmlc::backends::gpu {

Result<SharedPlan> PlanCache::Get(const ops::OperatorDesc& desc, const DeviceLimits& limits) {
  std::lock_guard lock(mutex_);
  if (last_ && last_->desc == desc && last_->limits == limits) return last_->plan;
  Result<std::vector<Dispatch>> plan = PlanDispatches(desc, limits);
  Result<SharedPlan> shared = plan.ok() ? Result<SharedPlan>(std::make_shared<const std::vector<Dispatch>>(std::move(*plan)))
                                        : Result<SharedPlan>(plan.error());
  last_.emplace(Entry{desc, limits, shared});
  return shared;
}

}  // namespace dmlc::backends::gpu
