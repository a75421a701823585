#include "app/worker/worker_main.h"

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

#include <cstdio>
#include <iostream>
#include <string>

#include <spdlog/spdlog.h>

#include "app/case/case_loader.h"
#include "app/worker/case_file_cache.h"
#include "app/worker/process.h"
#include "app/worker/protocol.h"
#include "backends/registry.h"

namespace dmlc::app::worker {
namespace {

// The protocol's stream: a duplicate of the original stdout, which then points at stderr.
class ProtocolOut {
 public:
  ProtocolOut() {
    std::fflush(stdout);
#ifdef _WIN32
    fd_ = _dup(1);
    _dup2(2, 1);
#else
    fd_ = dup(1);
    dup2(2, 1);
#endif
  }
  // False when the parent is gone.
  bool Send(const WorkerMessage& message) {
    const std::string line = EncodeMessage(message);
    size_t done = 0;
    while (done < line.size()) {
#ifdef _WIN32
      const int n = _write(fd_, line.data() + done, static_cast<unsigned>(line.size() - done));
#else
      const ssize_t n = write(fd_, line.data() + done, line.size() - done);
#endif
      if (n <= 0) return false;
      done += static_cast<size_t>(n);
    }
    return true;
  }

 private:
  int fd_ = -1;
};

CaseResult NotFound(const CaseRequest& request) {
  CaseResult r;
  r.id = request.id;
  r.file = request.file;
  r.status = CaseStatus::kError;
  r.message = "the worker found no case '" + request.id + "' in " + request.file + " (did the file change during the run?)";
  return r;
}

}  // namespace

backends::BackendOptions BackendOptionsOf(const WorkerOptions& options) {
  return {options.device, options.debug, options.threads, options.pipeline_cache};
}

int ServeCases(const WorkerOptions& options) {
  PrepareWorkerProcess();
  spdlog::set_level(options.verbose ? spdlog::level::debug : spdlog::level::warn);
  ProtocolOut out;
  Result<std::unique_ptr<backends::Backend>> backend =
      backends::CreateBackend(options.backend, BackendOptionsOf(options));
  if (!backend.ok()) {
    out.Send(WorkerUnavailable{backend.error().ToString()});
    return 2;
  }
  if (!out.Send(WorkerReady{(*backend)->Device().name, (*backend)->Device().driver})) return 1;

  Runner runner(**backend, RegistryReference(options.reference), options.run);
  CaseFileCache files(options.load);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    Result<CaseRequest> request = DecodeRequest(line);
    if (!request.ok()) {
      spdlog::error("{}", request.error().ToString());
      return 2;
    }
    const CaseFile& file = files.Get(*request);
    CaseResult result = NotFound(*request);
    if (file.error && file.file_id == request->id) result = runner.RunOne(SelectedCase{&file, nullptr});
    for (const CaseEntry& entry : file.cases) {
      if (entry.id != request->id) continue;
      result = runner.RunOne(SelectedCase{&file, &entry});
      break;
    }
    const bool lost = result.device_lost;
    if (!out.Send(std::move(result))) return 1;
    if (lost) return 0;  // the parent starts a fresh worker, and with it a fresh device
  }
  return 0;
}

}  // namespace dmlc::app::worker
