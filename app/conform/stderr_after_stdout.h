// The log sink of dml-conform: each log line goes to stderr (in colour on a terminal) only after stdout
// has been flushed. The report and listings go to stdout, buffered; without this, a reader of both
// streams (a CI log, a test parsing the last line) could see a log line land inside a report line cut at
// the buffer's edge.
#pragma once

#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>

#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>

namespace dmlc::app {

class StderrAfterStdoutSink final : public spdlog::sinks::base_sink<std::mutex> {
 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    std::cout.flush();
    std::fflush(stdout);
    stderr_.log(msg);
  }
  void flush_() override { stderr_.flush(); }
  void set_pattern_(const std::string& pattern) override { stderr_.set_pattern(pattern); }
  void set_formatter_(std::unique_ptr<spdlog::formatter> formatter) override {
    stderr_.set_formatter(std::move(formatter));
  }

 private:
  spdlog::sinks::stderr_color_sink_st stderr_;  // guarded by base_sink's mutex
};

}  // namespace dmlc::app
