// A case's timings on the console in DxDispatch's words, so that its users read them as they read
// DxDispatch's own (docs/case-format.md, "Timings"): one line per case with -i, and with -v the
// Initialize (prepare) time, the compared execution and the cold and hot statistics with their sample
// counts. Pure functions; thread-safe.
#pragma once

#include <string>
#include <vector>

#include "app/engine/case_result.h"

namespace dmlc::app {

// Empty unless the case ran timed iterations (timing.hot). Otherwise, brief:
//   Dispatch 'ID': 10 iterations, 0.0123 ms median (CPU), 0.004567 ms median (GPU)
// (the GPU part only with GPU times); verbose:
//   Initialize 'ID': 0.1250 ms
//   Compared execution 'ID': 0.2500 ms (CPU), 0.062500 ms (GPU)
//   Dispatch 'ID': 10 iterations
//   CPU Timings (Cold) : 1 samples, 0.0200 ms average, 0.0200 ms min, 0.0200 ms median, 0.0200 ms max
//   GPU Timings (Cold) : ...
//   CPU Timings (Hot)  : 9 samples, ...
//   GPU Timings (Hot)  : ...
// (a phase's lines only where it has samples). Times in milliseconds, CPU with 4 decimals and GPU
// median with 6, as DxDispatch prints them.
std::vector<std::string> TimingLines(const CaseResult& result, bool verbose);

}  // namespace dmlc::app
