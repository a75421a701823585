// The --baseline of one run or fuzz campaign: the file's expectations, narrowed to the lines whose tags
// the run has. A run's device tags (vendor, device, driver) are known only once a worker has named its
// device, so the lines are chosen when the first result arrives, and again should the device become
// known later (a worker that crashed before naming it). Not thread-safe: call For() from the thread
// that receives results.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "app/engine/case_result.h"
#include "app/policy/baseline.h"
#include "app/policy/expectations.h"
#include "app/policy/run_tags.h"
#include "backends/backend.h"

namespace dmlc::app {

class RunBaseline {
 public:
  // `context` gives the backend and feature level; `given` the --tag options, over the derived tags.
  RunBaseline(policy::Expectations expectations, RunContext context, policy::RunTags given)
      : expectations_(std::move(expectations)), context_(std::move(context)), given_(std::move(given)) {}

  // The baseline for a run on `device`; the reference stays valid until the next call.
  const policy::Baseline& For(const backends::DeviceInfo& device);

 private:
  policy::Expectations expectations_;
  RunContext context_;
  policy::RunTags given_;
  std::optional<policy::Baseline> chosen_;
  std::string chosen_for_;  // the device name chosen_ was made for
};

// The tags of a run with `context` on `device`, --tag's `given` over the derived ones.
policy::RunTags TagsOnDevice(RunContext context, const backends::DeviceInfo& device, const policy::RunTags& given);

}  // namespace dmlc::app
