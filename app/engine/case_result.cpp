#include "app/engine/case_result.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <unistd.h>
#endif

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
    case CaseStatus::kCrash: return "crash";
    case CaseStatus::kTimeout: return "timeout";
    case CaseStatus::kExpectedFail: return "expected-fail";
    case CaseStatus::kUnexpectedPass: return "unexpected-pass";
    case CaseStatus::kFlake: return "flake";
  }
  return "error";
}

std::optional<CaseStatus> ParseStatus(std::string_view name) {
  for (CaseStatus s : kAllStatuses) {
    if (StatusName(s) == name) return s;
  }
  return std::nullopt;
}

bool CountsAsSuccess(CaseStatus status) {
  return status == CaseStatus::kPass || status == CaseStatus::kSkip || status == CaseStatus::kExpectedFail ||
         status == CaseStatus::kFlake;
}

bool IsFailure(CaseStatus status) {
  return status == CaseStatus::kFail || status == CaseStatus::kError || status == CaseStatus::kCrash ||
         status == CaseStatus::kTimeout;
}

std::string_view ApiFindingName(ApiFinding finding) {
  switch (finding) {
    case ApiFinding::kNone: return "";
    case ApiFinding::kAcceptsInvalid: return "accepts-invalid";
    case ApiFinding::kRefusesValid: return "refuses-valid";
  }
  return "";
}

std::optional<ApiFinding> ParseApiFinding(std::string_view name) {
  for (ApiFinding f : {ApiFinding::kNone, ApiFinding::kAcceptsInvalid, ApiFinding::kRefusesValid}) {
    if (ApiFindingName(f) == name) return f;
  }
  return std::nullopt;
}

TimingStats Summarize(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  const size_t n = samples.size();
  TimingStats s;
  s.samples = static_cast<int>(n);
  s.min = samples.front();
  s.max = samples.back();
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(n);
  s.median = n % 2 == 1 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  return s;
}

namespace {

template <class Totals>
auto& Slot(Totals& t, CaseStatus status) {
  switch (status) {
    case CaseStatus::kPass: return t.pass;
    case CaseStatus::kFail: return t.fail;
    case CaseStatus::kError: return t.error;
    case CaseStatus::kSkip: return t.skip;
    case CaseStatus::kCrash: return t.crash;
    case CaseStatus::kTimeout: return t.timeout;
    case CaseStatus::kExpectedFail: return t.expected_fail;
    case CaseStatus::kUnexpectedPass: return t.unexpected_pass;
    case CaseStatus::kFlake: return t.flake;
  }
  return t.error;
}

}  // namespace

void RunTotals::Add(CaseStatus status) {
  ++cases;
  ++Slot(*this, status);
}

int RunTotals::Count(CaseStatus status) const { return Slot(*this, status); }

bool PassedUnderAnotherBehaviour(const CaseResult& result) {
  return result.status == CaseStatus::kPass && !result.expected_behaviour.empty();
}

RunTotals Tally(const std::vector<CaseResult>& results) {
  RunTotals t;
  for (const CaseResult& r : results) {
    t.Add(r.status);
    if (PassedUnderAnotherBehaviour(r)) ++t.other_behaviour;
  }
  return t;
}

namespace {

std::string HostName() {
  char host[256] = {};
#ifdef _WIN32
  DWORD size = sizeof(host);
  return GetComputerNameA(host, &size) ? host : "unknown";
#else
  return gethostname(host, sizeof(host) - 1) == 0 ? host : "unknown";
#endif
}

}  // namespace

RunContext CollectRunContext() {
  RunContext c;
  c.tool_version = std::string(kToolVersion);
  c.git_revision = std::string(kGitRevision);
  c.host = HostName();
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
#ifdef _WIN32
  gmtime_s(&utc, &now);
#else
  gmtime_r(&now, &utc);
#endif
  char date[32];
  std::strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &utc);
  c.date = date;
  return c;
}

}  // namespace dmlc::app
