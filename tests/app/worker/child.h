// Helpers of the worker tests: start this test program as a child (child_modes.h) and read its output.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/worker/process.h"

namespace dmlc::app::worker {

// dmlc_worker_tests itself, started as `--child MODE ARGS...`; nullptr, with a test failure, when it
// cannot start.
std::unique_ptr<Process> SpawnChild(std::string_view mode, const std::vector<std::string>& args = {});

using ReadFunction = Result<size_t> (Process::*)(std::span<char>);
// What ReadStdout or ReadStderr gives until end of file; a read error is a test failure.
std::string ReadAll(Process& process, ReadFunction read);
// One line of stdout with its "\n", read a byte at a time so that nothing after it is taken.
std::string ReadLine(Process& process);

// An exit status and what its Describe() says.
struct DescribedStatus {
  ExitStatus status;
  const char* description;
};

testing::AssertionResult HasSubstring(std::string_view text, std::string_view part);

}  // namespace dmlc::app::worker
