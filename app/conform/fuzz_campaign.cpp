#include "app/conform/fuzz_campaign.h"

#include <map>
#include <utility>

#include <spdlog/spdlog.h>

#include "app/fuzz/choices.h"
#include "app/fuzz/recipe.h"

namespace dmlc::app {
namespace {

using Clock = std::chrono::steady_clock;

// Runs the cases `recipes` make through the executor; each comes back beside its result, which stays
// nullopt when the run stopped before it.
struct Ran {
  CaseFile file;  // the case as it ran: file.cases.front().loaded
  std::optional<CaseResult> result;

  const TestCase& test_case() const { return *file.cases.front().loaded; }
};

std::vector<Ran> RunCases(CaseExecutor& executor, const std::vector<fuzz::Recipe>& recipes,
                          const std::function<bool()>& stop, std::optional<Error>& error) {
  std::vector<Ran> ran;
  ran.reserve(recipes.size());
  for (const fuzz::Recipe& r : recipes) {
    ran.push_back({fuzz::MakeCaseFile(fuzz::MakeCase(r), fuzz::EncodeRecipe(r)), std::nullopt});
  }
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
        (void)fuzz::Generate(original, settings_.generator);
        f.shrunk = GenerateCase(settings_.seed, f.first_index, settings_.generator);
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
    std::vector<fuzz::Recipe> recipes;
    for (uint64_t i = first; i < first + n; ++i) recipes.push_back({settings_.generator, settings_.seed, i});
    std::vector<Ran> ran = RunCases(executor_, recipes, stop_, outcome_.error);
    for (size_t i = 0; i < ran.size(); ++i) {
      if (!ran[i].result) continue;
      outcome_.invalid += ran[i].test_case().expect_error.expected ? 1 : 0;
      if (settings_.baseline) policy::ApplyBaseline(settings_.baseline->For(executor_.Device()), *ran[i].result);
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
      std::vector<fuzz::Recipe> recipes;
      std::vector<fuzz::Draws> consumed;
      for (const fuzz::Draws& draws : batch) {
        fuzz::Choices replay = fuzz::Choices::Replay(draws);
        (void)fuzz::Generate(replay, settings_.generator);
        consumed.push_back(replay.Recorded());
        recipes.push_back({settings_.generator, settings_.seed, 0, draws, "shrink-" + std::to_string(candidates_++)});
      }
      std::vector<Ran> ran = RunCases(executor_, recipes, stop_, outcome_.error);
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

    const fuzz::Recipe shrunk{settings_.generator, settings_.seed, 0, f.shrink.draws,
                              "shrunk-" + std::to_string(f.first_index)};
    f.shrunk = fuzz::MakeCase(shrunk);
    f.shrunk_result = f.first;
    std::vector<Ran> rerun = RunCases(executor_, {shrunk}, stop_, outcome_.error);
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
  return fuzz::MakeCase({options, seed, index});
}

FuzzOutcome RunFuzz(CaseExecutor& executor, const FuzzSettings& settings, const std::function<bool()>& stop) {
  return Campaign(executor, settings, stop).Run();
}

}  // namespace dmlc::app
