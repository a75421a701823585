#include "app/conform/fuzz_campaign.h"

#include <map>
#include <utility>

#include <spdlog/spdlog.h>

#include "app/case/case_writer.h"
#include "app/fuzz/choices.h"

namespace dmlc::app {
namespace {

using Clock = std::chrono::steady_clock;

std::string FileStem(uint64_t seed) { return "fuzz-" + std::to_string(seed); }

// Names `tc` in the campaign's file, as the worker that parses its text will name it.
void Name(TestCase& tc, uint64_t seed, const std::string& name) {
  tc.name = name;
  tc.file = FileStem(seed) + ".json";
  tc.id = FileStem(seed) + "/" + name;
}

// A generated case as a case file held in memory: the text goes to worker processes, the case itself to
// an in-process runner.
CaseFile InMemoryFile(TestCase tc) {
  CaseFile file;
  file.path = tc.file;
  file.root = ".";
  file.file_id = tc.id.substr(0, tc.id.find('/'));
  file.text = WriteCaseFile(std::span(&tc, 1));
  const std::string id = tc.id;
  file.cases.push_back(CaseEntry{id, {}, std::move(tc)});
  return file;
}

// Runs `cases` through the executor; each comes back beside its result, which stays nullopt when the run
// stopped before it.
struct Ran {
  CaseFile file;  // the case as it ran: file.cases.front().loaded
  std::optional<CaseResult> result;

  const TestCase& test_case() const { return *file.cases.front().loaded; }
};

std::vector<Ran> RunCases(CaseExecutor& executor, std::vector<TestCase> cases, const std::function<bool()>& stop,
                          std::optional<Error>& error) {
  std::vector<Ran> ran;
  ran.reserve(cases.size());
  for (TestCase& tc : cases) ran.push_back({InMemoryFile(std::move(tc)), std::nullopt});
  std::vector<SelectedCase> selected;
  for (const Ran& r : ran) selected.push_back({&r.file, &r.file.cases.front()});
  worker::PoolCallbacks callbacks;
  callbacks.on_result = [&](size_t i, CaseResult r) { ran[i].result = std::move(r); };
  callbacks.stop_starting = stop;
  callbacks.abandon = stop;
  if (Status status = executor.Execute(selected, callbacks); !status.ok()) error = status.error();
  return ran;
}

class Campaign {
 public:
  Campaign(CaseExecutor& executor, const FuzzSettings& settings, const std::function<bool()>& stop)
      : executor_(executor), settings_(settings), stop_(stop) {}

  FuzzOutcome Run() {
    const Clock::time_point start = Clock::now();
    for (uint64_t done = 0; done < settings_.count && !Stopped();) {
      const uint64_t n = std::min<uint64_t>(settings_.batch, settings_.count - done);
      RunBatch(settings_.first_index + done, n);
      done += n;
    }
    outcome_.run_seconds = std::chrono::duration<double>(Clock::now() - start).count();
    for (size_t i = 0; i < outcome_.findings.size(); ++i) {
      Finding& f = outcome_.findings[i];
      // A listed case that passed has nothing to shrink toward: the candidates run without the baseline.
      const bool shrinkable = f.first.status != CaseStatus::kUnexpectedPass;
      if (shrinkable && i < settings_.max_shrinks && !stop_() && !outcome_.error) {
        ShrinkFinding(f);
      } else {
        fuzz::Choices original = fuzz::Choices::Random(settings_.seed, f.first_index);
        f.shrunk = fuzz::Generate(original, settings_.generator);
        Name(f.shrunk, settings_.seed, std::to_string(f.first_index));
        f.shrink.draws = original.Recorded();
        f.original_draws = f.shrink.draws.size();
        f.shrunk_result = f.first;
      }
    }
    outcome_.interrupted = stop_();
    return std::move(outcome_);
  }

 private:
  bool Stopped() const {
    return stop_() || outcome_.error || (settings_.deadline && Clock::now() >= *settings_.deadline);
  }

  void RunBatch(uint64_t first, uint64_t n) {
    std::vector<TestCase> cases;
    for (uint64_t i = first; i < first + n; ++i) cases.push_back(GenerateCase(settings_.seed, i, settings_.generator));
    std::vector<Ran> ran = RunCases(executor_, std::move(cases), stop_, outcome_.error);
    for (size_t i = 0; i < ran.size(); ++i) {
      if (!ran[i].result) continue;
      outcome_.invalid += ran[i].test_case().expect_error.expected ? 1 : 0;
      if (settings_.baseline) policy::ApplyBaseline(*settings_.baseline, *ran[i].result);
      // Skips (an unsupported desc) and expected failures are no finding: only what a correct backend
      // never produces, or a known failure that went away.
      const CaseStatus status = ran[i].result->status;
      if (IsFailure(status) || status == CaseStatus::kUnexpectedPass) {
        Record(fuzz::SignatureOf(ran[i].test_case(), ran[i].result->status), first + i, *ran[i].result);
      }
      outcome_.results.push_back(std::move(*ran[i].result));
    }
  }

  void Record(const fuzz::Signature& signature, uint64_t index, const CaseResult& result) {
    const std::string key = signature.ToString();
    auto [it, fresh] = finding_index_.emplace(key, outcome_.findings.size());
    if (fresh) {
      spdlog::warn("finding: {} (case {}, replay {}:{}): {}", key, index, settings_.seed, index, result.message);
      Finding f;
      f.signature = signature;
      f.first_index = index;
      f.first = result;
      outcome_.findings.push_back(std::move(f));
    }
    ++outcome_.findings[it->second].count;
  }

  // Shrinks the finding's first case through the executor, candidates a batch at a time, then runs the
  // simplest once more for the result that goes with it.
  void ShrinkFinding(Finding& f) {
    fuzz::Choices original = fuzz::Choices::Random(settings_.seed, f.first_index);
    (void)fuzz::Generate(original, settings_.generator);
    f.original_draws = original.Recorded().size();
    auto test = [&](const std::vector<fuzz::Draws>& batch) {
      std::vector<TestCase> cases;
      std::vector<fuzz::Draws> consumed;
      for (const fuzz::Draws& draws : batch) {
        fuzz::Choices replay = fuzz::Choices::Replay(draws);
        cases.push_back(fuzz::Generate(replay, settings_.generator));
        Name(cases.back(), settings_.seed, "shrink-" + std::to_string(candidates_++));
        consumed.push_back(replay.Recorded());
      }
      std::vector<Ran> ran = RunCases(executor_, std::move(cases), stop_, outcome_.error);
      std::vector<std::optional<fuzz::Draws>> verdicts(batch.size());
      for (size_t i = 0; i < ran.size(); ++i) {
        if (!ran[i].result) continue;
        if (fuzz::SameFailure(f.signature, fuzz::SignatureOf(ran[i].test_case(), ran[i].result->status))) {
          verdicts[i] = std::move(consumed[i]);
        }
      }
      return verdicts;
    };
    f.shrink = fuzz::Shrink(original.Recorded(), test, settings_.shrink);

    fuzz::Choices replay = fuzz::Choices::Replay(f.shrink.draws);
    f.shrunk = fuzz::Generate(replay, settings_.generator);
    Name(f.shrunk, settings_.seed, "shrunk-" + std::to_string(f.first_index));
    f.shrunk_result = f.first;
    std::vector<Ran> rerun = RunCases(executor_, {f.shrunk}, stop_, outcome_.error);
    if (!rerun.empty() && rerun.front().result) f.shrunk_result = std::move(*rerun.front().result);
    f.shrunk_done = true;
  }

  CaseExecutor& executor_;
  const FuzzSettings& settings_;
  const std::function<bool()>& stop_;
  FuzzOutcome outcome_;
  std::map<std::string, size_t> finding_index_;
  uint64_t candidates_ = 0;  // shrinking candidates named so far, for unique ids
};

}  // namespace

TestCase GenerateCase(uint64_t seed, uint64_t index, const fuzz::GeneratorOptions& options) {
  fuzz::Choices choices = fuzz::Choices::Random(seed, index);
  TestCase tc = fuzz::Generate(choices, options);
  Name(tc, seed, std::to_string(index));
  tc.description = "dml-conform fuzz --seed " + std::to_string(seed) + ", case " + std::to_string(index) +
                   " (--replay " + std::to_string(seed) + ":" + std::to_string(index) + ")";
  return tc;
}

FuzzOutcome RunFuzz(CaseExecutor& executor, const FuzzSettings& settings, const std::function<bool()>& stop) {
  return Campaign(executor, settings, stop).Run();
}

}  // namespace dmlc::app
