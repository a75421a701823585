// The command-line options `run` and `fuzz` share: the backend and device, how cases execute (jobs,
// isolation, timeout, memory budget) and the report files. Declared once so the two cannot drift.
#pragma once

#include <CLI/CLI.hpp>

#include "app/conform/commands.h"

namespace dmlc::app {

void AddExecutionOptions(CLI::App& command, RunCommandOptions& o);

}  // namespace dmlc::app
