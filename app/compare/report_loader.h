// Reads the two kinds of JSON that `compare` accepts into one shape: an id per case or benchmark, its
// status and the median time to compare.
//   - dml-conform reports (--report): "schemaVersion" and "cases": [{"id", "status", "message",
//     "timing": {"hot": {"cpuMs": {"median"}, "gpuMs"?: {"median"}}}}]. The status is any of the nine
//     (an unknown one is an error). The GPU median is used when present (device time), else the CPU
//     one; a case without hot timings has no time to compare.
//   - Google Benchmark JSON (dml-bench --benchmark_format=json): "benchmarks": [{"name", "run_name",
//     "run_type", "aggregate_name", "real_time", "time_unit", "error_occurred", "error_message"}].
//     The id is run_name; the time is the "median" aggregate when repetitions produced one, else the
//     median of the iteration rows. real_time is the manual (GPU) time for dml-bench's benchmarks.
// Pure functions; errors name the file, and for JSON syntax errors the byte offset.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/engine/case_result.h"
#include "ops/error.h"

namespace dmlc::app::compare {

enum class ReportKind { kConformance, kBenchmark };
std::string_view ReportKindName(ReportKind kind);  // "dml-conform report", "Google Benchmark JSON"

struct ReportEntry {
  CaseStatus status = CaseStatus::kPass;  // a benchmark is pass or error
  std::string message;
  std::optional<double> median_ms;
};

struct LoadedReport {
  ReportKind kind = ReportKind::kConformance;
  std::string path;
  std::vector<std::string> ids;  // in file order, each once
  std::map<std::string, ReportEntry> entries;
};

Result<LoadedReport> ParseReport(const std::string& text, const std::string& path);
Result<LoadedReport> LoadReport(const std::string& path);

}  // namespace dmlc::app::compare
