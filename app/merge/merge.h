// `dml-conform merge`: the --report files of one run split into parts (--shard K/N, or separate
// invocations) made one report, with what makes the whole incomplete. Pure; thread-safe. Reading the
// files is the caller's (report_reader.h); MergeReports validates how the reports fit together.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/report/report_reader.h"
#include "ops/error.h"

namespace dmlc::app::merge {

struct MergedRun {
  // Context: the first input's, with shard "", planned_cases and jobs summed, interrupted when any
  // was, duration_ms the longest, date the earliest, device, driver and revision each the distinct
  // non-empty values joined with ", ", and the tags every input has with one value. Results: every
  // input's, in input order.
  RunReport merged;
  // Why the merged run is not the whole run, one sentence each: "shard 3/4 is missing", or
  // "shard 2/4 (PATH): 180 of 200 planned cases; interrupted" (a report that ran fewer cases than its
  // context.plannedCases, or was interrupted; PATH alone for a report that is not a shard).
  std::vector<std::string> problems;
};

// `inputs` are (path, report) pairs; the path names the report in errors and problems. Refuses, with
// an error naming both files: a case id in two inputs, two backends (each named), two references,
// shards of different counts, the same shard twice. A context.shard that is not "K/N" is refused
// naming its file. Inputs that are not shards take part in everything but the shard checks. An empty
// list is refused.
Result<MergedRun> MergeReports(const std::vector<std::pair<std::string, RunReport>>& inputs);

}  // namespace dmlc::app::merge
