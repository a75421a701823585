// Runs selected cases through a backend and turns each into one CaseResult: validation against the
// case's feature level, expected-error cases, backend support, the memory budget, input
// materialization, the expected outputs (from the file, or computed by the reference backend), execution
// into guarded buffers, the out-of-bounds check, comparison and timing. One bad case never stops the run: every failure,
// exception included, becomes that case's result.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/engine/api_steps.h"
#include "app/engine/behaviours.h"
#include "app/engine/case_memory.h"
#include "app/engine/case_result.h"
#include "app/engine/case_set.h"
#include "app/engine/differential.h"
#include "app/engine/model_checkpoint.h"
#include "app/engine/verdict.h"
#include "backends/backend.h"
#include "ops/feature_level.h"

namespace dmlc::app {

struct RunOptions {
  std::optional<ops::FeatureLevel> feature_level;  // --feature-level: cases needing more are skipped
  int jobs = 0;                     // worker threads; 0 = all cores; 1 when the backend is not ThreadSafe()
  bool fail_fast = false;           // stop taking new cases after the first fail or error
  std::filesystem::path dump_dir;   // when set: actual and expected outputs of failing cases as .npy
  // Timed iterations after the compared execution, as DxDispatch's -i, -w and -r (case_result.h,
  // CaseTiming): `iterations` samples of `repeat` executions each, the first min(iterations - 1,
  // warmup) of them cold.
  int iterations = 0;
  int warmup = 0;
  int repeat = 1;                   // >= 1
  size_t max_reported_mismatches = 10;
  uint64_t max_case_memory = DefaultMaxCaseMemory();  // bytes a case's buffers may take (case_memory.h)
  // --execution-flags: OR'ed into every case's own "executionFlags" (ops/execution_flags.h).
  ops::ExecutionFlags execution_flags = ops::kExecutionFlagNone;
  // --ab-metacommands: each executed case runs once without DISABLE_META_COMMANDS and once with it, and
  // outputs that differ beyond the case's tolerance are a fail (CaseResult::metacommand_ab).
  bool ab_metacommands = false;
  // Where a case's inputs leave the answer open (behaviour_judge.h): --require-behaviour KIND=NAME, the
  // behaviour the outputs must show, by kind ("gather" -> "coordinate-clamp"); and --strict-expected,
  // the outputs held to the behaviour the file's expected values equal.
  std::map<std::string, std::string> required_behaviours;
  bool strict_expected = false;
  // A differential run (differential.h): this worker computes the reference's outputs, or judges its own
  // against them instead of the file's expected values.
  DifferentialRun differential;

  bool operator==(const RunOptions&) const = default;
};

struct DescCheck;

// Creates the backend that computes expected outputs a case leaves out.
using ReferenceFactory = std::function<Result<std::unique_ptr<backends::Backend>>()>;
// The registry's backend `name` ("cpu", "plain") with `threads` of its own (0 = its default, all cores).
// Worker processes give it their share of the cores, as they give their backend: a reference with a
// thread per core in each of 16 workers made small cases on an H200 three times slower.
ReferenceFactory RegistryReference(std::string name, int threads = 0);

// The result of a case that needs no backend, as Runner::RunOne() gives it: one that did not load, one
// skipped (its own reason, or a level above options.feature_level), or one whose desc is invalid and not
// expected to be. nullopt when a backend must run it. The parent of worker processes settles these
// itself, so they cost no round trip (app/conform/case_executor.cpp).
std::optional<CaseResult> SettledWithoutBackend(const SelectedCase& selected, const RunOptions& options);

// Thread-safety: Run() is called by one thread at a time; it spreads cases over its own workers.
class Runner {
 public:
  Runner(backends::Backend& backend, ReferenceFactory reference, RunOptions options);

  // Called after each case, from the thread that ran it but serialized; `index` is the case's in
  // `cases`, done counts finished cases.
  using Progress = std::function<void(size_t index, const CaseResult& result, size_t done, size_t total)>;

  // Results in the order of `cases`. With fail_fast, cases not started after the first failure are
  // left out; so are those not started once `stop` (checked before each case) returns true.
  std::vector<CaseResult> Run(const std::vector<SelectedCase>& cases, const Progress& progress = {},
                              const std::function<bool()>& stop = {});

  // Worker threads Run() uses: --jobs, else all cores; 1 when the backend is not ThreadSafe().
  int Workers() const;

  // One case, exactly as Run() does it; for tests.
  CaseResult RunOne(const SelectedCase& selected);

 private:
  // The steps, in order. Each fills what it learns into `result` and returns the verdict that settles it.
  Verdict Execute(const TestCase& test_case, CaseResult& result);
  Verdict ExpectRejection(const TestCase& test_case, const DescCheck& check, CaseResult& result);
  Verdict RunAccepted(const TestCase& test_case, CaseResult& result);
  Result<std::vector<std::vector<std::byte>>> MaterializeInputs(const TestCase& test_case,
                                                                const std::vector<const ops::TensorBinding*>& ins);
  // What outputs are judged against: the expected outputs, the flushed reference's where the comparison
  // admits it (flush_to_zero.h; else empty), both in output binding order, and the behaviours the inputs
  // admit where they leave the answer open (behaviours.h; else empty).
  struct Expectations {
    const std::vector<std::vector<std::byte>>& expected;
    const std::vector<std::vector<std::byte>>& flushed;
    const std::vector<Behaviour>& admitted;
  };
  // `inputs` are the case's, from which a summing REDUCE's default tolerance derives its bounds.
  // `flags` are those the operator was compiled with (the tolerance may depend on them).
  Verdict Judge(const TestCase& test_case, ops::ExecutionFlags flags, const std::vector<backends::ConstBuffer>& inputs,
                const std::vector<const ops::TensorBinding*>& outs, const Expectations& expectations,
                std::vector<GuardedBuffer>& outputs, CaseResult& result) const;
  // A differential run's failed case (differential.h), judged again by the exact in-worker reference:
  // which side is within the case's own tolerance of the exact answer, into result.blame ("backend",
  // "reference", "both"), and as a sentence for the message ("; the exact reference plain agrees with the
  // backend under test: vulkan:0 is off"). "" where it cannot tell (the exact reference cannot run it).
  // `expected` are the differential reference's outputs; the exact answer's flushed alternative is its own.
  std::string Arbitrate(const TestCase& test_case, ops::ExecutionFlags flags, const std::vector<std::vector<std::byte>>& inputs,
                        const std::vector<const ops::TensorBinding*>& outs, const std::vector<std::vector<std::byte>>& expected,
                        std::vector<GuardedBuffer>& outputs, CaseResult& result);
  // Writes a failing case's outputs to --dump-dir; what could not be written, as "; dump failed: ...".
  std::string Dump(const std::string& id, const std::vector<const ops::TensorBinding*>& outs,
                   const std::vector<std::vector<std::byte>>& expected, std::vector<GuardedBuffer>& outputs) const;
  // A differential run's reference (differential.h): runs the case on `inputs` and writes the outputs
  // for the backend's worker to judge against. Pass when they are written.
  Verdict ComputeForJudge(const TestCase& test_case, CaseResult& result, const std::vector<const ops::TensorBinding*>& outs,
                          const std::vector<backends::ConstBuffer>& inputs);
  // The case's expected outputs in output binding order: from its initializers, or computed by the
  // reference from `inputs` where it gives none; in a differential run's judge, the differential
  // reference's outputs, the file's values unused.
  Result<std::vector<std::vector<std::byte>>> ExpectedOutputs(const TestCase& test_case, const std::string& id,
                                                              const std::vector<const ops::TensorBinding*>& outs,
                                                              const std::vector<backends::ConstBuffer>& inputs);
  // The behaviours the case's inputs admit (behaviours.h), from the reference's outputs: `expected` when
  // the file states no expected values, else computed again, only where the inputs leave something open.
  Result<std::vector<Behaviour>> Admitted(const TestCase& test_case, const std::vector<const ops::TensorBinding*>& outs,
                                          const std::vector<backends::ConstBuffer>& inputs,
                                          const std::vector<std::vector<std::byte>>& expected);
  // The reference's outputs from `inputs`, in output binding order.
  Result<std::vector<std::vector<std::byte>>> ComputeReference(const TestCase& test_case,
                                                               const std::vector<const ops::TensorBinding*>& outs,
                                                               const std::vector<backends::ConstBuffer>& inputs);
  // The flushed reference (flush_to_zero.h) when the comparison admits it for the case's desc, else
  // empty: the reference from `inputs` with FLOAT32 subnormals flushed, its FLOAT32 outputs flushed.
  Result<std::vector<std::vector<std::byte>>> FlushedReference(const TestCase& test_case,
                                                               const std::vector<const ops::TensorBinding*>& outs,
                                                               const std::vector<std::vector<std::byte>>& inputs,
                                                               const std::vector<std::vector<std::byte>>& expected);
  // The timed iterations into timing.cold and timing.hot.
  Status TimeIterations(backends::PreparedOperator& op, const std::vector<backends::ConstBuffer>& inputs,
                        const std::vector<backends::MutableBuffer>& outputs, CaseTiming& timing);
  // The reference backend, created on first use; an error when it cannot be created.
  Result<backends::Backend*> Reference();

  backends::Backend& backend_;
  ApiSteps api_;  // the steps only a backend over an API has: its verdict, execution flags, the A/B
  ReferenceFactory reference_factory_;
  RunOptions options_;
  std::mutex reference_mutex_;  // guards creation, and every use when the reference is not ThreadSafe()
  std::unique_ptr<backends::Backend> reference_;
  std::optional<Error> reference_error_;
  ModelCheckpoint model_checkpoint_;  // a model's state between its dispatch cases
};

}  // namespace dmlc::app
