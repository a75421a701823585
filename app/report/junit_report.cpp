#include "app/report/junit_report.h"

#include <cstdio>
#include <map>

#include "app/report/format.h"

namespace dmlc::app {
namespace {

constexpr const char* kNotLoaded = "(not loaded)";

std::string Seconds(double ms) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.3f", ms / 1000.0);
  return buffer;
}

std::string Counts(const RunTotals& t) {
  return "tests=\"" + std::to_string(t.cases) + "\" failures=\"" + std::to_string(t.fail) + "\" errors=\"" +
         std::to_string(t.error) + "\" skipped=\"" + std::to_string(t.skip) + "\"";
}

void WriteCase(std::ostream& out, const CaseResult& r, const std::string& suite) {
  out << "    <testcase name=\"" << XmlEscape(r.id) << "\" classname=\""
      << XmlEscape(r.operator_name.empty() ? suite : r.operator_name) << "\" file=\"" << XmlEscape(r.file)
      << "\" time=\"" << Seconds(r.duration_ms) << "\"";
  if (r.status == CaseStatus::kPass) {
    out << "/>\n";
    return;
  }
  out << ">\n";
  if (r.status == CaseStatus::kSkip) {
    out << "      <skipped message=\"" << XmlEscape(r.message) << "\"/>\n";
  } else {
    const char* tag = r.status == CaseStatus::kFail ? "failure" : "error";
    std::string details;
    for (const std::string& line : DetailLines(r)) details += line + "\n";
    out << "      <" << tag << " message=\"" << XmlEscape(r.message) << "\" type=\"" << StatusName(r.status) << "\">"
        << XmlEscape(details) << "</" << tag << ">\n";
  }
  out << "    </testcase>\n";
}

}  // namespace

std::string XmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r') {
          out += '?';
        } else {
          out += c;
        }
    }
  }
  return out;
}

void WriteJUnitReport(std::ostream& out, const RunContext& context, const std::vector<CaseResult>& results) {
  // Suites by operator type in name order; cases keep run order within a suite.
  std::map<std::string, std::vector<const CaseResult*>> suites;
  for (const CaseResult& r : results) suites[r.operator_type.empty() ? kNotLoaded : r.operator_type].push_back(&r);

  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"dml-conform\" " << Counts(Tally(results)) << " time=\"" << Seconds(context.duration_ms) << "\">\n";
  for (const auto& [name, members] : suites) {
    double suite_ms = 0;
    RunTotals t;
    for (const CaseResult* r : members) {
      suite_ms += r->duration_ms;
      t.Add(r->status);
    }
    out << "  <testsuite name=\"" << XmlEscape(name) << "\" " << Counts(t) << " time=\"" << Seconds(suite_ms)
        << "\" timestamp=\"" << XmlEscape(context.date) << "\" hostname=\"" << XmlEscape(context.host) << "\">\n";
    out << "    <properties>\n";
    for (const auto& [key, value] : {std::pair<const char*, const std::string*>{"backend", &context.backend},
                                     {"device", &context.device},
                                     {"driver", &context.driver},
                                     {"featureLevel", &context.feature_level},
                                     {"toolVersion", &context.tool_version},
                                     {"gitRevision", &context.git_revision}}) {
      out << "      <property name=\"" << key << "\" value=\"" << XmlEscape(*value) << "\"/>\n";
    }
    out << "    </properties>\n";
    for (const CaseResult* r : members) WriteCase(out, *r, name);
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

}  // namespace dmlc::app
