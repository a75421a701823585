// The worker side of process isolation: `dml-conform worker --protocol 1` (or any program that calls
// ServeCases, such as a test binary with its own backends registered) reads the run's options from the
// first line of its stdin, creates its backend once, says so on the protocol line, then runs the cases
// the parent names, one at a time, answering each with its result (protocol.h). It ends when its stdin
// closes, or after a case lost the device, so that the parent starts a fresh worker with a fresh device.
// A crash or hang here costs the parent one case.
#pragma once

#include "app/worker/worker_options.h"
#include "backends/registry.h"

namespace dmlc::app::worker {

// What the worker's backend is created with.
backends::BackendOptions BackendOptionsOf(const WorkerOptions& options);

// Serves requests from stdin, the options line first; the protocol goes to what was stdout, and stdout
// itself is pointed at stderr first, so that a driver printing to stdout cannot garble the protocol.
// Returns the exit code.
int ServeCases();

}  // namespace dmlc::app::worker
