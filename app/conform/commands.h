// dml-conform's subcommands, one file each. main.cpp declares the CLI and calls these; each returns the
// process exit code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/report/console_report.h"

namespace dmlc::app {

// Exit codes (docs/cli.md, "Statuses and exit codes").
inline constexpr int kExitOk = 0;        // every selected case passed or was skipped
inline constexpr int kExitFailures = 1;  // a case failed or errored (or, for validate/list, a file was bad)
inline constexpr int kExitUsage = 2;     // bad arguments, or nothing could be run

// --max-file-size's default as written on the command line; run, list and validate all take the flag
// (docs/cli.md, "Limits"; case_loader.h, kDefaultMaxFileSize).
inline constexpr const char* kDefaultMaxFileSizeFlag = "1G";

// How run, list and validate load case files, as written on the command line (load_flags.h).
struct LoadFlags {
  std::string max_file_size = kDefaultMaxFileSizeFlag;
  bool allow_paths_outside = false;  // docs/untrusted-files.md
  std::string output_dir;            // writeFile's folder, run only; "" = each model's own
  std::string tolerance = "ours";    // run only: "onnx" judges ONNX node tests by ONNX's rtol and atol
};

struct RunCommandOptions {
  std::vector<std::string> paths;
  std::string backend = "cpu";
  std::string reference = "cpu";  // --reference BACKEND[:DEVICE] (app/conform/reference_spec.h)
  std::string device;
  bool debug = false;         // the backend's API validation / debug layer, its messages in the log
  std::string pipeline_cache; // the folder of compiled pipelines; "" = the user's cache folder, "off" = none
  std::vector<std::string> filters;
  std::string feature_level;  // "" = no cap
  int jobs = 0;               // 0 = all cores
  std::string report;         // JSON report path
  std::string junit;          // JUnit XML path
  std::string html;           // the run as an HTML page (app/html)
  std::string dump_dir;
  bool fail_fast = false;
  // Timed iterations as DxDispatch's -i, -w, -r (app/engine/runner.h, RunOptions).
  int iterations = 0;
  int warmup = 1;
  int repeat = 1;
  Verbosity verbosity = Verbosity::kNormal;
  // Isolation and faults (docs/isolation-and-ci.md, "Crashes, hangs and interruptions").
  std::string isolation;        // "process", "none"; "" = process
  double timeout_s = -1;        // per case; -1 = the backend's default (60 s on a device, 300 s on cpu and plain)
  int retries = 0;
  std::string resume;           // a previous --report whose finished cases are not run again
  // Baselines, skips, flakes and shards (docs/isolation-and-ci.md, "Baselines, skips, flakes and shards").
  std::string baseline;
  std::vector<std::string> tags;  // --tag KEY=VALUE: tags the run has besides (or instead of) the derived ones
  std::string revision;           // --revision: the revision under test, into the report's context; "" = not given
  std::string write_baseline;
  std::string skips;
  std::string flakes;
  std::string shard;            // "K/N", "auto", "auto/N"; "" = the whole selection
  LoadFlags load;               // --max-file-size, --allow-paths-outside, --output-dir
  // Limits (docs/cli.md, "Limits"): byte counts as ParseByteSize reads them ("512M").
  std::string max_case_memory;  // "" = half the physical memory
  // DirectML's execution flags (docs/backends.md, "Execution flags and the metacommand A/B").
  std::string execution_flags;  // OR'ed into every case's own; "" = none
  bool ab_metacommands = false;
  // Pins where inputs leave the answer open (docs/case-format.md, "Admitted behaviours and pins").
  std::vector<std::string> required_behaviours;  // --require-behaviour KIND=NAME, each kind once
  bool strict_expected = false;                   // --strict-expected
};

// `fuzz`: generated cases run against the reference; execution, reports and verbosity as `run` has them.
struct FuzzCommandOptions {
  RunCommandOptions run;        // backend, device, feature level, jobs, isolation, timeout, reports, verbosity
  uint64_t seed = 1;
  uint64_t count = 0;           // 0: 1000, or unbounded with --duration
  std::string duration;         // "90s", "10m", "2h"; "" = none
  std::vector<std::string> ops; // operator names as case files spell them; empty = all
  uint64_t max_elements = 4096; // per tensor
  std::string out;              // folder for the shrunk findings; "" = not written
  std::string replay;           // "SEED:INDEX": print and run that one case
  size_t shrink_attempts = 3000;
  int max_shrinks = -1;         // findings shrunk, the first found first; -1 = all
};

struct ListCommandOptions {
  std::vector<std::string> paths;
  std::vector<std::string> filters;
  LoadFlags load;        // --max-file-size, --allow-paths-outside
  bool verbose = false;  // validate -v: each rejection's rule with its source
  bool rules = false;    // validate --rules: the operator model's rules and their sources, no cases
};

// `merge SHARD.json... --report ALL.json`: the reports of one run's shards made one (app/merge).
struct MergeCommandOptions {
  std::vector<std::string> inputs;  // --report files of the parts
  std::string report;               // the merged JSON report; required
  std::string junit;                // the merged JUnit XML; "" = none
  std::string html;                 // the merged run as an HTML page; "" = none
  Verbosity verbosity = Verbosity::kNormal;
};

int RunCommand(const RunCommandOptions& options);
int ListCommand(const ListCommandOptions& options);
// Exit 0 when no finding, 1 with findings, 2 on bad arguments or an unavailable backend.
int FuzzCommand(const FuzzCommandOptions& options);
// Same paths and filters as list.
int ValidateCommand(const ListCommandOptions& options);
// Each device's tags (app/policy/run_tags.h) with --tag's `given` over the derived ones. Exit 2 when a
// given tag is malformed.
int BackendsCommand(const std::vector<std::string>& given_tags);
// Exit 2 when an input cannot be read or the inputs do not fit together (MergeReports refuses); 1 when
// the merged run is incomplete or a case's status does not count as success; else 0.
int MergeCommand(const MergeCommandOptions& options);

}  // namespace dmlc::app
