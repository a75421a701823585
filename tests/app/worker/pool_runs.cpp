#include "tests/app/worker/pool_runs.h"

namespace dmlc::app::worker {
namespace {

std::string CaseId(size_t index) { return "c" + std::to_string(index); }
std::string CaseFile(size_t index) { return "cases/" + CaseId(index) + ".json"; }

}  // namespace

PoolOptions PoolOf(FakeLauncher& launcher, int workers, double timeout_s) {
  PoolOptions options;
  options.command = {"fake-worker", "--worker"};
  options.workers = workers;
  options.timeout_s = timeout_s;
  options.launch = launcher.Launcher();
  return options;
}

Ran RunCases(WorkerPool& pool, size_t count, PoolCallbacks callbacks) {
  std::vector<CaseRequest> requests;
  for (size_t i = 0; i < count; ++i) requests.push_back({CaseFile(i), "cases", CaseId(i), ""});
  Ran ran;
  auto then = callbacks.on_result;
  callbacks.on_result = [&](size_t index, CaseResult r) {
    ran.results.emplace_back(index, r);
    if (then) then(index, std::move(r));
  };
  ran.status = pool.Run(requests, callbacks);
  return ran;
}

testing::AssertionResult Is(const std::pair<size_t, CaseResult>& result, size_t index, CaseStatus status,
                            const std::string& message) {
  const auto& [i, r] = result;
  if (i == index && r.id == CaseId(index) && r.file == CaseFile(index) && r.status == status && r.message == message) {
    return testing::AssertionSuccess();
  }
  return testing::AssertionFailure() << "case " << i << " '" << r.id << "' (" << r.file << ") " << StatusName(r.status)
                                     << ": \"" << r.message << "\"";
}

}  // namespace dmlc::app::worker
