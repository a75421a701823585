// dml-bench: Google Benchmark over every operator on every available backend. Our flags (--quick,
// --backends, --max-size, --device) are taken out of argv before benchmark::Initialize sees the rest.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "app/bench/bench_options.h"
#include "app/bench/bench_session.h"
#include "app/bench/registration.h"

int main(int argc, char** argv) {
  using namespace dmlc::app::bench;
  // Logs go to stderr: stdout carries the benchmark output (JSON with --benchmark_format=json).
  spdlog::set_default_logger(spdlog::stderr_color_st("dml-bench"));

  auto parsed = ParseBenchOptions(std::vector<std::string>(argv, argv + argc), std::getenv("DMLC_BENCH_QUICK"));
  if (!parsed.ok()) {
    std::fprintf(stderr, "dml-bench: %s\n", parsed.error().ToString().c_str());
    return 2;
  }
  if (parsed->options.help) std::cout << BenchUsage();
  std::vector<char*> bench_argv;
  for (auto& arg : parsed->remaining) bench_argv.push_back(arg.data());
  int bench_argc = static_cast<int>(bench_argv.size());
  benchmark::Initialize(&bench_argc, bench_argv.data());
  if (benchmark::ReportUnrecognizedArguments(bench_argc, bench_argv.data())) return 2;

  BenchSession session(0, parsed->options.device_batch_ms);
  std::vector<BackendUnderTest> backends = OpenBackends(parsed->options);
  if (backends.empty()) {
    std::fprintf(stderr, "dml-bench: no backend is available\n");
    return 2;
  }
  auto registered = RegisterBenchmarks(parsed->options, session, backends);
  if (!registered.ok()) {
    std::fprintf(stderr, "dml-bench: %s\n", registered.error().ToString().c_str());
    return 2;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
