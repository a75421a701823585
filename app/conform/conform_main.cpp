// dml-conform's command line: the subcommands' options and the dispatch to commands.h (docs/cli.md).
#include "app/conform/conform_main.h"

#include <string>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "app/conform/commands.h"
#include "app/conform/compare_command.h"
#include "app/conform/expectations_command.h"
#include "app/conform/history_command.h"
#include "app/conform/html_command.h"
#include "app/conform/execution_cli.h"
#include "app/conform/flag_values.h"
#include "app/conform/load_flags.h"
#include "app/conform/stderr_after_stdout.h"
#include "app/engine/build_info.h"
#include "app/worker/worker_args.h"

namespace {

using dmlc::app::Verbosity;

void AddVerbosity(CLI::App& command, bool& verbose, bool& quiet) {
  auto* v = command.add_flag("-v,--verbose", verbose,
                             "Log more: each case as it finishes, skips with reasons, cold and hot timings; takes no value");
  command.add_flag("-q,--quiet", quiet, "Only failures, errors and the totals; takes no value")->excludes(v);
}

// Sets the log level from -v/-q and returns the console report's verbosity to match.
Verbosity SetVerbosity(bool verbose, bool quiet) {
  spdlog::set_level(verbose ? spdlog::level::debug : quiet ? spdlog::level::warn : spdlog::level::info);
  return verbose ? Verbosity::kVerbose : quiet ? Verbosity::kQuiet : Verbosity::kNormal;
}

}  // namespace

namespace dmlc::app {

int ConformMain(int argc, char** argv) {
  // Logs go to stderr so stdout carries only the report and listings; stdout is flushed before each.
  spdlog::set_default_logger(
      std::make_shared<spdlog::logger>("dml-conform", std::make_shared<dmlc::app::StderrAfterStdoutSink>()));
  spdlog::set_pattern("%^%l%$: %v");
  // `run` re-runs this program as its workers; that mode is internal, so it stays out of --help.
  if (argc > 1 && std::string(argv[1]) == dmlc::app::worker::kWorkerCommand) {
    return dmlc::app::worker::WorkerMain(std::vector<std::string>(argv + 1, argv + argc));
  }

  CLI::App app{"dml-conform: DirectML operator conformance runner"};
  app.set_version_flag("--version", "dml-conform " + std::string(dmlc::app::kToolVersion) + " (" +
                                        std::string(dmlc::app::kGitRevision) + ")");
  app.require_subcommand(1);

  dmlc::app::RunCommandOptions run;
  bool run_verbose = false, run_quiet = false;
  CLI::App* run_cmd = app.add_subcommand("run", "Run case files through a backend and report");
  run_cmd->add_option("paths", run.paths, "Case files or folders (searched recursively for *.json)")
      ->default_str("testcases/");
  dmlc::app::AddExecutionOptions(*run_cmd, run);
  run_cmd->add_option("--filter", run.filters, "Glob on case ids; repeatable; a leading '-' excludes")->allow_extra_args(false);
  run_cmd->add_option("--dump-dir", run.dump_dir, "Write actual and expected outputs of failing cases as .npy here");
  run_cmd->add_flag("--fail-fast", run.fail_fast, "Stop starting cases after the first fail or error");
  // DxDispatch's timing flags with its letters, meanings and long names (docs/case-format.md, "Timings").
  run_cmd->add_option("-i,--iterations,--dispatch_iterations", run.iterations,
                      "Timed iterations per case after the compared execution, each its own sample")
      ->check(CLI::Range(0, 65536))->capture_default_str();
  run_cmd->add_option("-w,--warmup,--warmup_samples", run.warmup,
                      "At most this many of the first iterations are cold samples, the rest hot (one stays hot)")
      ->check(CLI::Range(0, 65536))->capture_default_str();
  run_cmd->add_option("-r,--repeat,--dispatch_repeat", run.repeat,
                      "Executions back to back in each iteration; its times are divided by this")
      ->check(CLI::Range(1, 65536))->capture_default_str();
  run_cmd->add_option("--retries", run.retries, "Rerun failing, crashing and timed-out cases up to N times; a pass makes them flakes")
      ->check(CLI::Range(0, 100))->capture_default_str();
  run_cmd->add_option("--resume", run.resume, "Run only the cases this report (or its journal) lacks, and write the merged report there");
  run_cmd->add_option("--baseline", run.baseline, "Expected failures: a previous JSON report, or a CSV of id,status lines");
  run_cmd->add_option("--write-baseline", run.write_baseline, "Write this run's failing cases as an id,status[,cause] CSV, each keeping the cause --baseline gives it");
  run_cmd->add_option("--skips", run.skips, "Cases not to run: globs, or re:REGEX, one a line, # comments");
  run_cmd->add_option("--flakes", run.flakes, "Known flakes (same form as --skips): their failures count as flake");
  run_cmd->add_option("--shard", run.shard, "K/N: run the K-th of N stable parts of the selection; auto, auto/N: from CI variables");
  dmlc::app::AddLoadFlags(*run_cmd, run.load, /*for_run=*/true);
  AddVerbosity(*run_cmd, run_verbose, run_quiet);

  dmlc::app::FuzzCommandOptions fuzz;
  bool fuzz_verbose = false, fuzz_quiet = false;
  CLI::App* fuzz_cmd = app.add_subcommand("fuzz", "Run generated cases against the reference; shrink each finding to a case file");
  dmlc::app::AddExecutionOptions(*fuzz_cmd, fuzz.run);
  fuzz_cmd->add_option("--seed", fuzz.seed, "Seed of the generated cases: the same seed, the same cases everywhere")->capture_default_str();
  auto* fuzz_count = fuzz_cmd->add_option("--count", fuzz.count, "Cases to generate (default 1000)");
  fuzz_cmd->add_option("--duration", fuzz.duration, "Generate until this much time has passed (90s, 10m, 2h)")->excludes(fuzz_count);
  fuzz_cmd->add_option("--ops", fuzz.ops, "Operators to generate, comma-separated (REDUCE,JOIN,...); default all")->delimiter(',');
  fuzz_cmd->add_option("--max-elements", fuzz.max_elements, "Largest tensor, in elements")->check(CLI::Range(uint64_t{1}, uint64_t{1} << 24))->capture_default_str();
  fuzz_cmd->add_option("--baseline", fuzz.run.baseline, "Known failures by case id (fuzz-SEED/INDEX), as for run: no finding. Ids name seed and index only: "
                   "keep --max-elements, --ops and --feature-level as the baseline was made");
  fuzz_cmd->add_option("--out", fuzz.out, "Write each finding, shrunk, as a case file into this folder");
  fuzz_cmd->add_option("--replay", fuzz.replay, "SEED:INDEX: print that generated case as a case file and run it");
  fuzz_cmd->add_option("--shrink-attempts", fuzz.shrink_attempts, "Candidate runs shrinking each finding may take")->capture_default_str();
  fuzz_cmd->add_option("--max-shrinks", fuzz.max_shrinks, "Findings to shrink, the first found first; the others keep their first case (default all)")
      ->check(CLI::NonNegativeNumber);
  AddVerbosity(*fuzz_cmd, fuzz_verbose, fuzz_quiet);

  dmlc::app::ListCommandOptions list;
  CLI::App* list_cmd = app.add_subcommand("list", "List case ids with operator, data types and feature level");
  list_cmd->add_option("paths", list.paths, "Case files or folders")->default_str("testcases/");
  list_cmd->add_option("--filter", list.filters, "Glob on case ids; repeatable; a leading '-' excludes")->allow_extra_args(false);
  dmlc::app::AddLoadFlags(*list_cmd, list.load, /*for_run=*/false);

  dmlc::app::ListCommandOptions validate;
  CLI::App* validate_cmd = app.add_subcommand("validate", "Parse case files and validate their descs without running");
  validate_cmd->add_option("paths", validate.paths, "Case files or folders")->default_str("testcases/");
  validate_cmd->add_option("--filter", validate.filters, "Glob on case ids; repeatable; a leading '-' excludes")->allow_extra_args(false);
  dmlc::app::AddLoadFlags(*validate_cmd, validate.load, /*for_run=*/false);
  validate_cmd->add_flag("-v,--verbose", validate.verbose, "Show each rejection's rule with its source (spec page, DirectML API page, or not stated)");
  validate_cmd->add_flag("--rules", validate.rules, "List every rule of the operator model with its source, and exit");

  CLI::App* backends_cmd = app.add_subcommand("backends", "List backends, their devices, properties and tags");
  std::vector<std::string> backends_tags;
  backends_cmd->add_option("--tag", backends_tags, "KEY=VALUE: a tag runs here are given (runtime=vkd3d-proton), printed over the derived one")
      ->allow_extra_args(false);

  dmlc::app::CompareCommand compare_cmd(app);
  dmlc::app::HtmlCommand html_cmd(app);
  dmlc::app::ExpectationsCommand expectations_cmd(app);
  dmlc::app::HistoryCommand history_cmd(app);

  dmlc::app::MergeCommandOptions merge;
  bool merge_verbose = false, merge_quiet = false;
  CLI::App* merge_cmd = app.add_subcommand("merge", "Merge the --report files of a sharded run into one report");
  merge_cmd->add_option("reports", merge.inputs, "The shards' JSON reports")->required()->check(CLI::ExistingFile);
  merge_cmd->add_option("--report", merge.report, "Write the merged JSON report to this file")->required();
  merge_cmd->add_option("--junit", merge.junit, "Write the merged JUnit XML report to this file");
  merge_cmd->add_option("--html", merge.html, "Write the merged run as one self-contained HTML page to this file");
  AddVerbosity(*merge_cmd, merge_verbose, merge_quiet);

  if (Status values = CheckFlagsTakeNoValue(std::vector<std::string>(argv + 1, argv + argc)); !values.ok()) {
    spdlog::error("{}", values.error().ToString());
    return dmlc::app::kExitUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? dmlc::app::kExitOk : dmlc::app::kExitUsage;
  }

  if (run_cmd->parsed()) {
    run.verbosity = SetVerbosity(run_verbose, run_quiet);
    if (run.paths.empty()) run.paths = {"testcases/"};
    if (run.report.empty()) run.report = run.resume;
    return dmlc::app::RunCommand(run);
  }
  if (fuzz_cmd->parsed()) {
    fuzz.run.verbosity = SetVerbosity(fuzz_verbose, fuzz_quiet);
    // Unless told otherwise, a reference under test (cpu) is judged by another (plain).
    if (fuzz_cmd->get_option("--reference")->count() == 0) {
      fuzz.run.reference = dmlc::app::IndependentReference(fuzz.run);
    }
    return dmlc::app::FuzzCommand(fuzz);
  }
  if (list_cmd->parsed()) {
    if (list.paths.empty()) list.paths = {"testcases/"};
    return dmlc::app::ListCommand(list);
  }
  if (validate_cmd->parsed()) {
    if (validate.paths.empty()) validate.paths = {"testcases/"};
    return dmlc::app::ValidateCommand(validate);
  }
  if (backends_cmd->parsed()) return dmlc::app::BackendsCommand(backends_tags);
  if (compare_cmd.parsed()) return compare_cmd.Run();
  if (html_cmd.parsed()) return html_cmd.Run();
  if (expectations_cmd.parsed()) return expectations_cmd.Run();
  if (history_cmd.parsed()) return history_cmd.Run();
  if (merge_cmd->parsed()) {
    merge.verbosity = SetVerbosity(merge_verbose, merge_quiet);
    return dmlc::app::MergeCommand(merge);
  }
  return dmlc::app::kExitUsage;
}

}  // namespace dmlc::app
