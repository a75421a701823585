// `dml-conform html REPORT.json [--base BASE.json] -o run.html`: declares the subcommand on the CLI
// and writes the page through app/html. Exit 0 when the page is written, 2 when a report cannot be read
// or the page cannot be written. Owns its parsed options; lives as long as `app`.
#pragma once

#include <CLI/CLI.hpp>

#include "app/html/html_report.h"

namespace dmlc::app {

class HtmlCommand {
 public:
  explicit HtmlCommand(CLI::App& app);
  HtmlCommand(const HtmlCommand&) = delete;
  HtmlCommand& operator=(const HtmlCommand&) = delete;

  bool parsed() const { return command_->parsed(); }
  int Run() const;

 private:
  CLI::App* command_;
  html::HtmlOptions options_;
};

}  // namespace dmlc::app
