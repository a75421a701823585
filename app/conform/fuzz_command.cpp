// `dml-conform fuzz`: the campaign (fuzz_campaign.h) from the command line, its findings written as case
// files that `run` replays, and a summary with the throughput.
#include <charconv>
#include <chrono>
#include <filesystem>
#include <iostream>

#include <spdlog/spdlog.h>

#include "app/case/case_writer.h"
#include "app/conform/commands.h"
#include "app/conform/fuzz_campaign.h"
#include "app/conform/report_files.h"
#include "app/worker/interrupt.h"

namespace dmlc::app {
namespace {

// "90s", "10m", "2h" or plain seconds.
Result<double> ParseDuration(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  auto [rest, ec] = std::from_chars(text.data(), end, value);
  const std::string unit(rest, end);
  const double scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : 0;
  if (ec != std::errc() || scale == 0 || value < 0) {
    return MakeError("--duration", "", "--duration '" + text + "' is not a duration (expected e.g. 90s, 10m, 2h)");
  }
  return value * scale;
}

// "SEED:INDEX".
Result<std::pair<uint64_t, uint64_t>> ParseReplay(const std::string& text) {
  const size_t colon = text.find(':');
  uint64_t seed = 0, index = 0;
  const char* end = text.data() + text.size();
  const bool ok = colon != std::string::npos &&
                  std::from_chars(text.data(), text.data() + colon, seed).ptr == text.data() + colon &&
                  std::from_chars(text.data() + colon + 1, end, index).ptr == end && colon + 1 < text.size();
  if (!ok) return MakeError("--replay", "", "--replay '" + text + "' is not SEED:INDEX (e.g. 1:4242)");
  return std::pair{seed, index};
}

Result<FuzzSettings> Settings(const FuzzCommandOptions& o, const ExecutorOptions& execution) {
  FuzzSettings s;
  s.seed = o.seed;
  s.count = o.count > 0 ? o.count : o.duration.empty() ? 1000 : UINT64_MAX;
  if (!o.duration.empty()) {
    Result<double> seconds = ParseDuration(o.duration);
    if (!seconds.ok()) return seconds.error();
    s.deadline = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(*seconds));
  }
  if (!o.replay.empty()) {
    Result<std::pair<uint64_t, uint64_t>> replay = ParseReplay(o.replay);
    if (!replay.ok()) return replay.error();
    std::tie(s.seed, s.first_index) = *replay;
    s.count = 1;
  }
  for (const std::string& name : o.ops) {
    std::optional<ops::OperatorType> type = ops::ParseOperatorType(name);
    if (!type) return MakeError("--ops", "", "--ops '" + name + "' is not an operator (expected e.g. REDUCE, GATHER_ND1, JOIN)");
    s.generator.ops.push_back(*type);
  }
  s.generator.feature_level = execution.worker.run.feature_level.value_or(ops::kHighestFeatureLevel);
  s.generator.max_elements = o.max_elements;
  s.shrink.max_attempts = o.shrink_attempts;
  if (o.max_shrinks >= 0) s.max_shrinks = static_cast<size_t>(o.max_shrinks);
  return s;
}

size_t LargestTensor(const TestCase& tc) {
  uint64_t largest = 0;
  for (const ops::TensorBinding& b : ops::Bindings(tc.desc)) {
    if (Result<uint64_t> n = ops::ElementCount(b.desc->Sizes); n.ok()) largest = std::max(largest, *n);
  }
  return largest;
}

// The shrunk case as a case file in --out, its description saying where it came from.
Result<std::string> WriteFinding(const FuzzCommandOptions& o, const FuzzSettings& s, Finding& f) {
  TestCase tc = f.shrunk;
  tc.description = "Found by dml-conform fuzz --backend " + o.run.backend + " --seed " + std::to_string(s.seed) + " (case " +
                   std::to_string(f.first_index) + ", --replay " + std::to_string(s.seed) + ":" +
                   std::to_string(f.first_index) + "): " + f.signature.ToString() + ": " + f.first.message + ". " +
                   (f.shrunk_done ? "Shrunk from " + std::to_string(f.original_draws) + " to " +
                                        std::to_string(f.shrink.draws.size()) + " draws; the shrunk case: " +
                                        std::string(StatusName(f.shrunk_result.status)) + ": " + f.shrunk_result.message
                                  : std::string("Not shrunk (--max-shrinks)."));
  tc.tags = {"fuzz-finding"};
  const std::filesystem::path path = std::filesystem::path(o.out) / (f.signature.Slug() + ".json");
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (!WriteReportFile(path.string(), "finding", [&](std::ostream& out) { out << WriteCaseFile(std::span(&tc, 1)); })) {
    return MakeError("--out", "", "cannot write " + path.string());
  }
  return path.string();
}

void PrintSummary(std::ostream& out, const FuzzCommandOptions& o, const FuzzSettings& s, const FuzzOutcome& outcome,
                  const backends::DeviceInfo& device, const std::vector<std::string>& files) {
  const double rate = outcome.run_seconds > 0 ? static_cast<double>(outcome.results.size()) / outcome.run_seconds : 0;
  char timing[96];
  std::snprintf(timing, sizeof(timing), "%.2f s, %.0f cases/s", outcome.run_seconds, rate);
  out << "fuzz: seed " << s.seed << ", " << outcome.results.size() << " cases (" << outcome.invalid
      << " generated invalid) on " << o.run.backend << " (" << device.name << "), " << timing
      << (outcome.interrupted ? ", interrupted" : "") << "\n";
  if (outcome.findings.empty()) {
    out << "no findings\n";
    return;
  }
  out << outcome.findings.size() << (outcome.findings.size() == 1 ? " finding" : " findings") << " (one per signature):\n";
  for (size_t i = 0; i < outcome.findings.size(); ++i) {
    const Finding& f = outcome.findings[i];
    out << "  " << f.signature.ToString() << ": " << f.count << (f.count == 1 ? " case" : " cases") << ", first case "
        << f.first_index << " (--replay " << s.seed << ":" << f.first_index << ")\n"
        << "    " << f.first.message << "\n"
        << "    " << (f.shrunk_done ? "shrunk from " + std::to_string(f.original_draws) + " to " +
                                          std::to_string(f.shrink.draws.size()) + " draws in " +
                                          std::to_string(f.shrink.attempts) + " runs"
                                    : std::string("not shrunk (--max-shrinks)"))
        << ": largest tensor " << LargestTensor(f.shrunk) << " elements, " << StatusName(f.shrunk_result.status)
        << (files[i].empty() ? "" : " -> " + files[i]) << "\n";
  }
}

}  // namespace

int FuzzCommand(const FuzzCommandOptions& o) {
  worker::InstallInterruptHandlers();
  Result<ExecutorOptions> execution = ExecutionOptions(o.run);
  Result<FuzzSettings> settings = execution.ok() ? Settings(o, *execution) : Result<FuzzSettings>(execution.error());
  if (!settings.ok()) {
    spdlog::error("{}", settings.error().message);
    return kExitUsage;
  }
  Result<policy::RunTags> given = policy::ParseGivenTags(o.run.tags);
  if (!given.ok()) {
    spdlog::error("{}", given.error().ToString());
    return kExitUsage;
  }
  RunContext context = CollectRunContext();
  context.backend = o.run.backend;
  context.revision = o.run.revision;
  // Before the baseline is made: its lines are chosen by tags that include it.
  context.reference = execution->differential ? execution->differential->Name() : "";
  context.feature_level = std::string(ops::FeatureLevelName(settings->generator.feature_level));
  std::optional<RunBaseline> baseline;
  if (!o.run.baseline.empty()) {
    Result<policy::Expectations> loaded = policy::LoadExpectations(o.run.baseline);
    if (!loaded.ok()) {
      spdlog::error("{}", loaded.error().ToString());
      return kExitUsage;
    }
    baseline.emplace(std::move(loaded).value(), context, *given);
    settings->baseline = &*baseline;
  }
  if (!o.replay.empty()) std::cout << WriteCaseFile(std::vector{GenerateCase(settings->seed, settings->first_index, settings->generator)});
  Result<std::unique_ptr<CaseExecutor>> executor = MakeExecutor(o.run, *execution);
  if (!executor.ok()) {
    spdlog::error("{}", executor.error().message);
    return kExitUsage;
  }
  const auto start = std::chrono::steady_clock::now();
  FuzzOutcome outcome = RunFuzz(**executor, *settings, [] { return worker::InterruptSignal() != 0; });
  if (outcome.error && outcome.results.empty()) {
    spdlog::error("backend '{}' is unavailable: {}", o.run.backend, outcome.error->ToString());
    return kExitUsage;
  }
  bool written = true;
  std::vector<std::string> files;
  for (Finding& f : outcome.findings) {
    files.emplace_back();
    // An unexpected pass is a finding about the baseline, not a case that fails: no file to replay.
    if (o.out.empty() || f.first.status == CaseStatus::kUnexpectedPass) continue;
    Result<std::string> file = WriteFinding(o, *settings, f);
    written &= file.ok();
    if (file.ok()) files.back() = *file;
  }

  context.device = (*executor)->Device().name;
  context.driver = (*executor)->Device().driver;
  context.tags = TagsOnDevice(context, (*executor)->Device(), *given);
  context.jobs = (*executor)->Jobs();
  context.reference_device = (*executor)->ReferenceDevice();
  context.isolation = o.run.isolation == "none" ? "none" : "process";
  context.timeout_s = o.run.isolation == "none" ? 0 : execution->timeout_s;
  context.planned_cases = static_cast<int>(outcome.results.size());
  context.interrupted = outcome.interrupted;
  context.duration_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  written &= WriteReportFiles({o.run.report, o.run.junit, o.run.html}, context, outcome.results);
  PrintSummary(std::cout, o, *settings, outcome, (*executor)->Device(), files);

  if (outcome.interrupted) return worker::InterruptExitCode(worker::InterruptSignal());
  if (!outcome.findings.empty()) return kExitFailures;
  return written ? kExitOk : kExitUsage;
}

}  // namespace dmlc::app
