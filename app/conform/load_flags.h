// The flags of every command that loads case files (run, list, validate): --max-file-size (docs/cli.md,
// "Limits") and --allow-paths-outside (docs/untrusted-files.md); run also takes --output-dir. Declared
// once so the commands cannot drift.
#pragma once

#include <CLI/CLI.hpp>

#include "app/case/case_loader.h"
#include "app/conform/commands.h"
#include "ops/error.h"

namespace dmlc::app {

// --output-dir and --tolerance are declared only when `for_run` (run writes files and judges outputs;
// list and validate do neither).
void AddLoadFlags(CLI::App& command, LoadFlags& flags, bool for_run);

// The flags as the loader takes them; --output-dir made absolute, since workers read it too. Errors name
// the flag.
Result<LoadOptions> ParseLoadFlags(const LoadFlags& flags);

}  // namespace dmlc::app
