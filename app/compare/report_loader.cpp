#include "app/compare/report_loader.h"

#include <algorithm>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "app/case/bounded_json.h"
#include "backends/file_access.h"

namespace dmlc::app::compare {
namespace {

using Json = nlohmann::ordered_json;

Error LoadError(const std::string& path, std::string field, std::string message, std::string rule = {}) {
  Error e = MakeError("compare", std::move(field), std::move(message), std::move(rule));
  e.where.file = path;
  return e;
}

// Median of a non-empty list; the mean of the middle two for an even count.
double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

Result<double> ToMilliseconds(double value, const std::string& unit, const std::string& path,
                              const std::string& field) {
  if (unit == "ns") return value / 1e6;
  if (unit == "us") return value / 1e3;
  if (unit == "ms") return value;
  if (unit == "s") return value * 1e3;
  return LoadError(path, field, "unknown time_unit '" + unit + "'", "time_unit is ns, us, ms or s");
}

// "pass, fail, ..., flake": the statuses a report may hold, for the rule of an unknown one.
std::string StatusList() {
  std::string list;
  for (CaseStatus s : kAllStatuses) list += (list.empty() ? "" : ", ") + std::string(StatusName(s));
  return list;
}

// `obj[key]` when it has the type of `fallback`, `fallback` when absent; a value of another type is a
// named error, where nlohmann's value() would throw and abort `compare` (issue 47, defect 9).
template <class T>
const Error* ErrorOf(const Result<T>& r) {
  return r.ok() ? nullptr : &r.error();
}

template <class T>
Result<T> Field(const Json& obj, const char* key, T fallback, const std::string& path, const std::string& at) {
  if (!obj.contains(key)) return fallback;
  const Json& v = obj[key];
  const bool fits = std::is_same_v<T, bool> ? v.is_boolean() : v.is_string();
  if (!fits) {
    return LoadError(path, at + "/" + key, std::string("\"") + key + "\" is " + v.type_name() + ", not a " +
                                               (std::is_same_v<T, bool> ? "boolean" : "string"));
  }
  return v.get<T>();
}

void AddEntry(LoadedReport& report, const std::string& id, ReportEntry entry) {
  if (report.entries.emplace(id, std::move(entry)).second) report.ids.push_back(id);
}

Result<LoadedReport> ParseConformance(const Json& root, const std::string& path) {
  LoadedReport report{ReportKind::kConformance, path, {}, {}};
  const Json& cases = root["cases"];
  if (!cases.is_array()) return LoadError(path, "/cases", "\"cases\" is not an array");
  for (size_t i = 0; i < cases.size(); ++i) {
    const Json& c = cases[i];
    const std::string at = "/cases/" + std::to_string(i);
    if (!c.is_object() || !c.contains("id") || !c["id"].is_string() || !c.contains("status") ||
        !c["status"].is_string()) {
      return LoadError(path, at, "case has no string \"id\" and \"status\"");
    }
    const std::string id = c["id"].get<std::string>();
    const std::string name = c["status"].get<std::string>();
    const std::optional<CaseStatus> status = ParseStatus(name);
    if (!status) {
      return LoadError(path, at + "/status", "case '" + id + "': unknown status '" + name + "'",
                       "a status is one of " + StatusList());
    }
    Result<std::string> message = Field(c, "message", std::string(), path, at);
    if (!message.ok()) return message.error();
    ReportEntry entry{*status, *message, std::nullopt};
    const Json* hot = nullptr;
    if (c.contains("timing") && c["timing"].is_object() && c["timing"].contains("hot")) hot = &c["timing"]["hot"];
    if (hot != nullptr && hot->is_object()) {
      for (const char* clock : {"gpuMs", "cpuMs"}) {
        if (hot->contains(clock) && (*hot)[clock].contains("median") && (*hot)[clock]["median"].is_number()) {
          entry.median_ms = (*hot)[clock]["median"].get<double>();
          break;
        }
      }
    }
    AddEntry(report, id, std::move(entry));
  }
  return report;
}

Result<LoadedReport> ParseBenchmark(const Json& root, const std::string& path) {
  LoadedReport report{ReportKind::kBenchmark, path, {}, {}};
  const Json& benchmarks = root["benchmarks"];
  if (!benchmarks.is_array()) return LoadError(path, "/benchmarks", "\"benchmarks\" is not an array");
  std::map<std::string, std::vector<double>> samples;
  std::map<std::string, double> medians;
  for (size_t i = 0; i < benchmarks.size(); ++i) {
    const Json& b = benchmarks[i];
    const std::string at = "/benchmarks/" + std::to_string(i);
    if (!b.is_object() || !b.contains("name") || !b["name"].is_string()) {
      return LoadError(path, at, "benchmark has no string \"name\"");
    }
    Result<std::string> id = Field(b, "run_name", b["name"].get<std::string>(), path, at);
    Result<bool> failed = Field(b, "error_occurred", false, path, at);
    Result<std::string> error_message = Field(b, "error_message", std::string(), path, at);
    Result<std::string> unit = Field(b, "time_unit", std::string("ns"), path, at);
    Result<std::string> run_type = Field(b, "run_type", std::string("iteration"), path, at);
    Result<std::string> aggregate = Field(b, "aggregate_name", std::string(), path, at);
    for (const Error* e : {ErrorOf(id), ErrorOf(failed), ErrorOf(error_message), ErrorOf(unit), ErrorOf(run_type), ErrorOf(aggregate)}) {
      if (e != nullptr) return *e;
    }
    if (*failed) {
      AddEntry(report, *id, {CaseStatus::kError, *error_message, std::nullopt});
      continue;
    }
    if (!b.contains("real_time") || !b["real_time"].is_number()) {
      return LoadError(path, at + "/real_time", "benchmark has no numeric \"real_time\"");
    }
    auto ms = ToMilliseconds(b["real_time"].get<double>(), *unit, path, at + "/time_unit");
    if (!ms.ok()) return ms.error();
    if (*run_type == "aggregate") {
      if (*aggregate == "median") medians[*id] = *ms;
      continue;  // mean, stddev and cv are not times to compare
    }
    AddEntry(report, *id, {CaseStatus::kPass, "", std::nullopt});
    samples[*id].push_back(*ms);
  }
  for (auto& [id, entry] : report.entries) {
    if (entry.status != CaseStatus::kPass) continue;
    if (auto it = medians.find(id); it != medians.end()) {
      entry.median_ms = it->second;
    } else if (auto s = samples.find(id); s != samples.end()) {
      entry.median_ms = Median(s->second);
    }
  }
  return report;
}

}  // namespace

std::string_view ReportKindName(ReportKind kind) {
  return kind == ReportKind::kConformance ? "dml-conform report" : "Google Benchmark JSON";
}

Result<LoadedReport> ParseReport(const std::string& text, const std::string& path) {
  Result<Json> parsed = ParseBoundedJson(text, path, "compare");
  if (!parsed.ok()) return parsed.error();
  const Json& root = *parsed;
  if (root.is_object() && root.contains("benchmarks")) return ParseBenchmark(root, path);
  if (root.is_object() && root.contains("schemaVersion") && root.contains("cases")) {
    return ParseConformance(root, path);
  }
  return LoadError(path, "", "neither a dml-conform report nor Google Benchmark JSON",
                   "a report has \"schemaVersion\" and \"cases\"; benchmark JSON has \"benchmarks\"");
}

Result<LoadedReport> LoadReport(const std::string& path) {
  // A FIFO, a device or a folder is refused before a byte is read (issue 47, defect 13).
  Result<std::string> text = backends::ReadRegularFile(path, backends::kMaxReportBytes);
  if (!text.ok()) return LoadError(path, "", text.error().message, "the file must be a readable regular file");
  return ParseReport(*text, path);
}

}  // namespace dmlc::app::compare
