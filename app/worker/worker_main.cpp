#include "app/worker/worker_main.h"

#include <optional>
#include <string>

#include <spdlog/spdlog.h>

#include "app/case/case_loader.h"
#include "app/fuzz/recipe.h"
#include "app/worker/case_file_cache.h"
#include "app/worker/process.h"
#include "app/worker/protocol.h"
#include "app/worker/protocol_stream.h"
#include "backends/registry.h"

namespace dmlc::app::worker {
namespace {

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

int ServeCases() {
  PrepareWorkerProcess();
  ProtocolOut out;
  ProtocolIn in;
  const std::optional<std::string> options_line = in.Next();
  if (!options_line) return 0;  // the parent went before it said anything
  const Result<WorkerOptions> decoded = DecodeOptions(*options_line);
  if (!decoded.ok()) {
    out.Send(WorkerUnavailable{decoded.error().ToString()});
    return 2;
  }
  const WorkerOptions& options = *decoded;
  spdlog::set_level(options.verbose ? spdlog::level::debug : spdlog::level::warn);
  Result<std::unique_ptr<backends::Backend>> backend =
      backends::CreateBackend(options.backend, BackendOptionsOf(options));
  if (!backend.ok()) {
    out.Send(WorkerUnavailable{backend.error().ToString()});
    return 2;
  }
  if (!out.Send(WorkerReady{(*backend)->Device().name, (*backend)->Device().driver})) return 1;

  Runner runner(**backend, RegistryReference(options.reference, options.threads), options.run);
  CaseFileCache files(options.load, &fuzz::RecipeFile);
  while (std::optional<std::string> line = in.Next()) {
    Result<CaseRequest> request = DecodeRequest(*line);
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
