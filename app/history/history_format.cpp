#include "app/history/history_format.h"

#include "app/report/json_report.h"

namespace dmlc::app::history {
namespace {

using Json = nlohmann::ordered_json;

constexpr int kHistorySchemaVersion = 1;

Json CaseRunsJson(const std::vector<CaseRun>& runs) {
  Json j = Json::array();
  for (const CaseRun& r : runs) j.push_back(Json{{"run", r.run}, {"status", StatusName(r.status)}});
  return j;
}

// "run 3 (nightly-3.json)": how the summary names a run, counting from 1 as the run pages do
// (runs.runs/run-3.html); the JSON's indexes count from 0.
std::string RunName(const History& h, size_t run) {
  return "run " + std::to_string(run + 1) + " (" + h.runs[run].file + ")";
}

}  // namespace

Json HistoryJson(const History& h) {
  Json runs = Json::array();
  for (const RunEntry& r : h.runs) {
    runs.push_back(Json{{"file", r.file},
                        {"revision", r.revision},
                        {"date", r.date},
                        {"configuration", r.configuration},
                        {"tags", TagsJson(r.tags)},
                        {"totals", TotalsJson(r.totals)}});
  }
  Json cases = Json::object();
  for (const auto& [id, list] : h.cases) cases[id] = CaseRunsJson(list);
  Json flakes = Json::array();
  for (const Flake& f : h.flakes) {
    flakes.push_back(Json{{"id", f.id}, {"configuration", f.configuration}, {"revision", f.revision}, {"runs", CaseRunsJson(f.runs)}});
  }
  Json regressions = Json::array();
  for (const Regression& r : h.regressions) {
    regressions.push_back(Json{{"id", r.id},
                               {"configuration", r.configuration},
                               {"lastGoodRevision", r.last_good},
                               {"lastGoodRun", r.last_good_run},
                               {"firstBadRevision", r.first_bad},
                               {"firstBadRun", r.first_bad_run},
                               {"latestStatus", StatusName(r.latest)}});
  }
  Json failing = Json::array();
  for (const Failing& f : h.failing) {
    failing.push_back(Json{{"id", f.id}, {"configuration", f.configuration}, {"since", f.since}, {"latestStatus", StatusName(f.latest)}});
  }
  return Json{{"schemaVersion", kHistorySchemaVersion}, {"runs", runs}, {"configurations", h.configurations}, {"cases", cases},
              {"flakes", flakes}, {"regressions", regressions}, {"failing", failing}};
}

void WriteHistorySummary(std::ostream& out, const History& h) {
  out << h.runs.size() << " runs, " << h.configurations.size() << " configurations, " << h.cases.size() << " cases\n";
  for (size_t i = 0; i < h.runs.size(); ++i) {
    const RunEntry& r = h.runs[i];
    out << "  " << RunName(h, i) << ": revision " << r.revision << ", " << r.date << ", " << r.totals.pass << "/"
        << r.totals.cases << " passed\n";
  }
  for (size_t i = 0; i < h.configurations.size(); ++i) out << "  configuration " << i + 1 << ": " << h.configurations[i] << "\n";
  for (const Flake& f : h.flakes) {
    out << "flake: " << f.id << " on revision " << f.revision << " [" << f.configuration << "]:";
    for (const CaseRun& r : f.runs) out << " " << StatusName(r.status) << " in run " << r.run + 1;
    out << "\n";
  }
  for (const Regression& r : h.regressions) {
    out << "regression: " << r.id << " [" << r.configuration << "]: last good " << r.last_good << " ("
        << RunName(h, r.last_good_run) << "), first bad " << r.first_bad << " (" << RunName(h, r.first_bad_run)
        << "), now " << StatusName(r.latest) << "\n";
  }
  for (const Failing& f : h.failing) {
    out << "failing: " << f.id << " [" << f.configuration << "]: since " << f.since << ", now " << StatusName(f.latest) << "\n";
  }
  out << h.flakes.size() << " flakes, " << h.regressions.size() << " regressions, " << h.failing.size()
      << " always failing\n";
}

}  // namespace dmlc::app::history
