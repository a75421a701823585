#include "app/conform/run_baseline.h"

namespace dmlc::app {

policy::RunTags TagsOnDevice(RunContext context, const backends::DeviceInfo& device, const policy::RunTags& given) {
  context.device = device.name;
  context.driver = device.driver;
  return policy::DeriveRunTags(context, given);
}

const policy::Baseline& RunBaseline::For(const backends::DeviceInfo& device) {
  if (!chosen_ || chosen_for_ != device.name) {
    chosen_ = expectations_.For(TagsOnDevice(context_, device, given_));
    chosen_for_ = device.name;
  }
  return *chosen_;
}

}  // namespace dmlc::app
