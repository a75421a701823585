#include "app/worker/worker_args.h"

#include <charconv>

#include <spdlog/spdlog.h>

#include "app/case/byte_size.h"
#include "app/case/desc_parser.h"

namespace dmlc::app::worker {
namespace {

Error ArgError(const std::string& what) { return MakeError("worker", "", "worker arguments: " + what); }

std::optional<int> ToInt(const std::string& text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::vector<std::string> WorkerArgs(const WorkerOptions& o) {
  std::vector<std::string> args = {kWorkerCommand, "--backend", o.backend, "--reference", o.reference};
  if (!o.device.empty()) args.insert(args.end(), {"--device", o.device});
  if (o.debug) args.push_back("--debug");
  if (!o.pipeline_cache.empty()) args.insert(args.end(), {"--pipeline-cache", o.pipeline_cache.string()});
  if (o.threads > 0) args.insert(args.end(), {"--threads", std::to_string(o.threads)});
  if (o.run.feature_level) args.insert(args.end(), {"--feature-level", std::string(ops::FeatureLevelName(*o.run.feature_level))});
  if (!o.run.dump_dir.empty()) args.insert(args.end(), {"--dump-dir", o.run.dump_dir.string()});
  if (o.run.iterations > 0) {
    args.insert(args.end(), {"--iterations", std::to_string(o.run.iterations), "--warmup", std::to_string(o.run.warmup),
                             "--repeat", std::to_string(o.run.repeat)});
  }
  // Always written: the parent's limits are the ones it reports, whatever this worker's defaults.
  args.insert(args.end(), {"--max-file-size", std::to_string(o.load.max_file_size)});
  if (o.load.paths.allow_outside) args.push_back("--allow-paths-outside");
  if (!o.load.paths.output_dir.empty()) args.insert(args.end(), {"--output-dir", o.load.paths.output_dir.string()});
  args.insert(args.end(), {"--max-case-memory", std::to_string(o.run.max_case_memory)});
  if (o.run.execution_flags != ops::kExecutionFlagNone) {
    args.insert(args.end(), {"--execution-flags", ops::ExecutionFlagsText(o.run.execution_flags)});
  }
  if (o.run.ab_metacommands) args.push_back("--ab-metacommands");
  if (o.verbose) args.push_back("--verbose");
  return args;
}

Result<WorkerOptions> ParseWorkerArgs(const std::vector<std::string>& args) {
  if (args.empty() || args[0] != kWorkerCommand) return ArgError("they do not start with 'worker'");
  WorkerOptions o;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--debug") {
      o.debug = true;
      continue;
    }
    if (flag == "--verbose") {
      o.verbose = true;
      continue;
    }
    if (flag == "--ab-metacommands") {
      o.run.ab_metacommands = true;
      continue;
    }
    if (flag == "--allow-paths-outside") {
      o.load.paths.allow_outside = true;
      continue;
    }
    if (i + 1 == args.size()) return ArgError(flag + " needs a value");
    const std::string& value = args[++i];
    std::optional<int> number = ToInt(value);
    if (flag == "--backend") {
      o.backend = value;
    } else if (flag == "--reference") {
      o.reference = value;
    } else if (flag == "--device") {
      o.device = value;
    } else if (flag == "--pipeline-cache") {
      o.pipeline_cache = value;
    } else if (flag == "--dump-dir") {
      o.run.dump_dir = value;
    } else if (flag == "--output-dir") {
      o.load.paths.output_dir = value;
    } else if (flag == "--execution-flags") {
      Result<ops::ExecutionFlags> flags = ParseExecutionFlagList(value);
      if (!flags.ok()) return ArgError(flags.error().message);
      o.run.execution_flags = *flags;
    } else if (flag == "--feature-level") {
      o.run.feature_level = ops::ParseFeatureLevel(value);
      if (!o.run.feature_level) return ArgError("--feature-level " + value + " is not a feature level");
    } else if (flag == "--max-file-size" || flag == "--max-case-memory") {
      Result<uint64_t> bytes = ParseByteSize(value, flag);
      if (!bytes.ok()) return ArgError(bytes.error().message);
      (flag == "--max-file-size" ? o.load.max_file_size : o.run.max_case_memory) = *bytes;
    } else if (flag == "--threads" || flag == "--iterations" || flag == "--warmup") {
      if (!number || *number < 0) return ArgError(flag + " " + value + " is not a count");
      (flag == "--threads" ? o.threads : flag == "--iterations" ? o.run.iterations : o.run.warmup) = *number;
    } else if (flag == "--repeat") {
      if (!number || *number < 1) return ArgError(flag + " " + value + " is not a count of at least 1");
      o.run.repeat = *number;
    } else {
      return ArgError("unknown argument " + flag);
    }
  }
  if (o.backend.empty()) return ArgError("--backend is missing");
  return o;
}

int WorkerMain(const std::vector<std::string>& args) {
  Result<WorkerOptions> options = ParseWorkerArgs(args);
  if (!options.ok()) {
    spdlog::error("{}", options.error().ToString());
    return 2;
  }
  return ServeCases(*options);
}

}  // namespace dmlc::app::worker
