#include "backends/gpu/plan_cache.h"

namespace dmlc::backends::gpu {

JudgedPlan PlanCache::Get(const ops::OperatorDesc& desc, const DeviceLimits& limits, const Judge& judge) {
  std::lock_guard lock(mutex_);
  if (last_ && last_->desc == desc && last_->limits == limits) return last_->judged;
  Result<std::vector<Dispatch>> plan = PlanDispatches(desc, limits);
  Result<SharedPlan> shared = plan.ok() ? Result<SharedPlan>(std::make_shared<const std::vector<Dispatch>>(std::move(*plan)))
                                        : Result<SharedPlan>(plan.error());
  Support support = judge(shared);
  if (!shared.ok() && support.supported) support = Support::No(shared.error().message);  // nothing to run
  last_.emplace(Entry{desc, limits, JudgedPlan{std::move(shared), std::move(support)}});
  return last_->judged;
}

}  // namespace dmlc::backends::gpu
