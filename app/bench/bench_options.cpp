#include "app/bench/bench_options.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <string_view>

#include "app/case/byte_size.h"

namespace dmlc::app::bench {
namespace {

constexpr std::string_view kQuickMinTime = "--benchmark_min_time=0.05";

// "--name=value" -> value when `arg` is that flag.
bool TakeValue(std::string_view arg, std::string_view name, std::string* value) {
  if (arg.size() <= name.size() + 1 || arg.substr(0, name.size()) != name || arg[name.size()] != '=') {
    return false;
  }
  *value = std::string(arg.substr(name.size() + 1));
  return true;
}

std::vector<std::string> SplitComma(const std::string& text) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) parts.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

Result<double> ParseMilliseconds(const std::string& text) {
  double value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size() || !(value > 0) || value > 60000) {
    return MakeError("dml-bench", "--device-batch-ms", "'" + text + "' is not a time in milliseconds",
                     "a number of milliseconds, greater than 0 and at most 60000");
  }
  return value;
}

// "FLOAT16,int8" or "all" -> the types in ops::kAllDataTypes' order, each once.
Result<std::vector<ops::DataType>> ParseDataTypes(const std::string& text) {
  std::vector<ops::DataType> named;
  for (const std::string& part : SplitComma(text)) {
    if (part == "all") {
      named.assign(std::begin(ops::kAllDataTypes), std::end(ops::kAllDataTypes));
      continue;
    }
    std::string upper = part;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::optional<ops::DataType> type = ops::ParseDataType(upper);
    if (!type) {
      return MakeError("dml-bench", "--dtypes", "'" + part + "' is not a data type",
                       "a comma-separated list of DirectML data types (FLOAT32, FLOAT16, INT8, ...) or 'all'");
    }
    named.push_back(*type);
  }
  if (named.empty()) {
    return MakeError("dml-bench", "--dtypes", "no data type given", "at least one data type, or 'all'");
  }
  std::vector<ops::DataType> ordered;
  for (ops::DataType type : ops::kAllDataTypes) {
    if (std::find(named.begin(), named.end(), type) != named.end()) ordered.push_back(type);
  }
  return ordered;
}

}  // namespace

Result<uint64_t> ParseByteSize(const std::string& text) {
  Result<uint64_t> bytes = app::ParseByteSize(text, "--max-size");
  if (!bytes.ok() || *bytes == 0 || *bytes > (uint64_t{1} << 40)) {
    return MakeError("dml-bench", "--max-size", "'" + text + "' is not a size",
                     "a positive number of bytes, optionally with KiB, MiB or GiB, at most 1024GiB");
  }
  return bytes;
}

std::string FormatByteSize(uint64_t bytes) {
  static constexpr std::pair<uint64_t, const char*> kUnits[] = {
      {uint64_t{1} << 30, "GiB"}, {uint64_t{1} << 20, "MiB"}, {uint64_t{1} << 10, "KiB"}};
  for (const auto& [scale, name] : kUnits) {
    if (bytes >= scale && bytes % scale == 0) return std::to_string(bytes / scale) + name;
  }
  return std::to_string(bytes) + "B";
}

Result<ParsedArgs> ParseBenchOptions(const std::vector<std::string>& argv, const char* quick_env) {
  ParsedArgs parsed;
  BenchOptions& options = parsed.options;
  options.quick = quick_env != nullptr && std::string_view(quick_env) == "1";
  std::vector<std::string> theirs;
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    std::string value;
    if (arg == "--quick") {
      options.quick = true;
    } else if (TakeValue(arg, "--backends", &value)) {
      options.backends = SplitComma(value);
    } else if (TakeValue(arg, "--max-size", &value)) {
      auto size = ParseByteSize(value);
      if (!size.ok()) return size.error();
      options.max_size_bytes = *size;
    } else if (TakeValue(arg, "--dtypes", &value)) {
      auto types = ParseDataTypes(value);
      if (!types.ok()) return types.error();
      options.dtypes = std::move(types).value();
    } else if (arg == "--sweep") {
      options.sweep = true;
    } else if (TakeValue(arg, "--device", &value)) {
      options.device = value;
    } else if (TakeValue(arg, "--device-batch-ms", &value)) {
      auto ms = ParseMilliseconds(value);
      if (!ms.ok()) return ms.error();
      options.device_batch_ms = *ms;
    } else {
      if (arg == "--help" || arg == "-h") options.help = true;
      theirs.push_back(arg);
    }
  }
  if (!argv.empty()) parsed.remaining.push_back(argv[0]);
  if (options.quick) parsed.remaining.emplace_back(kQuickMinTime);
  parsed.remaining.insert(parsed.remaining.end(), theirs.begin(), theirs.end());
  return parsed;
}

std::string BenchUsage() {
  return "dml-bench flags (before Google Benchmark's own):\n"
         "  --quick               FLOAT32, two sizes, four REDUCE functions, short runs (CI); or DMLC_BENCH_QUICK=1\n"
         "  --backends=a,b        only these backends (default: every registered backend that is available, but plain)\n"
         "  --max-size=SIZE       top of the size ladder per tensor, e.g. 64MiB (default 64MiB cpu, 1GiB devices)\n"
         "  --dtypes=T,U|all      data types to run (default: all eleven; FLOAT32 with --quick but no --sweep);\n"
         "                        each operator runs on those its support table allows\n"
         "  --sweep               one size per backend (the top of its ladder), every REDUCE function: the\n"
         "                        whole operator x type matrix\n"
         "  --device=D            device index or name substring, for every backend\n"
         "  --device-batch-ms=T   GPU time of one device batch (default 100): back-to-back dispatches on\n"
         "                        resident buffers; an iteration runs 3 to 5 batches and reports the fastest\n"
         "                        batch's median; one iteration per repetition (use --benchmark_repetitions)\n"
         "Counters: bytes_per_second (bytes read + written per second of measured time), fraction_of_copy\n"
         "(against the same backend's copy baseline at the same size, this run: the median of its\n"
         "repetitions so far), cold_ms (first dispatch),\n"
         "prepare_ms, gpu_timed (1 when times come from GPU timestamps), dispatches (per device batch).\n\n";
}

}  // namespace dmlc::app::bench
