// The worker side of process isolation: `dml-conform worker ...` (or any program that calls
// ServeCases, such as a test binary with its own backends registered) creates its backend once, says
// so on the protocol line, then runs the cases the parent names, one at a time, answering each with its
// result (protocol.h). It ends when its stdin closes, or after a case lost the device, so that the
// parent starts a fresh worker with a fresh device. A crash or hang here costs the parent one case.
#pragma once

#include <filesystem>
#include <string>

#include "app/case/case_loader.h"
#include "app/engine/runner.h"
#include "backends/registry.h"

namespace dmlc::app::worker {

struct WorkerOptions {
  std::string backend;
  std::string reference = "cpu";  // the backend computing expected outputs a case leaves out
  std::string device;
  bool debug = false;
  int threads = 0;      // the backend's own threads (cpu); 0 = its default
  std::filesystem::path pipeline_cache;  // BackendOptions::pipeline_cache; empty = none
  bool verbose = false; // log at debug level (else warnings and errors only)
  RunOptions run;       // feature level, dump folder, warmup, iterations and the case memory budget;
                        // jobs and fail_fast unused
  LoadOptions load;     // --max-file-size, --allow-paths-outside, --output-dir: files load as in the parent
};

// What the worker's backend is created with.
backends::BackendOptions BackendOptionsOf(const WorkerOptions& options);

// Serves requests from stdin; the protocol goes to what was stdout, and stdout itself is pointed at
// stderr first, so that a driver printing to stdout cannot garble the protocol. Returns the exit code.
int ServeCases(const WorkerOptions& options);

}  // namespace dmlc::app::worker
