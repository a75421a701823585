#include "app/engine/runner.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "backends/registry.h"

namespace dmlc::app {

ReferenceFactory RegistryReference(std::string name, int threads) {
  return [name = std::move(name), threads] {
    backends::BackendOptions options;
    options.threads = threads;
    return backends::CreateBackend(name, options);
  };
}

Runner::Runner(backends::Backend& backend, ReferenceFactory reference, RunOptions options)
    : backend_(backend), api_(backend), reference_factory_(std::move(reference)), options_(std::move(options)) {}

Result<backends::Backend*> Runner::Reference() {
  std::lock_guard<std::mutex> lock(reference_mutex_);
  if (!reference_ && !reference_error_) {
    Result<std::unique_ptr<backends::Backend>> created = reference_factory_();
    if (created.ok()) {
      reference_ = std::move(created).value();
    } else {
      reference_error_ = created.error();
    }
  }
  if (reference_error_) return *reference_error_;
  return reference_.get();
}

int Runner::Workers() const {
  if (!backend_.ThreadSafe()) return 1;
  return options_.jobs > 0 ? options_.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::vector<CaseResult> Runner::Run(const std::vector<SelectedCase>& cases, const Progress& progress,
                                    const std::function<bool()>& stop_requested) {
  const size_t workers = std::min(static_cast<size_t>(Workers()), std::max<size_t>(cases.size(), 1));

  std::vector<std::optional<CaseResult>> slots(cases.size());
  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex progress_mutex;
  size_t done = 0;
  auto work = [&] {
    while (!stop.load()) {
      if (stop_requested && stop_requested()) return;
      const size_t i = next.fetch_add(1);
      if (i >= cases.size()) return;
      CaseResult result = RunOne(cases[i]);
      const bool failed = result.status == CaseStatus::kFail || result.status == CaseStatus::kError;
      if (failed && options_.fail_fast) stop.store(true);
      std::lock_guard<std::mutex> lock(progress_mutex);
      slots[i] = std::move(result);
      ++done;
      if (progress) progress(i, *slots[i], done, cases.size());
    }
  };
  std::vector<std::jthread> threads;
  for (size_t t = 1; t < workers; ++t) threads.emplace_back(work);
  work();
  threads.clear();  // joins

  std::vector<CaseResult> results;
  for (auto& slot : slots) {
    if (slot) results.push_back(std::move(*slot));
  }
  return results;
}

}  // namespace dmlc::app
