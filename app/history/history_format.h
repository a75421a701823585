// What `history` writes: the JSON of a History (schema in docs/reports.md, "History across runs") and
// the console summary. Pure; thread-safe.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "app/history/history.h"

namespace dmlc::app::history {

// {"schemaVersion", "runs", "configurations", "cases", "flakes", "regressions", "failing"}; runs are
// referred to by their index in "runs".
nlohmann::ordered_json HistoryJson(const History& history);

// Runs read (numbered from 1, as the run pages are), configurations, then each flake, regression and
// always failing case one line each, and a closing count line.
void WriteHistorySummary(std::ostream& out, const History& history);

}  // namespace dmlc::app::history
