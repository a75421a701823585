// dml-bench's own flags, parsed out of argv before Google Benchmark sees the rest. Thread-compatible
// plain data; ParseBenchOptions() is a pure function of its arguments and the environment.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ops/data_type.h"
#include "ops/error.h"

namespace dmlc::app::bench {

struct BenchOptions {
  // Quick mode (--quick or DMLC_BENCH_QUICK=1): FLOAT32 only, two small sizes, four REDUCE functions
  // and a short minimum time, so a CI run finishes in well under a minute on two cores.
  bool quick = false;
  std::vector<std::string> backends;  // --backends=cpu,vulkan; empty = every registered backend
  // --max-size=64MiB: the top of the size ladder per tensor; 0 = the default (64 MiB for the CPU
  // backend, 1 GiB for device backends; 4 MiB in quick mode).
  uint64_t max_size_bytes = 0;
  std::string device;  // --device=1: passed to every backend's create()
  // --device-batch-ms=T: device backends time back-to-back dispatches on resident buffers
  // (PreparedOperator::ExecuteRepeated) in batches of about T ms of GPU time (10 to 1000 dispatches); a
  // benchmark iteration runs 3 to 5 batches (settle.h) and reports the fastest batch's median dispatch
  // time. Long enough that the GPU leaves its idle clocks; the transfers stay outside.
  double device_batch_ms = 100;
  // --dtypes=FLOAT16,INT8 or --dtypes=all: the data types to run, in ops::kAllDataTypes' order; empty = the
  // default (FLOAT32 in quick mode unless sweeping, else all eleven). Each operator runs on those its table allows.
  std::vector<ops::DataType> dtypes;
  // --sweep: one size per backend (the top of its ladder), every REDUCE function and (by default) every
  // data type, quick or not.
  bool sweep = false;
  bool help = false;   // --help: our flags are printed before Google Benchmark's
};

struct ParsedArgs {
  BenchOptions options;
  std::vector<std::string> remaining;  // argv[0] and every flag that is not ours, in order
};

// Takes our flags out of argv. Quick mode adds "--benchmark_min_time=0.05" ahead of the caller's own
// flags, so an explicit --benchmark_min_time still wins (Google Benchmark keeps the last one).
Result<ParsedArgs> ParseBenchOptions(const std::vector<std::string>& argv, const char* quick_env);

// "64MiB", "1GiB", "4096" (bytes), spelled as dml-conform's limits are (app/case/byte_size.h); positive and
// at most 1 TiB.
Result<uint64_t> ParseByteSize(const std::string& text);
// 1024 -> "1KiB", 67108864 -> "64MiB": the exact binary unit that divides the size.
std::string FormatByteSize(uint64_t bytes);

// One line per flag, for --help.
std::string BenchUsage();

}  // namespace dmlc::app::bench
