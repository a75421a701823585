#include "app/html/page_data.h"

#include <map>
#include <string_view>

#include "app/report/format.h"
#include "app/report/json_report.h"

namespace dmlc::app::html {
namespace {

using Json = nlohmann::ordered_json;

// A passing case needs only what the matrix and the list show; the rest would only weigh the page.
// One that passed under another admitted behaviour than its file expects also says which two.
Json PassingCase(const CaseResult& r) {
  Json j{{"id", r.id}, {"operator", r.operator_name}, {"dataTypes", r.data_types},
         {"status", StatusName(r.status)}, {"durationMs", r.duration_ms}};
  if (PassedUnderAnotherBehaviour(r)) {
    j["behaviour"] = r.behaviour;
    j["expectedBehaviour"] = r.expected_behaviour;
    j["message"] = r.message;
  }
  return j;
}

Json ChangeJson(const compare::StatusChange& c) {
  return Json{{"id", c.id}, {"baseStatus", c.base_status}, {"newStatus", c.new_status}, {"message", c.message}};
}

Json TimingChangeJson(const compare::TimingChange& c) {
  return Json{{"id", c.id}, {"baseMs", c.base_ms}, {"newMs", c.new_ms}};
}

Json ComparisonJson(const compare::Comparison& c, const std::string& base_path) {
  Json j{{"base", base_path}};
  for (auto [key, list] : {std::pair{"newFailures", &c.new_failures}, {"fixes", &c.fixes},
                           {"newlySkipped", &c.newly_skipped}}) {
    Json changes = Json::array();
    for (const compare::StatusChange& change : *list) changes.push_back(ChangeJson(change));
    j[key] = changes;
  }
  j["missing"] = c.missing;
  j["added"] = c.added;
  for (auto [key, list] : {std::pair{"regressions", &c.regressions}, {"improvements", &c.improvements}}) {
    Json changes = Json::array();
    for (const compare::TimingChange& change : *list) changes.push_back(TimingChangeJson(change));
    j[key] = changes;
  }
  j["timingsCompared"] = c.timings_compared;
  j["hasRegression"] = c.HasRegression();
  return j;
}

// Each case's mark, the strongest first: a new failure outweighs its being added or slower.
std::map<std::string, std::string> Marks(const compare::Comparison& c) {
  std::map<std::string, std::string> marks;
  auto mark = [&](const std::string& id, const char* what) { marks.emplace(id, what); };
  for (const auto& change : c.new_failures) mark(change.id, "new");
  for (const auto& change : c.fixes) mark(change.id, "fixed");
  for (const auto& change : c.newly_skipped) mark(change.id, "skipped");
  for (const std::string& id : c.added) mark(id, "added");
  for (const auto& change : c.regressions) mark(change.id, "slower");
  for (const auto& change : c.improvements) mark(change.id, "faster");
  return marks;
}

// The digits `s` starts with, taken off it.
std::string_view TakeDigits(std::string_view& s) {
  size_t n = 0;
  while (n < s.size() && s[n] >= '0' && s[n] <= '9') ++n;
  const std::string_view digits = s.substr(0, n);
  s.remove_prefix(n);
  return digits;
}

}  // namespace

// "fuzz-SEED/INDEX" read by hand, not by std::regex: its recursion crashed on a fuzz id of 50,000
// digits (issue 47, defect 1).
std::string ReplayCommand(const CaseResult& r, const RunContext& context) {
  std::string_view rest = r.id;
  if (rest.substr(0, 5) != "fuzz-") return "";
  rest.remove_prefix(5);
  const std::string_view seed = TakeDigits(rest);
  if (seed.empty() || rest.empty() || rest[0] != '/') return "";
  rest.remove_prefix(1);
  const std::string_view index = TakeDigits(rest);
  if (index.empty() || !rest.empty()) return "";
  std::string command = "dml-conform fuzz --replay " + std::string(seed) + ":" + std::string(index) + " --backend " +
                        ShellQuote(context.backend);
  if (!context.reference.empty()) command += " --reference " + ShellQuote(context.reference);
  return command;
}

Json PageData(const PageInputs& in) {
  const RunContext& context = *in.context;
  const std::vector<CaseResult>& results = *in.results;
  // The report keeps the device's name, not the --device that chose it, and a name is no selector on
  // every backend (the cpu's counts a worker's threads): the rerun names the backend, the level cap and
  // a differential run's reference (whose spelling, "vulkan:0", the context keeps).
  const RerunOptions rerun{context.backend, "", context.feature_level == "highest" ? "" : context.feature_level,
                           context.reference};
  const std::map<std::string, std::string> marks = in.comparison ? Marks(*in.comparison) : std::map<std::string, std::string>{};
  Json cases = Json::array();
  uint64_t map_bytes = 0;
  for (const CaseResult& r : results) {
    Json j;
    if (r.status == CaseStatus::kPass) {
      j = PassingCase(r);
    } else {
      for (const ErrorMap& map : r.comparison.maps) map_bytes += 2 * map.Cells();
      j = CaseJson(r, map_bytes <= kErrorMapBytesPerReport);
      j.erase("timing");  // the page shows durations; the report keeps the phases
      if (!r.file.empty()) j["rerun"] = RerunCommand(r, rerun);
      if (std::string replay = ReplayCommand(r, context); !replay.empty()) j["replay"] = replay;
    }
    if (auto it = marks.find(r.id); it != marks.end()) j["mark"] = it->second;
    cases.push_back(std::move(j));
  }
  Json data{{"schemaVersion", RunContext::kSchemaVersion},
            {"report", in.run_path},
            {"context", ContextJson(context)},
            {"totals", TotalsJson(Tally(results))},
            {"cases", cases}};
  if (in.comparison) data["comparison"] = ComparisonJson(*in.comparison, in.base_path);
  return data;
}

}  // namespace dmlc::app::html
