// The one result record every reporter consumes (console, JSON, JUnit), and the run's context block.
// Plain data, filled by the runner; reporters only read it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/engine/compare.h"

namespace dmlc::app {

// What became of a case (docs/cli.md, "Statuses and exit codes"). The first six are what running it gave;
// the last three are what a baseline, a flakes list or a retry made of such an outcome.
enum class CaseStatus : uint8_t {
  kPass,
  kFail,
  kError,
  kSkip,
  kCrash,           // the worker process running it died (signal, abort, exit, broken pipe)
  kTimeout,         // it ran past --timeout and its worker was killed
  kExpectedFail,    // a fail, error, crash or timeout that the baseline lists with that status
  kUnexpectedPass,  // a pass that the baseline lists as failing
  kFlake,           // failed, then passed on a retry; or failed and is listed in --flakes
};
inline constexpr CaseStatus kAllStatuses[] = {
    CaseStatus::kPass,  CaseStatus::kFail,         CaseStatus::kError,          CaseStatus::kSkip, CaseStatus::kCrash,
    CaseStatus::kTimeout, CaseStatus::kExpectedFail, CaseStatus::kUnexpectedPass, CaseStatus::kFlake};
// "pass", "fail", "error", "skip", "crash", "timeout", "expected-fail", "unexpected-pass", "flake"
std::string_view StatusName(CaseStatus status);
std::optional<CaseStatus> ParseStatus(std::string_view name);
// Whether the status leaves the run green: pass, skip, expected-fail and flake.
bool CountsAsSuccess(CaseStatus status);
// Whether running the case did not work: fail, error, crash or timeout. These are what a baseline may
// expect and what --retries reruns.
bool IsFailure(CaseStatus status);

// Where the API a backend runs (DirectML) and the spec disagree about a desc (api_validation.h).
enum class ApiFinding : uint8_t {
  kNone,            // the API agrees with the spec, or was not asked
  kAcceptsInvalid,  // the spec forbids the desc; the API created the operator anyway
  kRefusesValid,    // the desc is valid and supported; the API refused to create it
};
// "", "accepts-invalid", "refuses-valid": the report's apiFinding.
std::string_view ApiFindingName(ApiFinding finding);
std::optional<ApiFinding> ParseApiFinding(std::string_view name);

// Summary statistics of timing samples, in milliseconds.
struct TimingStats {
  int samples = 0;  // how many were summarized
  double min = 0;
  double median = 0;
  double mean = 0;
  double max = 0;
};
// Precondition: samples is not empty. The median of an even count is the mean of the middle two.
TimingStats Summarize(std::vector<double> samples);

// One phase of the timed iterations, cold or hot: CPU statistics always, GPU statistics when every
// iteration of the phase has timestamps.
struct PhaseTiming {
  TimingStats cpu_ms;
  std::optional<TimingStats> gpu_ms;
};

// Times of one executed case, in milliseconds. The compared execution is the first one, whose output
// is judged (on a device backend it includes uploading and reading back the buffers). Then, with
// iterations > 0, the timed iterations as DxDispatch times them (docs/case-format.md, "Timings"):
// each iteration is one sample, `repeat` executions back to back whose times are divided by `repeat`;
// the first min(iterations - 1, warmup) samples are "cold", the rest "hot".
struct CaseTiming {
  double prepare_ms = 0;  // Prepare(): DxDispatch's Initialize
  double compared_cpu_ms = 0;
  std::optional<double> compared_gpu_ms;
  int iterations = 0;  // -i: timed iterations
  int warmup = 0;      // -w: at most this many of them are cold
  int repeat = 1;      // -r: executions per iteration
  std::optional<PhaseTiming> cold;  // when some iteration is cold
  std::optional<PhaseTiming> hot;   // when iterations > 0
};

// `run --ab-metacommands`: the case's operator compiled a second time with DISABLE_META_COMMANDS, so
// DirectML runs its own shaders instead of the driver's metacommands, on the same inputs.
// The second run is judged as the first is.
struct MetacommandAb {
  std::string execution_flags;  // the second run's DML_EXECUTION_FLAGS
  std::string status;           // its status ("pass"); "error" when it could not run, as the message says
  std::string behaviour;        // the admitted behaviour its outputs matched, as CaseResult::behaviour
  bool agree = false;           // the same status and behaviour as the first run
  uint64_t mismatches = 0;      // its elements beyond the tolerance
  double cpu_ms = 0;            // its execution
  std::optional<double> gpu_ms;
};

struct CaseResult {
  std::string id;       // "<file id>/<name>"; a file that could not be parsed has its file id
  std::string file;     // the case file as found
  std::string file_id;  // the file's id: what `id` starts with
  std::string operator_type;  // "REDUCE"; "" when the case could not be loaded
  std::string operator_name;  // "REDUCE(SUM)"; "" when the case could not be loaded
  std::vector<std::string> data_types;  // distinct tensor data types in binding order: {"FLOAT32", "UINT32"}
  std::string feature_level;            // the level the case was checked at ("4_1"); "" when not decided
  CaseStatus status = CaseStatus::kError;
  // Why it failed, errored or was skipped, or that it passed under another admitted behaviour than its
  // file expects (behaviour_judge.h); "" on other passes.
  std::string message;
  std::string tolerance;  // the rule applied, when outputs were compared
  CompareResult comparison;
  double duration_ms = 0;  // the whole case: load checks, materialization, execution, comparison
  std::optional<CaseTiming> timing;  // when the case was executed
  int attempts = 1;              // executions: more than 1 when --retries reran it
  std::string expected_status;   // the failing status --baseline lists for the case; "" when unlisted
  bool device_lost = false;      // the backend lost its device during the case (the worker then restarts)
  std::string transcript;        // a DxDispatch model's print lines (model_run.h); "" for other cases
  ApiFinding api_finding = ApiFinding::kNone;  // set with status fail; the message has the API's detail
  // The API accepted a desc that breaks only a rule no document states (ops/rule.h): what it did, as
  // information; the case is not failed for it. "" otherwise.
  std::string api_note;
  // Where the documents leave the answer open (behaviours.h), the admitted behaviour the outputs
  // matched: "nan-ignoring". "" where nothing was open.
  std::string behaviour;
  // Where the case file's expected values equal an admitted behaviour other than the one the outputs
  // showed (or the outputs showed none), that behaviour: "coordinate-clamp" (behaviour_judge.h). ""
  // otherwise: no values stated, values equal to none, or the outputs show the same.
  std::string expected_behaviour;
  // The DML_EXECUTION_FLAGS the operator was compiled with, as ops::ExecutionFlagsText() spells them;
  // "" for none.
  std::string execution_flags;
  std::optional<MetacommandAb> metacommand_ab;  // with --ab-metacommands, once the first run executed
  // A differential run's reference (app/engine/differential.h) could not compute the case's outputs:
  // how it went, "crash", "timeout" or "error", with status error; the backend under test never ran the
  // case. "" otherwise.
  std::string reference_fault;
  // A differential run's failed case, judged again by the exact in-worker reference: the side off the
  // exact answer, "backend", "reference" or "both"; "" where it could not tell, and in other runs.
  std::string blame;
  // A failed or erred case's desc as a JSON object, as its case file spells it (WriteDesc, walking the
  // desc's field table); "" for other statuses and for a case that did not load.
  std::string desc;
};

// A pass whose outputs showed another admitted behaviour than the file's expected values.
bool PassedUnderAnotherBehaviour(const CaseResult& result);

struct RunTotals {
  int cases = 0;
  int pass = 0;
  int other_behaviour = 0;  // of the passes: PassedUnderAnotherBehaviour (Tally counts them)
  int fail = 0;
  int error = 0;
  int skip = 0;
  int crash = 0;
  int timeout = 0;
  int expected_fail = 0;
  int unexpected_pass = 0;
  int flake = 0;

  void Add(CaseStatus status);
  int Count(CaseStatus status) const;
  // Every case's status counts as success.
  bool Succeeded() const { return fail + error + crash + timeout + unexpected_pass == 0; }
};
RunTotals Tally(const std::vector<CaseResult>& results);

// The context block that opens every report.
struct RunContext {
  // 2: the timing block's compared execution, cold and hot phases with sample counts, repeat
  // (docs/reports.md, "The JSON report"); version 1 reports are still read.
  static constexpr int kSchemaVersion = 2;
  std::string tool_version;  // CMake project version
  std::string git_revision;  // `git describe` at configure time; "unknown" outside a checkout
  // The revision under test as --revision gave it (the driver build, the commit CI tested); "" when not
  // given, and then `history` takes git_revision for it (app/history/history.h).
  std::string revision;
  std::string host;
  std::string backend;
  std::string device;
  std::string driver;
  std::string feature_level;  // the --feature-level cap, or "highest"
  std::string date;           // ISO 8601 UTC, "2024-05-01T12:00:00Z"
  int jobs = 1;
  int iterations = 0;       // -i
  int warmup = 0;           // -w
  int repeat = 1;           // -r
  double duration_ms = 0;   // the whole run
  std::string isolation;    // "process" (each case in a worker process) or "none"
  double timeout_s = 0;     // per case; 0 = none
  int retries = 0;          // --retries
  std::string shard;        // "2/4" (1-based); "" when the run is not sharded
  // The backend of a differential run judged against (--reference BACKEND[:DEVICE], differential.h),
  // "vulkan:0", and its device's name, "llvmpipe (LLVM 15.0.7, 256 bits)"; "" when the run has none.
  std::string reference;
  std::string reference_device;
  int planned_cases = 0;    // cases selected for this run (after filters, skips and shard)
  bool interrupted = false; // SIGINT/SIGTERM stopped the run before every planned case finished
  bool allow_paths_outside = false;  // --allow-paths-outside: files' paths were not kept inside their folders
  // The tags tagged expectations were matched against (app/policy/run_tags.h), key -> value in its key
  // order; empty in reports written before tags existed.
  std::vector<std::pair<std::string, std::string>> tags;
};
// Tool version, git revision, host and the current date; the caller fills the rest.
RunContext CollectRunContext();

}  // namespace dmlc::app
