// `dml-conform merge`: read the parts' reports, merge, report as `run` does.
#include <algorithm>
#include <iostream>

#include <spdlog/spdlog.h>

#include "app/conform/commands.h"
#include "app/conform/report_files.h"
#include "app/merge/merge.h"

namespace dmlc::app {

int MergeCommand(const MergeCommandOptions& o) {
  std::vector<std::pair<std::string, RunReport>> inputs;
  for (const std::string& path : o.inputs) {
    Result<RunReport> report = ReadJsonReport(path);
    if (!report.ok()) {
      spdlog::error("{}", report.error().ToString());
      return kExitUsage;
    }
    inputs.emplace_back(path, std::move(report).value());
  }
  Result<merge::MergedRun> run = merge::MergeReports(inputs);
  if (!run.ok()) {
    spdlog::error("{}", run.error().ToString());
    return kExitUsage;
  }
  const RunContext& context = run->merged.context;
  const std::vector<CaseResult>& results = run->merged.results;

  // Rerun commands name the backend the parts ran on; the device and level caps are each part's own.
  WriteConsoleReport(std::cout, context, results, ConsoleOptions{o.verbosity, RerunOptions{context.backend, "", ""}});
  for (const std::string& problem : run->problems) spdlog::warn("{}", problem);
  if (!WriteReportFiles({o.report, o.junit, o.html}, context, results)) return kExitUsage;

  const bool all_succeeded =
      std::all_of(results.begin(), results.end(), [](const CaseResult& r) { return CountsAsSuccess(r.status); });
  return run->problems.empty() && all_succeeded ? kExitOk : kExitFailures;
}

}  // namespace dmlc::app
