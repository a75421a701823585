// Turns the plan into Google Benchmark registrations: opens every selected backend (a backend whose
// enumerate() or create() fails is skipped with a log line), writes device and driver into the
// benchmark context, and registers, per backend, the copy baselines first and then every workload the
// backend supports. Call once, before benchmark::RunSpecifiedBenchmarks(); `session` and the returned
// backends must outlive the run.
#pragma once

#include <vector>

#include "app/bench/bench_options.h"
#include "app/bench/bench_session.h"

namespace dmlc::app::bench {

std::vector<BackendUnderTest> OpenBackends(const BenchOptions& options);

// Returns the number of benchmarks registered; an error when the plan itself cannot be built.
Result<int> RegisterBenchmarks(const BenchOptions& options, BenchSession& session,
                               std::vector<BackendUnderTest>& backends);

}  // namespace dmlc::app::bench
