// What the parent and a worker process say to each other over the worker's stdin and stdout: one JSON
// object a line, so a transcript reads as text and a torn line is detected, never misread. The worker's
// command line says only that it is one, and which version of this protocol it speaks
// (`PROGRAM worker --protocol 1`, worker_args.h); the run's options come as the first line.
//   parent -> worker  {"options": {...}}                        the run's options, once, first
//                                                              (worker_options.h)
//                     {"run": {"file", "root", "id"}}           run this case of this file (each byte of
//                                                              the three as the code point of its value)
//                     {"run": {"file", "root", "id", "recipe"}} the same, a generated case on no disk: the
//                                                              worker makes it from the recipe (JSON text,
//                                                              app/fuzz/recipe.h)
//   worker -> parent  {"ready": {"device", "driver"}}           the backend is up, once, first
//                     {"unavailable": "why"}                    the backend could not be created, or the
//                                                              options not read; then exits
//                     {"result": {...a report's case object}}   the case's result (report_reader decodes it)
// A worker answers each request with exactly one result, in order. Pure functions; thread-safe.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "app/engine/case_result.h"
#include "app/worker/worker_options.h"
#include "ops/error.h"

namespace dmlc::app::worker {

struct CaseRequest {
  std::string file;  // the case file as the parent found it
  std::string root;  // the run root its id is relative to
  std::string id;    // the case's id within the run
  std::string recipe;  // a generated case's recipe (CaseFile::recipe); "" = read `file`
};

struct WorkerReady {
  std::string device;
  std::string driver;
};
struct WorkerUnavailable {
  std::string reason;
};
using WorkerMessage = std::variant<WorkerReady, WorkerUnavailable, CaseResult>;

// Each Encode* returns one line, '\n' included. EncodeOptions writes every option, so that the worker's
// defaults never decide one.
std::string EncodeOptions(const WorkerOptions& options);
std::string EncodeRequest(const CaseRequest& request);
std::string EncodeMessage(const WorkerMessage& message);
// `line` without its '\n'. Errors say what was wrong with the line and quote its start; DecodeOptions's
// name the option that is missing, unknown or of the wrong type.
Result<WorkerOptions> DecodeOptions(std::string_view line);
Result<CaseRequest> DecodeRequest(std::string_view line);
Result<WorkerMessage> DecodeMessage(std::string_view line);

// Whether `result` answers `request`. A result's text came through nlohmann's replace handler (a message
// may hold any bytes), so an id that is not UTF-8 is compared as it was sent; the caller then restores
// the request's own id and file.
bool Answers(const CaseResult& result, const CaseRequest& request);

// Cuts a byte stream into lines. Not thread-safe.
class LineSplitter {
 public:
  void Append(std::span<const char> bytes);
  // The next complete line without its '\n' (and a '\r' before it), or nullopt until one is complete.
  std::optional<std::string> Next();
  // What is left after the last '\n': a line the writer never finished.
  const std::string& Pending() const { return pending_; }

 private:
  std::string pending_;
  size_t scanned_ = 0;
};

}  // namespace dmlc::app::worker
