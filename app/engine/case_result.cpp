#include "app/engine/case_result.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <numeric>

#include "app/engine/build_info.h"

namespace dmlc::app {

std::string_view StatusName(CaseStatus status) {
  switch (status) {
    case CaseStatus::kPass: return "pass";
    case CaseStatus::kFail: return "fail";
    case CaseStatus::kError: return "error";
    case CaseStatus::kSkip: return "skip";
  }
  return "error";
}

TimingStats Summarize(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  const size_t n = samples.size();
  TimingStats s;
  s.min = samples.front();
  s.max = samples.back();
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(n);
  s.median = n % 2 == 1 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  return s;
}

void RunTotals::Add(CaseStatus status) {
  ++cases;
  switch (status) {
    case CaseStatus::kPass: ++pass; break;
    case CaseStatus::kFail: ++fail; break;
    case CaseStatus::kError: ++error; break;
    case CaseStatus::kSkip: ++skip; break;
  }
}

RunTotals Tally(const std::vector<CaseResult>& results) {
  RunTotals t;
  for (const CaseResult& r : results) t.Add(r.status);
  return t;
}

RunContext CollectRunContext() {
  RunContext c;
  c.tool_version = std::string(kToolVersion);
  c.git_revision = std::string(kGitRevision);
  char host[256] = {};
  c.host = gethostname(host, sizeof(host) - 1) == 0 ? host : "unknown";
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char date[32];
  std::strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &utc);
  c.date = date;
  return c;
}

}  // namespace dmlc::app
