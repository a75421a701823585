// The command-line options `run` and `fuzz` share: the backend and device, how cases execute (jobs,
// isolation, timeout, memory budget) and the report files. Declared once so the two cannot drift.
#pragma once

#include <CLI/CLI.hpp>

#include "app/conform/commands.h"

namespace dmlc::app {

void AddExecutionOptions(CLI::App& command, RunCommandOptions& o);

// The first backend that can be an exact reference (cpu, plain) other than `backend`; "" when none.
std::string ExactReferenceBesides(const std::string& backend);
// The judge is not the judged: `o.reference`, unless that is the backend under test itself; then the
// first other backend that can be a reference (cpu is judged by plain), where there is one.
std::string IndependentReference(const RunCommandOptions& o);

}  // namespace dmlc::app
