// `dml-conform expectations update FILE REPORT... [--dry-run]`: a tagged expectations file made true
// from the reports of the runs it judges (app/policy/expectations_update.h). Declares the subcommand on
// the CLI and runs it. Exit 0 when the file is (or would be) unchanged and nothing needs a person, 1 when
// lines changed or a note says the file is not true yet, 2 when FILE or a report cannot be read. Owns its
// parsed options; lives as long as `app`.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace dmlc::app {

class ExpectationsCommand {
 public:
  explicit ExpectationsCommand(CLI::App& app);
  ExpectationsCommand(const ExpectationsCommand&) = delete;
  ExpectationsCommand& operator=(const ExpectationsCommand&) = delete;

  bool parsed() const { return update_->parsed(); }
  // Writes the changes and the totals to stdout, errors to stderr; returns the exit code.
  int Run() const;

 private:
  CLI::App* update_;
  std::string file_;
  std::vector<std::string> reports_;  // report files, or folders of *.json reports
  bool dry_run_ = false;
};

}  // namespace dmlc::app
