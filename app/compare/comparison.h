// The rule that decides what changed between two loaded reports of the same kind. One place, so the
// text and markdown outputs and the exit code agree. Pure functions on plain data.
#pragma once

#include <string>
#include <vector>

#include "app/compare/report_loader.h"

namespace dmlc::app::compare {

struct Thresholds {
  // A time regresses when new > base * (1 + relative) AND new - base > noise_floor_ms: the floor keeps
  // microsecond-scale jitter on tiny cases from gating CI. Improvements are the mirror image.
  double relative = 0.10;
  double noise_floor_ms = 0.05;
};

struct StatusChange {
  std::string id;
  std::string base_status;  // "fail", as reports spell it; "" for a case that BASE does not have
  std::string new_status;
  std::string message;      // NEW's message
};

struct TimingChange {
  std::string id;
  double base_ms = 0;
  double new_ms = 0;
  double Change() const { return new_ms / base_ms - 1; }  // +0.25 = 25% slower
};

// A failing status is one that turns a run red: fail, error, crash, timeout, unexpected-pass.
struct Comparison {
  // Failing in NEW where BASE's status was not failing (new cases too), or crash/timeout in NEW where
  // BASE had another status: a fail that became a crash is worse than the fail it was.
  std::vector<StatusChange> new_failures;
  std::vector<StatusChange> fixes;          // failing in BASE; pass, expected-fail or flake in NEW
  std::vector<StatusChange> newly_skipped;  // pass in BASE, skip in NEW: lost coverage, reported only
  std::vector<std::string> missing;         // in BASE, absent from NEW
  std::vector<std::string> added;           // in NEW only (a failing one is also a new failure)
  std::vector<TimingChange> regressions;
  std::vector<TimingChange> improvements;
  int timings_compared = 0;

  // New failures, missing cases and timing regressions are regressions; the rest is information.
  bool HasRegression() const { return !new_failures.empty() || !missing.empty() || !regressions.empty(); }
};

// Precondition: base.kind == now.kind (RunCompare checks it). Lists follow BASE's order, then NEW's.
Comparison CompareReports(const LoadedReport& base, const LoadedReport& now, const Thresholds& thresholds);

}  // namespace dmlc::app::compare
