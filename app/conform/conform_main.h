// dml-conform's whole command line as a function: the product's main() calls it, and so do test programs
// that first register backends of their own (tests/app/planted), so they behave exactly like dml-conform,
// worker processes included.
#pragma once

namespace dmlc::app {

// Parses argv and runs the subcommand, or the worker mode `PROGRAM worker ...` that `run` starts; returns
// the process exit code (kExitOk, kExitFailures, kExitUsage; commands.h). Backends registered with
// backends::RegisterExtraBackend() before the call are selectable like built-in ones.
int ConformMain(int argc, char** argv);

}  // namespace dmlc::app
