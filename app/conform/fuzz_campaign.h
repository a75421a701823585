// `fuzz`'s engine: generates cases from a seed, runs them through the same executor as `run` (worker
// processes, or this process), groups the failures into findings by signature and shrinks the first case
// of each to the simplest one that still fails the same way.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/conform/case_executor.h"
#include "app/fuzz/generator.h"
#include "app/fuzz/shrink.h"
#include "app/fuzz/signature.h"
#include "app/conform/run_baseline.h"

namespace dmlc::app {

struct FuzzSettings {
  uint64_t seed = 1;
  uint64_t first_index = 0;
  uint64_t count = 1000;  // cases to run from first_index; with a deadline, at most this many
  std::optional<std::chrono::steady_clock::time_point> deadline;
  fuzz::GeneratorOptions generator;
  fuzz::ShrinkOptions shrink;
  size_t batch = 256;  // cases handed to the executor at once
  size_t max_shrinks = SIZE_MAX;  // findings shrunk, the first found first; the others keep their first case
  // Known failures by case id ("fuzz-SEED/INDEX"): a case failing as listed is expected-fail, no finding;
  // one listed that passes is unexpected-pass, a finding; its lines chosen by the run's tags once the
  // executor names its device. Not owned (the campaign's thread calls it); null for none.
  RunBaseline* baseline = nullptr;
};

struct Finding {
  fuzz::Signature signature;
  uint64_t count = 0;        // cases that failed so
  uint64_t first_index = 0;  // the first of them: `--replay SEED:INDEX` regenerates it
  CaseResult first;
  TestCase shrunk;           // the simplest case found that fails the same way
  CaseResult shrunk_result;
  bool shrunk_done = false;  // false: past max_shrinks (or interrupted), `shrunk` is the first case as generated
  fuzz::Shrunk shrink;       // its draws, and the work shrinking took
  size_t original_draws = 0;
};

struct FuzzOutcome {
  std::vector<CaseResult> results;  // every case run, in index order
  std::vector<Finding> findings;    // in order of first occurrence
  uint64_t invalid = 0;             // cases generated to be rejected
  double run_seconds = 0;           // generating and running, shrinking left out: what cases per second counts
  bool interrupted = false;
  std::optional<Error> error;       // nothing could run (the backend is unavailable)
};

// Case `index` of the campaign `seed`: id "fuzz-SEED/INDEX", its name and description saying how to
// regenerate it.
TestCase GenerateCase(uint64_t seed, uint64_t index, const fuzz::GeneratorOptions& options);

// Runs the campaign. `stop` is checked between events: true stops it (an interrupt).
FuzzOutcome RunFuzz(CaseExecutor& executor, const FuzzSettings& settings, const std::function<bool()>& stop);

}  // namespace dmlc::app
