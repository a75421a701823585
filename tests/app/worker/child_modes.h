// The child side of the worker tests: dmlc_worker_tests started as `dmlc_worker_tests --child MODE ARGS...`
// runs one of these instead of the tests, so that the tests supervise real processes with real faults.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/worker/process.h"

namespace dmlc::app::worker {

// Modes, each run as a worker: PrepareWorkerProcess() first.
//   echo          copies stdin to stdout line by line, flushing each line; exits 0 at end of file
//   exit CODE     exits with CODE
//   crash         writes through a null pointer
//   abort         calls std::abort()
//   sleep         writes "ready\n", then sleeps until killed (end of file on stdin does not end it)
//   flood         writes kFloodBytes of FloodPattern(.., 'o') to stdout and of 'e' to stderr at once
//   args ARGS...  writes each argument as it arrived, each followed by a NUL byte
//   spawn-sleeper starts a "sleep" child of its own, writes that child's process id and "\n", then sleeps
// Returns the exit code; an unknown mode is exit code 100.
int RunChildMode(std::string_view mode, const std::vector<std::string>& args);

// Starts this program as a child in `mode`.
Result<std::unique_ptr<Process>> StartChild(std::string_view mode, const std::vector<std::string>& args = {});

inline constexpr size_t kFloodBytes = size_t{4} << 20;
// Every byte value, CR, LF and 0x1A (text-mode end of file on Windows) among them, in an order that
// depends on `salt`, so that a dropped, repeated or swapped chunk shows.
std::string FloodPattern(size_t size, char salt);

}  // namespace dmlc::app::worker
