// `dml-conform compare BASE.json NEW.json`: declares the subcommand on the CLI and runs it through
// app/compare's RunCompare (conformance reports and dml-bench JSON alike). Exit 0 no regression, 1 any
// regression, 2 unreadable or mismatched files. Owns its parsed options; lives as long as `app`.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "app/compare/run_compare.h"

namespace dmlc::app {

// --threshold and --noise-floor-ms, as compare and html both take them.
void AddThresholdOptions(CLI::App& command, compare::Thresholds& thresholds);

class CompareCommand {
 public:
  explicit CompareCommand(CLI::App& app);
  CompareCommand(const CompareCommand&) = delete;
  CompareCommand& operator=(const CompareCommand&) = delete;

  bool parsed() const { return command_->parsed(); }
  // Writes the comparison to stdout and load errors to stderr; returns the exit code.
  int Run() const;

 private:
  CLI::App* command_;
  compare::CompareOptions options_;
  std::string format_ = "text";
  std::string html_;  // --html: the page of NEW with its changes since BASE
};

}  // namespace dmlc::app
