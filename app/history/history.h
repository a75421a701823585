// `dml-conform history`: many runs' reports read as one history, as mesa's ci-collate and wpt.fyi
// collate results across CI runs. Per case: its status in each run and configuration; flakes (a pass
// and a failure of one case on one revision and configuration); regressions (the case fails now and
// passed before: its last good and first bad revision); cases that always failed.
//
// Decisions (docs/reports.md, "History across runs"), ours, no source states them:
// - A run's configuration is its tags (app/policy/run_tags.h) without `driver`: a vendor's nightly
//   changes the driver under test every night, which is the revision axis, not a new configuration.
//   Reports without context.tags get DeriveRunTags' tags (their os is the platform reading them). A
//   differential run's tags name its reference (`reference=vulkan-0`): another question, another
//   configuration.
// - A run's revision is context.revision (`run --revision`), else context.gitRevision.
// - Runs are in time order by context.date (ISO 8601 UTC compares as text), ties in input order.
// - Outcomes: pass and unexpected-pass passed; fail, error, crash, timeout and expected-fail failed (a
//   failure a baseline expects is still one); skip, and an error of a differential run's reference
//   (referenceFault), say nothing; flake (failed, then passed on a retry) is both, so its revision is
//   flaky.
// - Per case and configuration each revision, in the order its first run came, is good (every run
//   passed), bad (every run failed) or flaky (both). A flaky revision is a flake. A case whose latest
//   revision is bad is a regression when a good revision came before: the latest such is its last good
//   revision, the first revision after it that is not good its first bad one; with no good revision
//   before, it is failing.
// Pure; thread-safe.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "app/engine/case_result.h"
#include "app/policy/run_tags.h"
#include "app/report/report_reader.h"

namespace dmlc::app::history {

// One report as read, and the file it came from (as named on the command line).
struct RunInput {
  std::string file;
  RunReport report;
};

struct RunEntry {
  size_t input = 0;           // its index in BuildHistory's inputs
  std::string file;
  std::string revision;       // context.revision, else context.gitRevision
  std::string date;           // context.date
  std::string configuration;  // FormatTags of `tags`: "backend=cpu vendor=... os=linux ..."
  policy::RunTags tags;       // the run's tags without driver
  RunTotals totals;
};

// A case's status in one run; `run` indexes History::runs.
struct CaseRun {
  size_t run = 0;
  CaseStatus status = CaseStatus::kError;
  bool reference_fault = false;  // a differential run's reference crashed, hung or failed: no evidence
};

// A case that both passed and failed on one revision and configuration.
struct Flake {
  std::string id;
  std::string configuration;
  std::string revision;
  std::vector<CaseRun> runs;  // the case's runs of that revision and configuration, in time order
};

// A case whose latest revision fails and an earlier one passed.
struct Regression {
  std::string id;
  std::string configuration;
  std::string last_good;      // revision
  std::string first_bad;      // revision
  size_t last_good_run = 0;   // the last passing run of last_good
  size_t first_bad_run = 0;   // the first failing run of first_bad
  CaseStatus latest = CaseStatus::kFail;  // the status of the case's latest run in this configuration
};

// A case whose latest revision fails and that never passed before it in this configuration.
struct Failing {
  std::string id;
  std::string configuration;
  std::string since;  // the first revision it was seen failing
  CaseStatus latest = CaseStatus::kFail;
};

struct History {
  std::vector<RunEntry> runs;               // in time order
  std::vector<std::string> configurations;  // in the order their first run came
  std::map<std::string, std::vector<CaseRun>> cases;  // by case id; each in time order
  std::vector<Flake> flakes;                // by id, then configuration, then revision order
  std::vector<Regression> regressions;      // by id, then configuration
  std::vector<Failing> failing;             // by id, then configuration
};

// The run's revision and configuration tags, as History has them.
std::string RunRevision(const RunContext& context);
policy::RunTags ConfigurationTags(const RunContext& context);

History BuildHistory(const std::vector<RunInput>& inputs);

}  // namespace dmlc::app::history
