// The run's options as a worker gets them: the first line the parent writes to a worker's stdin
// (protocol.h: EncodeOptions, DecodeOptions).
#pragma once

#include <filesystem>
#include <string>

#include "app/case/case_loader.h"
#include "app/engine/runner.h"

namespace dmlc::app::worker {

struct WorkerOptions {
  std::string backend;
  std::string reference = "cpu";  // the backend computing expected outputs a case leaves out
  std::string device;
  bool debug = false;
  int threads = 0;      // the backend's own threads (cpu); 0 = its default
  std::filesystem::path pipeline_cache;  // BackendOptions::pipeline_cache; empty = none
  bool verbose = false; // log at debug level (else warnings and errors only)
  RunOptions run;       // feature level, dump folder, warmup, iterations and the case memory budget;
                        // jobs and fail_fast unused
  LoadOptions load;     // --max-file-size, --allow-paths-outside, --output-dir: files load as in the parent

  bool operator==(const WorkerOptions&) const = default;
};

}  // namespace dmlc::app::worker
