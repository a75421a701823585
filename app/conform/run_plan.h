// What `run` will do, decided before anything runs: the cases the filters select, narrowed to this
// shard; those --skips settles as skip; those a --resume report already finished. Pure; no device.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/engine/case_set.h"
#include "app/policy/case_patterns.h"
#include "app/policy/shard.h"
#include "app/report/report_reader.h"

namespace dmlc::app {

struct PlanInputs {
  std::vector<std::string> filters;
  std::optional<policy::Shard> shard;
  const policy::CasePatterns* skips = nullptr;  // --skips, when given
  const RunReport* resumed = nullptr;           // --resume's finished results, when given
};

struct RunPlan {
  std::vector<SelectedCase> selected;               // in file order, then case order
  std::vector<std::optional<CaseResult>> settled;   // per selected case: its result when not to be run
  std::vector<CaseResult> others;                   // results outside the selection: bad PATHs, and
                                                    // resumed cases this run did not select
  size_t matched = 0;                               // cases the filters matched, before the shard
  size_t ToRun() const;
};

RunPlan PlanRun(const CaseSet& set, const PlanInputs& inputs);

// A case the run settles without running it carries what the loader knows of it: operator, data types.
CaseResult DescribeCase(const SelectedCase& selected);

}  // namespace dmlc::app
