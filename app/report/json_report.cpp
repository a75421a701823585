#include "app/report/json_report.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>
#include <variant>

#include "app/report/base64.h"
#include "app/report/format.h"
#include "ops/check.h"

namespace dmlc::app {
namespace {

using Json = nlohmann::ordered_json;

Json Number(double v) { return std::isfinite(v) ? Json(v) : Json(FormatNumber(v)); }

Json ScalarJson(const Scalar& s) {
  if (const double* d = std::get_if<double>(&s)) return Number(*d);
  if (const int64_t* i = std::get_if<int64_t>(&s)) return Json(*i);
  return Json(std::get<uint64_t>(s));
}

// "0x3f800000": as many hex digits as the type has nibbles.
Json BitsJson(uint64_t bits, ops::DataType type) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex = "0x";
  for (int nibble = static_cast<int>(ops::ElementSize(type)) * 2; nibble-- > 0;) hex += kDigits[(bits >> (4 * nibble)) & 15];
  return Json(hex);
}

Json MismatchesJson(const std::vector<Mismatch>& list) {
  Json out = Json::array();
  for (const Mismatch& m : list) {
    out.push_back(Json{{"tensor", m.tensor},
                       {"coordinates", m.coordinates},
                       {"dataType", ops::DataTypeName(m.data_type)},
                       {"expected", ScalarJson(m.expected)},
                       {"actual", ScalarJson(m.actual)},
                       {"expectedBits", BitsJson(m.expected_bits, m.data_type)},
                       {"actualBits", BitsJson(m.actual_bits, m.data_type)},
                       {"ulp", Number(m.ulp)},
                       {"absError", Number(m.abs_error)}});
  }
  return out;
}

Json ErrorMapJson(const ErrorMap& map) {
  return Json{{"tensor", map.tensor},
              {"dataType", ops::DataTypeName(map.data_type)},
              {"sizes", map.sizes},
              {"cellSizes", map.cell_sizes},
              {"grid", map.grid},
              {"failedLevels", EncodeBase64(map.failed_level)},
              {"errorLevels", EncodeBase64(map.error_level)}};
}

Json StatsJson(const TimingStats& s) {
  return Json{{"samples", s.samples}, {"min", s.min}, {"median", s.median}, {"mean", s.mean}, {"max", s.max}};
}

Json PhaseJson(const PhaseTiming& p) {
  Json j{{"cpuMs", StatsJson(p.cpu_ms)}};
  if (p.gpu_ms) j["gpuMs"] = StatsJson(*p.gpu_ms);
  return j;
}

Json TimingJson(const CaseTiming& t) {
  Json compared{{"cpuMs", t.compared_cpu_ms}};
  if (t.compared_gpu_ms) compared["gpuMs"] = *t.compared_gpu_ms;
  Json j{{"prepareMs", t.prepare_ms},
         {"compared", compared},
         {"iterations", t.iterations},
         {"warmup", t.warmup},
         {"repeat", t.repeat}};
  if (t.cold) j["cold"] = PhaseJson(*t.cold);
  if (t.hot) j["hot"] = PhaseJson(*t.hot);
  return j;
}

}  // namespace

Json CaseJson(const CaseResult& r, bool with_error_maps) {
  const bool compared = r.comparison.elements > 0;
  Json j{{"id", r.id},
         {"file", r.file},
         {"fileId", r.file_id},
         {"operator", r.operator_name},
         {"dataTypes", r.data_types},
         {"featureLevel", r.feature_level},
         {"status", StatusName(r.status)},
         {"message", r.message},
         {"tolerance", r.tolerance},
         {"elements", r.comparison.elements},
         {"maxUlp", compared ? Number(r.comparison.max_ulp) : Json(nullptr)},
         {"maxAbsError", compared ? Number(r.comparison.max_abs_error) : Json(nullptr)},
         {"mismatchCount", r.comparison.mismatches},
         {"firstMismatches", MismatchesJson(r.comparison.first)},
         {"durationMs", r.duration_ms},
         {"attempts", r.attempts},
         {"expectedStatus", r.expected_status},
         {"deviceLost", r.device_lost},
         {"apiFinding", ApiFindingName(r.api_finding)}};
  // Failing cases only, so a passing run's report does not grow.
  if (!r.comparison.worst.empty()) j["worstMismatches"] = MismatchesJson(r.comparison.worst);
  if (!r.comparison.maps.empty() && with_error_maps) {
    Json maps = Json::array();
    for (const ErrorMap& map : r.comparison.maps) maps.push_back(ErrorMapJson(map));
    j["errorMaps"] = maps;
  }
  if (r.comparison.maps_omitted || (!r.comparison.maps.empty() && !with_error_maps)) j["errorMapsOmitted"] = true;
  j["timing"] = r.timing ? TimingJson(*r.timing) : Json(nullptr);
  if (!r.transcript.empty()) j["transcript"] = r.transcript;  // model files only: other reports unchanged
  if (!r.api_note.empty()) j["apiNote"] = r.api_note;
  if (!r.behaviour.empty()) j["behaviour"] = r.behaviour;
  if (!r.expected_behaviour.empty()) j["expectedBehaviour"] = r.expected_behaviour;
  if (!r.execution_flags.empty()) j["executionFlags"] = r.execution_flags;
  if (!r.desc.empty()) j["desc"] = Json::parse(r.desc, nullptr, /*allow_exceptions=*/false);
  if (!r.reference_fault.empty()) j["referenceFault"] = r.reference_fault;  // differential runs only
  if (!r.blame.empty()) j["blame"] = r.blame;
  if (const std::optional<MetacommandAb>& ab = r.metacommand_ab) {
    j["metacommandAb"] = Json{{"executionFlags", ab->execution_flags},
                              {"status", ab->status},
                              {"behaviour", ab->behaviour},
                              {"agree", ab->agree},
                              {"mismatchCount", ab->mismatches},
                              {"cpuMs", ab->cpu_ms},
                              {"gpuMs", ab->gpu_ms ? Json(*ab->gpu_ms) : Json(nullptr)}};
  }
  return j;
}

Json ContextJson(const RunContext& c) {
  Json context{{"tool", "dml-conform"},
               {"toolVersion", c.tool_version},
               {"gitRevision", c.git_revision},
               {"host", c.host},
               {"backend", c.backend},
               {"device", c.device},
               {"driver", c.driver},
               {"featureLevel", c.feature_level},
               {"date", c.date},
               {"jobs", c.jobs},
               {"iterations", c.iterations},
               {"warmup", c.warmup},
               {"repeat", c.repeat},
               {"isolation", c.isolation},
               {"timeoutS", c.timeout_s},
               {"retries", c.retries},
               {"shard", c.shard},
               {"plannedCases", c.planned_cases},
               {"interrupted", c.interrupted},
               {"allowPathsOutside", c.allow_paths_outside},
               {"durationMs", c.duration_ms}};
  // Each only where given (--revision), in a differential run (--reference), or where the run has tags,
  // so that other reports keep their text.
  if (!c.revision.empty()) context["revision"] = c.revision;
  if (!c.reference.empty()) {
    context["reference"] = c.reference;
    context["referenceDevice"] = c.reference_device;
  }
  if (!c.tags.empty()) {
    context["tags"] = TagsJson(c.tags);
  }
  return context;
}

Json TagsJson(const std::vector<std::pair<std::string, std::string>>& tags) {
  Json j = Json::object();
  for (const auto& [key, value] : tags) j[key] = value;
  return j;
}

Json TotalsJson(const RunTotals& t) {
  Json totals{{"cases", t.cases}};
  for (CaseStatus s : kAllStatuses) totals[StatusKey(s)] = t.Count(s);
  // Only when some pass did, so that other reports keep their text.
  if (t.other_behaviour > 0) totals["passedUnderAnotherBehaviour"] = t.other_behaviour;
  return totals;
}

namespace {

// Calls `each` with every case's JSON in order; error maps stop once the report's budget is spent.
void ForEachCaseJson(const std::vector<CaseResult>& results, const std::function<void(Json)>& each) {
  uint64_t map_bytes = 0;
  for (const CaseResult& r : results) {
    for (const ErrorMap& map : r.comparison.maps) map_bytes += 2 * map.Cells();
    each(CaseJson(r, map_bytes <= kErrorMapBytesPerReport));
  }
}

// The report without its cases: "cases" is an empty array.
Json ReportHead(const RunContext& c, const std::vector<CaseResult>& results) {
  Json totals = TotalsJson(Tally(results));
  totals["durationMs"] = c.duration_ms;
  return Json{{"schemaVersion", RunContext::kSchemaVersion}, {"context", ContextJson(c)}, {"totals", totals},
              {"cases", Json::array()}};
}

std::string Dumped(const Json& j) { return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace); }

}  // namespace

Json JsonReport(const RunContext& c, const std::vector<CaseResult>& results) {
  Json report = ReportHead(c, results);
  ForEachCaseJson(results, [&](Json j) { report["cases"].push_back(std::move(j)); });
  return report;
}

std::string StatusKey(CaseStatus status) {
  // "expected-fail" -> "expectedFail", as the report's other keys are spelled.
  std::string key;
  bool upper = false;
  for (char ch : StatusName(status)) {
    if (ch == '-') {
      upper = true;
    } else {
      key += upper ? static_cast<char>(ch - 'a' + 'A') : ch;
      upper = false;
    }
  }
  return key;
}

// The text JsonReport(...).dump(2) would be, written a case at a time: the whole document of a million
// cases took 4 GB as nlohmann values (issue 47, defect 6). Each case is dumped on its own and indented
// two levels; a dumped string holds no raw line break, so indenting after each '\n' is exact.
void WriteJsonReport(std::ostream& out, const RunContext& context, const std::vector<CaseResult>& results) {
  const std::string head = Dumped(ReportHead(context, results));
  constexpr std::string_view kEmptyCases = "[]\n}";
  DMLC_CHECK(head.size() >= kEmptyCases.size() && head.compare(head.size() - kEmptyCases.size(), kEmptyCases.size(), kEmptyCases) == 0);
  if (results.empty()) {
    out << head << '\n';
    return;
  }
  out << std::string_view(head).substr(0, head.size() - kEmptyCases.size()) << '[';
  bool first = true;
  ForEachCaseJson(results, [&](Json j) {
    out << (first ? "\n    " : ",\n    ");
    first = false;
    const std::string text = Dumped(j);
    for (size_t from = 0; from < text.size();) {
      const size_t end = std::min(text.find('\n', from), text.size());
      out.write(text.data() + from, static_cast<std::streamsize>(end - from));
      if (end < text.size()) out << "\n    ";
      from = end + 1;
    }
  });
  out << "\n  ]\n}\n";
}

}  // namespace dmlc::app
