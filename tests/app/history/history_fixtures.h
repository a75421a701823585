// Reports made in memory for the history tests: a run of given case statuses at a revision, a date
// and a configuration.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/history/history.h"

namespace dmlc::app::history {

inline RunInput MadeRun(const std::string& file, const std::string& revision, const std::string& date,
                    const std::vector<std::pair<std::string, CaseStatus>>& cases, const std::string& device = "llvmpipe",
                    const std::string& driver = "25.0.7") {
  RunInput input{file, {}};
  RunContext& c = input.report.context;
  c.git_revision = "v1.0-12-gabcdef";
  c.revision = revision;
  c.date = date;
  c.backend = "vulkan";
  c.device = device;
  c.driver = driver;
  c.tags = {{"backend", "vulkan"}, {"vendor", "mesa"}, {"device", device}, {"driver", driver}, {"os", "linux"},
            {"runtime", "native"}, {"feature-level", "highest"}};
  for (const auto& [id, status] : cases) {
    CaseResult r;
    r.id = id;
    r.operator_name = id.substr(0, id.find('/'));
    r.operator_type = r.operator_name;
    r.status = status;
    input.report.results.push_back(r);
  }
  return input;
}

inline constexpr CaseStatus kPass = CaseStatus::kPass;
inline constexpr CaseStatus kFail = CaseStatus::kFail;

}  // namespace dmlc::app::history
