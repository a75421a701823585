#include "app/report/report_reader.h"

#include <cmath>
#include <fstream>
#include <sstream>
#include <tuple>

#include "app/case/bounded_json.h"
#include "app/report/base64.h"
#include "app/report/json_fields.h"
#include "app/report/json_report.h"
#include "backends/file_access.h"

namespace dmlc::app {
namespace {

using Json = nlohmann::ordered_json;

// "0x3f800000": the bits of an element of `type`, at most its width.
std::optional<uint64_t> DecodeBits(const std::string& hex, ops::DataType type) {
  if (hex.size() < 3 || hex.size() > 2 + 2 * ops::ElementSize(type) || hex.compare(0, 2, "0x") != 0) return std::nullopt;
  uint64_t bits = 0;
  for (size_t i = 2; i < hex.size(); ++i) {
    const char c = hex[i];
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) return std::nullopt;
    bits = bits << 4 | static_cast<uint64_t>(digit);
  }
  return bits;
}

// A mismatch value in its tensor's kind: double for floats, int64_t or uint64_t for integers. The
// parser keeps non-negative integers unsigned and negative ones signed; a value outside the tensor
// type's 64-bit range is not one the writer wrote, and converting it would wrap silently.
std::optional<Scalar> DecodeScalar(const Json& j, ops::DataType type) {
  if (ops::IsFloat(type)) {
    double d = 0;
    if (j.is_number()) return j.get<double>();
    if (JsonFields::DecodeNonFinite(j, d)) return d;
    return std::nullopt;
  }
  if (!j.is_number_integer()) return std::nullopt;
  if (ops::IsSignedInteger(type)) {
    if (j.is_number_unsigned() && j.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      return std::nullopt;
    }
    return j.get<int64_t>();
  }
  if (!j.is_number_unsigned() && j.get<int64_t>() < 0) return std::nullopt;
  return j.get<uint64_t>();
}

// `samples` is absent from version 1's hot statistics, which summarized every iteration.
std::optional<Error> DecodeStats(const Json& j, const std::string& path, int default_samples, TimingStats& stats) {
  JsonFields f(j, path);
  stats.samples = default_samples;
  f.Read("samples", stats.samples, false);
  f.Read("min", stats.min);
  f.Read("median", stats.median);
  f.Read("mean", stats.mean);
  f.Read("max", stats.max);
  return f.error();
}

std::optional<Error> DecodePhase(const Json& j, const std::string& path, int default_samples,
                                 std::optional<PhaseTiming>& phase) {
  JsonFields f(j, path);
  PhaseTiming p;
  if (const Json* cpu = f.Get("cpuMs")) {
    if (auto e = DecodeStats(*cpu, f.Path("cpuMs"), default_samples, p.cpu_ms)) return e;
  }
  if (const Json* gpu = f.Get("gpuMs", false)) {
    if (auto e = DecodeStats(*gpu, f.Path("gpuMs"), default_samples, p.gpu_ms.emplace())) return e;
  }
  if (f.error()) return f.error();
  phase = p;
  return std::nullopt;
}

// The compared execution's times: {"cpuMs": ms, "gpuMs"?: ms}.
std::optional<Error> DecodeExecution(const Json& j, const std::string& path, CaseTiming& t) {
  JsonFields f(j, path);
  f.Read("cpuMs", t.compared_cpu_ms);
  f.ReadOptional("gpuMs", t.compared_gpu_ms);
  return f.error();
}

// Version 2's block has "compared"; version 1's named the compared execution "cold", had untimed
// warmups, no repeat, and hot statistics over all `iterations` executions.
std::optional<Error> DecodeTiming(const Json& j, const std::string& path, CaseTiming& t) {
  JsonFields f(j, path);
  f.Read("prepareMs", t.prepare_ms);
  f.Read("warmup", t.warmup);
  f.Read("iterations", t.iterations);
  const bool version1 = j.is_object() && !j.contains("compared");
  if (const Json* compared = f.Get(version1 ? "cold" : "compared")) {
    if (auto e = DecodeExecution(*compared, f.Path(version1 ? "cold" : "compared"), t)) return e;
  }
  if (!version1) {
    f.Read("repeat", t.repeat);
    if (const Json* cold = f.Get("cold", false)) {
      if (auto e = DecodePhase(*cold, f.Path("cold"), 0, t.cold)) return e;
    }
  }
  if (const Json* hot = f.Get("hot", false)) {
    if (auto e = DecodePhase(*hot, f.Path("hot"), t.iterations, t.hot)) return e;
  }
  return f.error();
}

std::optional<Error> DecodeMismatch(const Json& j, const std::string& path, Mismatch& m) {
  JsonFields f(j, path);
  f.Read("tensor", m.tensor);
  f.Read("coordinates", m.coordinates);
  std::string type;
  f.Read("dataType", type);
  if (f.error()) return f.error();
  const std::optional<ops::DataType> parsed = ops::ParseDataType(type);
  if (!parsed) return MakeError("report", f.Path("dataType"), f.Path("dataType") + " '" + type + "' is not a data type");
  m.data_type = *parsed;
  for (auto [key, into] : {std::pair<const char*, Scalar*>{"expected", &m.expected}, {"actual", &m.actual}}) {
    const Json* v = f.Get(key);
    if (v == nullptr) return f.error();
    std::optional<Scalar> scalar = DecodeScalar(*v, m.data_type);
    if (!scalar) return MakeError("report", f.Path(key), f.Path(key) + " is not a value of data type " + type);
    *into = *scalar;
  }
  for (auto [key, into] : {std::pair<const char*, uint64_t*>{"expectedBits", &m.expected_bits},
                            {"actualBits", &m.actual_bits}}) {
    std::string hex;
    f.Read(key, hex, false);  // older reports lack them
    if (hex.empty()) continue;
    std::optional<uint64_t> bits = DecodeBits(hex, m.data_type);
    if (!bits) return MakeError("report", f.Path(key), f.Path(key) + " '" + hex + "' is not the bits of a " + type);
    *into = *bits;
  }
  f.ReadNumber("ulp", m.ulp);
  f.ReadNumber("absError", m.abs_error);
  return f.error();
}

std::optional<Error> DecodeMismatches(const Json* list, const std::string& path, std::vector<Mismatch>& into) {
  if (list == nullptr || !list->is_array()) return std::nullopt;
  for (size_t i = 0; i < list->size(); ++i) {
    Mismatch m;
    if (auto e = DecodeMismatch((*list)[i], path + "[" + std::to_string(i) + "]", m)) return e;
    into.push_back(std::move(m));
  }
  return std::nullopt;
}

// A map as error_map.h shapes it: the grid follows from the sizes and cell sizes, and each level plane
// holds one byte per cell. Anything else is refused, so a page never draws a map that lies.
std::optional<Error> DecodeErrorMap(const Json& j, const std::string& path, ErrorMap& map) {
  JsonFields f(j, path);
  std::string type, failed, errors;
  f.Read("tensor", map.tensor);
  f.Read("dataType", type);
  f.Read("sizes", map.sizes);
  f.Read("cellSizes", map.cell_sizes);
  f.Read("grid", map.grid);
  f.Read("failedLevels", failed);
  f.Read("errorLevels", errors);
  if (f.error()) return f.error();
  const std::optional<ops::DataType> parsed = ops::ParseDataType(type);
  if (!parsed) return MakeError("report", f.Path("dataType"), f.Path("dataType") + " '" + type + "' is not a data type");
  map.data_type = *parsed;
  const size_t rank = map.sizes.size();
  if (map.cell_sizes.size() != rank || map.grid.size() != rank) {
    return MakeError("report", path, path + ": sizes, cellSizes and grid differ in length");
  }
  uint64_t cells = 1;
  for (size_t d = 0; d < rank; ++d) {
    // A tensor with a zero-size dimension has no element to be wrong; such a map made the page throw
    // and empty its case list (issue 47, defect 15).
    if (map.sizes[d] == 0) return MakeError("report", f.Path("sizes"), f.Path("sizes") + " has a dimension of size 0");
    const uint64_t cell = map.cell_sizes[d];
    if (cell == 0 || map.grid[d] != (uint64_t{map.sizes[d]} + cell - 1) / cell) {
      return MakeError("report", f.Path("grid"), f.Path("grid") + " is not the sizes divided by the cell sizes");
    }
    cells *= map.grid[d];
    if (cells > kMaxErrorMapCells) {
      return MakeError("report", f.Path("grid"), f.Path("grid") + " has more than " +
                                                     std::to_string(kMaxErrorMapCells) + " cells");
    }
  }
  for (auto [key, text, into] : {std::tuple{"failedLevels", &failed, &map.failed_level},
                                 std::tuple{"errorLevels", &errors, &map.error_level}}) {
    std::optional<std::vector<uint8_t>> bytes = DecodeBase64(*text);
    if (!bytes || bytes->size() != cells) {
      return MakeError("report", f.Path(key), f.Path(key) + " is not base64 of one byte per cell (" +
                                                   std::to_string(cells) + ")");
    }
    *into = std::move(*bytes);
  }
  return std::nullopt;
}

}  // namespace

Result<CaseResult> CaseFromJson(const Json& j) {
  CaseResult r;
  JsonFields f(j, "case");
  f.Read("id", r.id);
  f.Read("file", r.file);
  f.Read("fileId", r.file_id, false);
  f.Read("operator", r.operator_name);
  r.operator_type = r.operator_name.substr(0, r.operator_name.find('('));
  f.Read("dataTypes", r.data_types);
  f.Read("featureLevel", r.feature_level);
  std::string status;
  f.Read("status", status);
  f.Read("message", r.message);
  f.Read("tolerance", r.tolerance);
  f.Read("elements", r.comparison.elements);
  f.Read("mismatchCount", r.comparison.mismatches);
  if (const Json* ulp = f.Get("maxUlp"); ulp != nullptr && !ulp->is_null()) f.ReadNumber("maxUlp", r.comparison.max_ulp);
  if (const Json* abs = f.Get("maxAbsError"); abs != nullptr && !abs->is_null()) {
    f.ReadNumber("maxAbsError", r.comparison.max_abs_error);
  }
  f.Read("durationMs", r.duration_ms);
  // Fields a report of an older build lacks keep their defaults.
  f.Read("attempts", r.attempts, false);
  f.Read("expectedStatus", r.expected_status, false);
  f.Read("deviceLost", r.device_lost, false);
  f.Read("transcript", r.transcript, false);
  f.Read("apiNote", r.api_note, false);
  f.Read("behaviour", r.behaviour, false);
  f.Read("expectedBehaviour", r.expected_behaviour, false);
  f.Read("executionFlags", r.execution_flags, false);
  f.Read("referenceFault", r.reference_fault, false);
  f.Read("blame", r.blame, false);
  if (const Json* desc = f.Get("desc", false); desc != nullptr && desc->is_object()) r.desc = desc->dump(2);
  if (const Json* ab = f.Get("metacommandAb", false); ab != nullptr && !ab->is_null()) {
    JsonFields a(*ab, "case.metacommandAb");
    MetacommandAb m;
    a.Read("executionFlags", m.execution_flags);
    a.Read("status", m.status);
    a.Read("behaviour", m.behaviour);
    a.Read("agree", m.agree);
    a.Read("mismatchCount", m.mismatches);
    a.Read("cpuMs", m.cpu_ms);
    a.ReadOptional("gpuMs", m.gpu_ms);
    if (a.error()) return *a.error();
    r.metacommand_ab = m;
  }
  std::string api_finding;
  f.Read("apiFinding", api_finding, false);
  if (f.error()) return *f.error();
  if (r.id.empty()) return MakeError("report", "case.id", "case.id is empty");

  const std::optional<CaseStatus> parsed = ParseStatus(status);
  if (!parsed) return MakeError("report", "case.status", "case '" + r.id + "': status '" + status + "' is not a status");
  r.status = *parsed;
  const std::optional<ApiFinding> finding = ParseApiFinding(api_finding);
  if (!finding) {
    return MakeError("report", "case.apiFinding", "case '" + r.id + "': apiFinding '" + api_finding + "' is not a finding");
  }
  r.api_finding = *finding;

  if (auto e = DecodeMismatches(f.Get("firstMismatches"), "case.firstMismatches", r.comparison.first)) return *e;
  if (auto e = DecodeMismatches(f.Get("worstMismatches", false), "case.worstMismatches", r.comparison.worst)) return *e;
  if (const Json* maps = f.Get("errorMaps", false); maps != nullptr && maps->is_array()) {
    for (size_t i = 0; i < maps->size() && i < kMaxErrorMaps; ++i) {
      ErrorMap map;
      if (auto e = DecodeErrorMap((*maps)[i], "case.errorMaps[" + std::to_string(i) + "]", map)) return *e;
      r.comparison.maps.push_back(std::move(map));
    }
  }
  f.Read("errorMapsOmitted", r.comparison.maps_omitted, false);
  if (const Json* timing = f.Get("timing"); timing != nullptr && !timing->is_null()) {
    CaseTiming t;
    if (auto e = DecodeTiming(*timing, "case.timing", t)) return *e;
    r.timing = t;
  }
  return r;
}

Result<RunContext> ContextFromJson(const Json& j) {
  RunContext c;
  JsonFields f(j, "context");
  f.Read("toolVersion", c.tool_version);
  f.Read("gitRevision", c.git_revision);
  f.Read("revision", c.revision, false);
  f.Read("host", c.host);
  f.Read("backend", c.backend);
  f.Read("device", c.device);
  f.Read("driver", c.driver);
  f.Read("featureLevel", c.feature_level);
  f.Read("date", c.date);
  f.Read("jobs", c.jobs);
  f.Read("iterations", c.iterations);
  f.Read("warmup", c.warmup);
  f.Read("repeat", c.repeat, false);
  f.Read("isolation", c.isolation, false);
  f.Read("timeoutS", c.timeout_s, false);
  f.Read("retries", c.retries, false);
  f.Read("shard", c.shard, false);
  f.Read("plannedCases", c.planned_cases, false);
  f.Read("interrupted", c.interrupted, false);
  f.Read("allowPathsOutside", c.allow_paths_outside, false);
  f.Read("durationMs", c.duration_ms, false);
  f.Read("reference", c.reference, false);
  f.Read("referenceDevice", c.reference_device, false);
  if (f.error()) return *f.error();
  if (const Json* tags = f.Get("tags", false)) {
    if (!tags->is_object()) return MakeError("report", "context.tags", "context.tags is not an object");
    for (const auto& [key, value] : tags->items()) {
      if (!value.is_string()) return MakeError("report", "context.tags." + key, "context.tags." + key + " is not a string");
      c.tags.emplace_back(key, value.get<std::string>());
    }
  }
  return c;
}

Result<RunReport> ParseJsonReport(std::string_view text, const std::string& path) {
  DMLC_RETURN_IF_ERROR(CheckJsonDepth(text, path, "report"));
  const Json j = Json::parse(text, nullptr, false);
  auto fail = [&](std::string field, std::string message) {
    Error e = MakeError("report", std::move(field), std::move(message));
    e.where.file = path;
    return e;
  };
  if (j.is_discarded()) return fail("", "not valid JSON");
  if (!j.is_object() || !j.contains("schemaVersion") || !j.contains("cases") || !j["cases"].is_array()) {
    return fail("", "not a dml-conform report (no \"schemaVersion\" and \"cases\")");
  }
  if (!j["schemaVersion"].is_number_integer() || j["schemaVersion"] < 1 ||
      j["schemaVersion"] > RunContext::kSchemaVersion) {
    return fail("schemaVersion", "schemaVersion " + j["schemaVersion"].dump() + " is not 1 to " +
                                     std::to_string(RunContext::kSchemaVersion));
  }
  RunReport report;
  Result<RunContext> context = ContextFromJson(j.contains("context") ? j["context"] : Json());
  if (!context.ok()) return fail(context.error().path, context.error().message);
  report.context = std::move(context).value();
  const Json& cases = j["cases"];
  for (size_t i = 0; i < cases.size(); ++i) {
    Result<CaseResult> r = CaseFromJson(cases[i]);
    if (!r.ok()) {
      // The case decoder names fields from "case"; in the file they sit under "cases[i]".
      const std::string at = "cases[" + std::to_string(i) + "]";
      return fail(at + r.error().path.substr(std::string_view("case").size()), at + ": " + r.error().message);
    }
    report.results.push_back(std::move(r).value());
  }
  return report;
}

Result<std::string> ReadTextFile(const std::filesystem::path& path) {
  // A FIFO would block, /dev/zero never end: refused before a byte is read (issue 47, defect 13).
  Result<std::string> text = backends::ReadRegularFile(path, backends::kMaxReportBytes);
  if (!text.ok()) {
    Error e = MakeError("report", "", text.error().message == "cannot be opened" ? "cannot be read" : text.error().message);
    e.where.file = path.string();
    return e;
  }
  return text;
}

Result<RunReport> ReadJsonReport(const std::filesystem::path& path) {
  Result<std::string> text = ReadTextFile(path);
  if (!text.ok()) return text.error();
  return ParseJsonReport(*text, path.string());
}

}  // namespace dmlc::app
