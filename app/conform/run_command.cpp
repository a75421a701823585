// `dml-conform run`: load, select, run, report.
#ifdef _WIN32
#include <io.h>
#define isatty _isatty
#define STDERR_FILENO 2
#else
#include <unistd.h>
#endif

#include <chrono>
#include <cstdio>
#include <iostream>

#include <spdlog/spdlog.h>

#include "app/conform/commands.h"
#include "app/conform/report_files.h"
#include "app/engine/case_set.h"
#include "app/engine/runner.h"
#include "app/report/console_report.h"
#include "backends/registry.h"

namespace dmlc::app {
namespace {

// A PATH that does not exist becomes an error result, so reports show it beside the cases.
CaseResult PathErrorResult(const Error& error) {
  CaseResult r;
  r.id = error.where.file.empty() ? error.path : error.where.file;
  r.file = r.id;
  r.file_id = r.id;
  r.status = CaseStatus::kError;
  r.message = error.ToString();
  return r;
}

}  // namespace

int RunCommand(const RunCommandOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  RunOptions options;
  if (!o.feature_level.empty()) {
    options.feature_level = ops::ParseFeatureLevel(o.feature_level);
    if (!options.feature_level) {
      spdlog::error("--feature-level '{}' is not a feature level (expected e.g. 4_1, 5.0, DML_FEATURE_LEVEL_5_1)",
                    o.feature_level);
      return kExitUsage;
    }
  }
  options.jobs = o.jobs;
  options.fail_fast = o.fail_fast;
  options.dump_dir = o.dump_dir;
  options.iterations = o.iterations;
  options.warmup = o.warmup;

  Result<std::unique_ptr<backends::Backend>> backend =
      backends::CreateBackend(o.backend, backends::BackendOptions{o.device, o.debug, 0});
  if (!backend.ok()) {
    spdlog::error("backend '{}' is unavailable: {}", o.backend, backend.error().ToString());
    return kExitUsage;
  }

  const CaseSet set = LoadCaseSet({o.paths.begin(), o.paths.end()});
  for (const Error& e : set.path_errors) spdlog::error("{}", e.ToString());
  const std::vector<SelectedCase> selected = set.Select(CaseFilter(o.filters));
  if (selected.empty()) {
    spdlog::error(set.files.empty() ? "no case files found" : "no case matches the filters");
    return kExitUsage;
  }
  spdlog::info("running {} cases from {} files on {} [{}]", selected.size(), set.files.size(), o.backend,
               (*backend)->Device().name);

  Runner runner(**backend, CpuReference(), options);
  ProgressLine progress(std::cerr, o.verbosity != Verbosity::kQuiet && isatty(STDERR_FILENO) != 0 &&
                                       o.verbosity != Verbosity::kVerbose);
  std::vector<CaseResult> results;
  for (const Error& e : set.path_errors) results.push_back(PathErrorResult(e));
  std::vector<CaseResult> ran = runner.Run(selected, [&](const CaseResult& r, size_t done, size_t total) {
    progress.Update(r, done, total);
    spdlog::debug("[{}/{}] {} {} ({:.2f} ms)", done, total, StatusName(r.status), r.id, r.duration_ms);
  });
  progress.Clear();
  results.insert(results.end(), std::make_move_iterator(ran.begin()), std::make_move_iterator(ran.end()));

  RunContext context = CollectRunContext();
  context.backend = o.backend;
  context.device = (*backend)->Device().name;
  context.driver = (*backend)->Device().driver;
  context.feature_level = o.feature_level.empty() ? "highest" : std::string(ops::FeatureLevelName(*options.feature_level));
  context.jobs = runner.Workers();
  context.iterations = o.iterations;
  context.warmup = o.warmup;
  context.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  ConsoleOptions console{o.verbosity, RerunOptions{o.backend, o.device, o.feature_level}};
  WriteConsoleReport(std::cout, context, results, console);
  const bool written = WriteReportFiles(o.report, o.junit, context, results);
  const RunTotals totals = Tally(results);
  if (totals.fail > 0 || totals.error > 0) return kExitFailures;
  return written ? kExitOk : kExitUsage;
}

}  // namespace dmlc::app
