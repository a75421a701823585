#include "app/conform/case_executor.h"

#include <algorithm>
#include <thread>

#include "backends/registry.h"

namespace dmlc::app {
namespace {

int AllCores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

class Isolated final : public CaseExecutor {
 public:
  Isolated(const std::string& program, const ExecutorOptions& o) : jobs_(o.jobs > 0 ? o.jobs : AllCores()) {
    worker::WorkerOptions w = o.worker;
    // The workers share the cores: each backend's own threads take its share.
    if (w.threads == 0) w.threads = std::max(1, AllCores() / jobs_);
    worker::PoolOptions pool;
    pool.command = {program};
    for (std::string& arg : worker::WorkerArgs(w)) pool.command.push_back(std::move(arg));
    pool.workers = jobs_;
    pool.timeout_s = o.timeout_s;
    pool_ = std::make_unique<worker::WorkerPool>(std::move(pool));
  }

  Status Execute(const std::vector<SelectedCase>& cases, const worker::PoolCallbacks& callbacks) override {
    std::vector<worker::CaseRequest> requests;
    requests.reserve(cases.size());
    for (const SelectedCase& c : cases) requests.push_back({c.file->path, c.file->root, c.id()});
    return pool_->Run(requests, callbacks);
  }
  backends::DeviceInfo Device() const override {
    backends::DeviceInfo info;
    if (pool_->device()) {
      info.name = pool_->device()->device;
      info.driver = pool_->device()->driver;
    }
    return info;
  }
  int Jobs() const override { return jobs_; }

 private:
  int jobs_;
  std::unique_ptr<worker::WorkerPool> pool_;
};

class InProcess final : public CaseExecutor {
 public:
  InProcess(std::unique_ptr<backends::Backend> backend, ReferenceFactory reference, const RunOptions& options)
      : backend_(std::move(backend)), runner_(*backend_, std::move(reference), options) {}

  Status Execute(const std::vector<SelectedCase>& cases, const worker::PoolCallbacks& callbacks) override {
    runner_.Run(
        cases, [&](size_t index, const CaseResult& r, size_t, size_t) { callbacks.on_result(index, r); },
        [&] { return callbacks.stop_starting() || callbacks.abandon(); });
    return OkStatus();
  }
  backends::DeviceInfo Device() const override { return backend_->Device(); }
  int Jobs() const override { return runner_.Workers(); }

 private:
  std::unique_ptr<backends::Backend> backend_;
  Runner runner_;
};

}  // namespace

std::unique_ptr<CaseExecutor> ProcessExecutor(const std::string& program, const ExecutorOptions& options) {
  return std::make_unique<Isolated>(program, options);
}

Result<std::unique_ptr<CaseExecutor>> InProcessExecutor(const ExecutorOptions& o) {
  Result<std::unique_ptr<backends::Backend>> backend =
      backends::CreateBackend(o.worker.backend, backends::BackendOptions{o.worker.device, o.worker.debug, o.worker.threads});
  if (!backend.ok()) return backend.error();
  RunOptions run = o.worker.run;
  run.jobs = o.jobs;
  return std::unique_ptr<CaseExecutor>(
      std::make_unique<InProcess>(std::move(backend).value(), RegistryReference(o.worker.reference), run));
}

}  // namespace dmlc::app
