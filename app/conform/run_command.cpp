// `dml-conform run`: plan, execute (in worker processes unless --isolation none), judge each result
// against the baseline and the flakes list as it arrives, journal it, retry what failed, report.
#ifdef _WIN32
#include <io.h>
#define isatty _isatty
#define STDERR_FILENO 2
#else
#include <unistd.h>
#endif

#include <algorithm>
#include <chrono>
#include <iostream>
#include <iterator>

#include <spdlog/spdlog.h>

#include "app/conform/case_executor.h"
#include "app/conform/commands.h"
#include "app/conform/reference_spec.h"
#include "app/conform/report_files.h"
#include "app/conform/run_plan.h"
#include "app/conform/run_baseline.h"
#include "app/policy/baseline.h"
#include "app/policy/expectations.h"
#include "app/policy/skips_and_flakes.h"
#include "app/report/journal.h"
#include "app/worker/interrupt.h"

namespace dmlc::app {
namespace {

// What the options name beyond the cases: the files they point at, read before anything runs.
struct Policies {
  std::optional<policy::Expectations> expectations;  // --baseline, every line; the run picks its own
  policy::RunTags given_tags;                         // --tag
  std::optional<policy::CasePatterns> skips;
  std::optional<policy::CasePatterns> flakes;
  std::optional<policy::Shard> shard;
  std::optional<RunReport> resumed;
};

Result<Policies> LoadPolicies(const RunCommandOptions& o) {
  Policies p;
  Result<policy::RunTags> given = policy::ParseGivenTags(o.tags);
  if (!given.ok()) return given.error();
  p.given_tags = std::move(given).value();
  if (!o.baseline.empty()) {
    Result<policy::Expectations> expectations = policy::LoadExpectations(o.baseline);
    if (!expectations.ok()) return expectations.error();
    p.expectations = std::move(expectations).value();
  }
  for (auto [path, into] : {std::pair{&o.skips, &p.skips}, std::pair{&o.flakes, &p.flakes}}) {
    if (path->empty()) continue;
    Result<policy::CasePatterns> patterns = policy::LoadCasePatterns(*path);
    if (!patterns.ok()) return patterns.error();
    *into = std::move(patterns).value();
  }
  if (!o.shard.empty()) {
    Result<policy::Shard> shard = policy::ParseShard(o.shard, policy::ProcessEnv);
    if (!shard.ok()) return shard.error();
    p.shard = *shard;
  }
  if (!o.resume.empty()) {
    Result<RunReport> resumed = ReadFinished(o.resume);
    if (!resumed.ok()) return resumed.error();
    if (resumed->context.backend != o.backend) {
      return MakeError("--resume", "", o.resume + " ran on backend '" + resumed->context.backend + "', not '" + o.backend + "'");
    }
    // Cases judged against one reference do not finish a run judged against another (or the files').
    Result<ReferenceSpec> reference = ParseReference(o.reference, backends::BuiltinRegistry());
    const std::string judge = reference.ok() && reference->Differential() ? reference->Name() : "";
    const std::string& was = resumed->context.reference;
    if (was != judge) {
      const auto named = [](const std::string& r) {
        return r.empty() ? std::string("the case files") : "reference '" + r + "'";
      };
      return MakeError("--resume", "", o.resume + " was judged against " + named(was) + ", not " + named(judge));
    }
    p.resumed = std::move(resumed).value();
  }
  return p;
}

bool Isolated(const RunCommandOptions& o) { return o.isolation != "none"; }

// The run in progress: every planned case's result slot, and what each arriving result goes through.
class Session {
 public:
  Session(const RunCommandOptions& options, const Policies& policies, RunPlan plan, CaseExecutor& executor,
          const RunContext& context)
      : o_(options), policies_(policies), plan_(std::move(plan)), executor_(executor),
        progress_(std::cerr, options.verbosity == Verbosity::kNormal && isatty(STDERR_FILENO) != 0) {
    if (policies.expectations) baseline_.emplace(*policies.expectations, context, policies.given_tags);
  }

  // The baseline's lines for this run's tags; nullptr without --baseline.
  const policy::Baseline* Baseline() { return baseline_ ? &baseline_->For(executor_.Device()) : nullptr; }

  void StartJournal(const RunContext& context) {
    if (o_.report.empty()) return;
    Result<Journal> journal = Journal::Create(o_.report, context);
    if (journal.ok()) {
      journal_ = std::move(journal).value();
      // What a resumed report finished goes in too, so the journal alone always holds the whole run.
      for (size_t i = 0; i < plan_.settled.size(); ++i) {
        if (plan_.settled[i]) Record(i, *plan_.settled[i]);
      }
    } else {
      spdlog::warn("{}; a run killed outright will lose its results", journal.error().ToString());
    }
  }

  // Runs every case the plan leaves open. An error only when nothing could run.
  Status RunOpen() {
    std::vector<size_t> open;
    for (size_t i = 0; i < plan_.selected.size(); ++i) {
      if (!plan_.settled[i]) open.push_back(i);
    }
    total_ = open.size();
    return Execute(open, [&](size_t slot, CaseResult r) { Settle(slot, std::move(r)); });
  }

  // --retries: reruns each case whose failure no baseline or flakes list expected; a rerun that passes
  // makes it a flake. Reruns start after the whole selection ran, as deqp-runner does.
  void Retry() {
    for (int attempt = 2; attempt <= o_.retries + 1 && !Interrupted(); ++attempt) {
      std::vector<size_t> failed;
      for (size_t i : ran_) {
        if (plan_.settled[i] && IsFailure(plan_.settled[i]->status)) failed.push_back(i);
      }
      if (failed.empty()) return;
      spdlog::info("retry {} of {}: {} cases", attempt - 1, o_.retries, failed.size());
      Status rerun = Execute(failed, [&](size_t slot, CaseResult r) { SettleRetry(slot, attempt, std::move(r)); });
      if (!rerun.ok()) return spdlog::error("retries stopped: {}", rerun.error().ToString());
    }
  }

  // Cases no executor could run, because the backend became unavailable mid-run.
  void SettleUnrun(const Error& why) {
    for (size_t i = 0; i < plan_.selected.size(); ++i) {
      if (plan_.settled[i]) continue;
      CaseResult r = DescribeCase(plan_.selected[i]);
      r.status = CaseStatus::kError;
      r.message = "not run: " + why.ToString();
      Record(i, std::move(r));
    }
  }

  bool AnyRan() const { return !ran_.empty(); }
  bool Interrupted() const { return worker::InterruptSignal() != 0; }
  void ClearProgress() { progress_.Clear(); }

  // Every finished result in selection order, then the others; unfinished (interrupted) ones left out.
  // Moved out, not copied (a million results are a GB): the session has no use for them after.
  std::vector<CaseResult> TakeResults() {
    std::vector<CaseResult> results;
    results.reserve(plan_.settled.size() + plan_.others.size());
    for (auto& r : plan_.settled) {
      if (r) results.push_back(std::move(*r));
    }
    plan_.settled.clear();
    std::move(plan_.others.begin(), plan_.others.end(), std::back_inserter(results));
    plan_.others.clear();
    return results;
  }
  size_t Planned() const { return plan_.selected.size() + plan_.others.size(); }
  void RemoveJournal() {
    if (journal_) journal_->Remove();
  }

 private:
  Status Execute(const std::vector<size_t>& slots, const std::function<void(size_t, CaseResult)>& on_result) {
    std::vector<SelectedCase> cases;
    for (size_t i : slots) cases.push_back(plan_.selected[i]);
    worker::PoolCallbacks callbacks;
    callbacks.on_result = [&](size_t index, CaseResult r) { on_result(slots[index], std::move(r)); };
    callbacks.stop_starting = [&] { return stop_; };
    callbacks.abandon = [&] { return Interrupted(); };
    return executor_.Execute(cases, callbacks);
  }

  void Settle(size_t slot, CaseResult r) {
    // A crashed or timed-out case comes back from the parent's side, which knows only its id.
    if (r.operator_name.empty()) {
      CaseResult described = DescribeCase(plan_.selected[slot]);
      r.file_id = described.file_id;
      r.operator_type = described.operator_type;
      r.operator_name = described.operator_name;
      r.data_types = described.data_types;
    }
    if (const policy::Baseline* baseline = Baseline()) policy::ApplyBaseline(*baseline, r);
    if (policies_.flakes) policy::ApplyKnownFlakes(*policies_.flakes, r);
    ran_.push_back(slot);
    if (o_.fail_fast && !CountsAsSuccess(r.status)) stop_ = true;
    progress_.Update(r, ran_.size(), total_);
    spdlog::debug("[{}/{}] {} {} ({:.2f} ms)", ran_.size(), total_, StatusName(r.status), r.id, r.duration_ms);
    Record(slot, std::move(r));
  }

  void SettleRetry(size_t slot, int attempt, CaseResult rerun) {
    CaseResult r = *plan_.settled[slot];
    r.attempts = attempt;
    if (rerun.status == CaseStatus::kPass) {
      r.message = "passed on attempt " + std::to_string(attempt) + "; attempt 1: " + std::string(StatusName(r.status)) +
                  ": " + r.message;
      r.status = CaseStatus::kFlake;
      r.timing = rerun.timing;
    }
    Record(slot, std::move(r));
  }

  void Record(size_t slot, CaseResult r) {
    if (journal_) {
      if (Status s = journal_->Append(r); !s.ok()) {
        spdlog::warn("{}; the journal stops here", s.error().ToString());
        journal_.reset();
      }
    }
    plan_.settled[slot] = std::move(r);
  }

  const RunCommandOptions& o_;
  const Policies& policies_;
  RunPlan plan_;
  CaseExecutor& executor_;
  std::optional<RunBaseline> baseline_;
  ProgressLine progress_;
  std::optional<Journal> journal_;
  std::vector<size_t> ran_;  // slots this run executed, in the order they finished
  size_t total_ = 0;
  bool stop_ = false;        // --fail-fast: a case failed
};

}  // namespace

int RunCommand(const RunCommandOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  worker::InstallInterruptHandlers();
  Result<ExecutorOptions> execution = ExecutionOptions(o);
  if (!execution.ok()) {
    spdlog::error("{}", execution.error().message);
    return kExitUsage;
  }
  Result<Policies> policies = LoadPolicies(o);
  if (!policies.ok()) {
    spdlog::error("{}", policies.error().ToString());
    return kExitUsage;
  }
  if (!Isolated(o) && o.timeout_s > 0) spdlog::warn("--timeout needs --isolation process; it is not enforced");

  if (o.load.allow_paths_outside) {
    spdlog::warn("--allow-paths-outside: case and model files may read and write any path this user may");
  }
  const CaseSet set = LoadCaseSet({o.paths.begin(), o.paths.end()}, execution->worker.load);
  for (const Error& e : set.path_errors) spdlog::error("{}", e.ToString());
  RunPlan plan = PlanRun(set, PlanInputs{o.filters, policies->shard, policies->skips ? &*policies->skips : nullptr,
                                         policies->resumed ? &*policies->resumed : nullptr});
  if (plan.matched == 0) {
    spdlog::error(set.files.empty() ? "no case files found" : "no case matches the filters");
    return kExitUsage;
  }

  Result<std::unique_ptr<CaseExecutor>> made = MakeExecutor(o, *execution);
  if (!made.ok()) {
    spdlog::error("{}", made.error().message);
    return kExitUsage;
  }
  std::unique_ptr<CaseExecutor> executor = std::move(made).value();
  spdlog::info("running {} cases from {} files on {}{}", plan.ToRun(), set.files.size(), o.backend,
               Isolated(o) ? " in worker processes" : "");

  RunContext context = CollectRunContext();
  context.backend = o.backend;
  context.feature_level = o.feature_level.empty() ? "highest" : std::string(ops::FeatureLevelName(*execution->worker.run.feature_level));
  context.isolation = Isolated(o) ? "process" : "none";
  context.timeout_s = Isolated(o) ? execution->timeout_s : 0;
  context.retries = o.retries;
  context.shard = policies->shard ? policy::ShardName(*policies->shard) : "";
  context.iterations = o.iterations;
  context.warmup = o.warmup;
  context.repeat = o.repeat;
  context.allow_paths_outside = o.load.allow_paths_outside;
  context.revision = o.revision;
  // Before the run: --baseline's lines are chosen by tags that include it.
  context.reference = executor->Reference();

  Session session(o, *policies, std::move(plan), *executor, context);
  context.planned_cases = static_cast<int>(session.Planned());
  session.StartJournal(context);
  Status ran = session.RunOpen();
  if (!ran.ok() && !session.AnyRan()) {
    session.ClearProgress();
    // A differential run's reference that cannot start names itself (differential_executor.h).
    if (ran.error().scope == "reference") spdlog::error("{}", ran.error().message);
    else spdlog::error("backend '{}' is unavailable: {}", o.backend, ran.error().ToString());
    session.RemoveJournal();
    return kExitUsage;
  }
  if (!ran.ok()) session.SettleUnrun(ran.error());
  session.Retry();
  session.ClearProgress();

  const std::vector<CaseResult> results = session.TakeResults();
  context.device = executor->Device().name;
  context.driver = executor->Device().driver;
  context.tags = TagsOnDevice(context, executor->Device(), policies->given_tags);
  context.jobs = executor->Jobs();
  context.reference_device = executor->ReferenceDevice();
  context.interrupted = session.Interrupted();
  context.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  // A differential run's failure is reproduced against the same reference, not the file's values.
  const std::string reference = execution->differential ? o.reference : "";
  ConsoleOptions console{o.verbosity, RerunOptions{o.backend, o.device, o.feature_level, reference}};
  WriteConsoleReport(std::cout, context, results, console);
  bool written = WriteReportFiles({o.report, o.junit, o.html}, context, results);
  if (written) session.RemoveJournal();
  if (!o.write_baseline.empty()) {
    written &= WriteReportFile(o.write_baseline, "baseline", [&](std::ostream& out) {
      out << policy::BaselineCsv(results, session.Baseline());
    });
  }
  if (context.interrupted) return worker::InterruptExitCode(worker::InterruptSignal());
  if (!Tally(results).Succeeded()) return kExitFailures;
  return written ? kExitOk : kExitUsage;
}

}  // namespace dmlc::app
