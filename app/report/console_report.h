// The console: a progress line while running on a terminal, then the summary table by operator and
// data types, each failure, error (and, verbose, skip) with its details and rerun command, and totals.
#pragma once

#include <cstddef>
#include <ostream>
#include <vector>

#include "app/engine/case_result.h"
#include "app/report/format.h"

namespace dmlc::app {

enum class Verbosity : uint8_t { kQuiet, kNormal, kVerbose };

struct ConsoleOptions {
  Verbosity verbosity = Verbosity::kNormal;
  RerunOptions rerun;
};

// Quiet: failures and errors one line each plus totals. Normal: context line, table, failure details.
// Verbose: also skipped cases with their reasons.
void WriteConsoleReport(std::ostream& out, const RunContext& context, const std::vector<CaseResult>& results,
                        const ConsoleOptions& options);

// "\r[12/500] 1 fail, 0 error  reduce/sum/f32" rewritten in place; only on a terminal. Not thread-safe:
// the runner serializes its progress callbacks.
class ProgressLine {
 public:
  ProgressLine(std::ostream& out, bool enabled) : out_(out), enabled_(enabled) {}
  void Update(const CaseResult& result, size_t done, size_t total);
  // Erases the line so the report starts on a clean one.
  void Clear();

 private:
  std::ostream& out_;
  bool enabled_;
  RunTotals totals_;
};

}  // namespace dmlc::app
