// The console: a progress line while running on a terminal, then the summary table by operator and
// data types, each case that fails the run (fail, error, crash, timeout, unexpected pass; verbose, also
// each skip) with its details and rerun command, one line per expected failure, flake and pass under
// another admitted behaviour, and totals.
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

// Quiet: the cases that fail the run one line each, plus totals. Normal: context line (isolation and
// shard when set), each timed case's timing line (timing_lines.h), table (a column for crash, timeout,
// expected-fail, unexpected-pass or flake only when some case has it), failure details; expected
// failures, flakes and passes under another admitted behaviour than their file expects one line each;
// totals (those passes counted apart, and a line saying how many planned cases finished when the run was
// interrupted). Verbose: also skipped cases with their reasons, and each timed case's cold and hot
// statistics.
void WriteConsoleReport(std::ostream& out, const RunContext& context, const std::vector<CaseResult>& results,
                        const ConsoleOptions& options);

// "\r[12/500] 3 fail (1 crashed), 0 error  reduce/sum/f32" rewritten in place (fail counts fail, crash,
// timeout and unexpected pass; crashes are named when there are any); only on a terminal. Not thread-safe:
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
