// `dml-conform html REPORT.json [--base BASE.json] -o run.html`: declares the subcommand on the CLI
// and writes the page through app/html. With --runs, `html --runs REPORT...|FOLDER -o runs.html`: the
// operators x runs matrix of many runs and each run's page beside it (app/html/runs_page.h). Exit 0
// when the pages are written, 2 when a report cannot be read, the arguments do not fit together or a
// page cannot be written. Owns its parsed options; lives as long as `app`.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/html/html_report.h"

namespace dmlc::app {

class HtmlCommand {
 public:
  explicit HtmlCommand(CLI::App& app);
  HtmlCommand(const HtmlCommand&) = delete;
  HtmlCommand& operator=(const HtmlCommand&) = delete;

  bool parsed() const { return command_->parsed(); }
  int Run();

 private:
  int RunsPage() const;

  CLI::App* command_;
  std::vector<std::string> reports_;
  bool runs_ = false;
  html::HtmlOptions options_;
};

}  // namespace dmlc::app
