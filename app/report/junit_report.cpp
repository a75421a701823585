#include "app/report/junit_report.h"

#include <cstdio>
#include <map>

#include "app/report/format.h"
#include "app/report/text.h"

namespace dmlc::app {
namespace {

constexpr const char* kNotLoaded = "(not loaded)";

std::string Seconds(double ms) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.3f", ms / 1000.0);
  return buffer;
}

// How a status shows in JUnit, which knows only failure, error and skipped: a wrong answer (or a pass
// the baseline did not expect) is a failure, a case that could not finish is an error, and what a
// baseline or a retry made a success passes with a note a person can find.
enum class Shown { kPassed, kPassedWithNote, kFailure, kError, kSkipped };

Shown ShownAs(CaseStatus status) {
  switch (status) {
    case CaseStatus::kPass: return Shown::kPassed;
    case CaseStatus::kExpectedFail:
    case CaseStatus::kFlake: return Shown::kPassedWithNote;
    case CaseStatus::kFail:
    case CaseStatus::kUnexpectedPass: return Shown::kFailure;
    case CaseStatus::kError:
    case CaseStatus::kCrash:
    case CaseStatus::kTimeout: return Shown::kError;
    case CaseStatus::kSkip: return Shown::kSkipped;
  }
  return Shown::kError;
}

std::string Counts(const RunTotals& t) {
  int failures = 0, errors = 0, skipped = 0;
  for (CaseStatus s : kAllStatuses) {
    switch (ShownAs(s)) {
      case Shown::kFailure: failures += t.Count(s); break;
      case Shown::kError: errors += t.Count(s); break;
      case Shown::kSkipped: skipped += t.Count(s); break;
      case Shown::kPassed:
      case Shown::kPassedWithNote: break;
    }
  }
  return "tests=\"" + std::to_string(t.cases) + "\" failures=\"" + std::to_string(failures) + "\" errors=\"" +
         std::to_string(errors) + "\" skipped=\"" + std::to_string(skipped) + "\"";
}

std::string Details(const CaseResult& r) {
  std::string details;
  for (const std::string& line : DetailLines(r)) details += line + "\n";
  return details;
}

void WriteCase(std::ostream& out, const CaseResult& r, const std::string& suite) {
  out << "    <testcase name=\"" << XmlAttribute(r.id) << "\" classname=\""
      << XmlAttribute(r.operator_name.empty() ? suite : r.operator_name) << "\" file=\"" << XmlAttribute(r.file)
      << "\" time=\"" << Seconds(r.duration_ms) << "\"";
  const Shown shown = ShownAs(r.status);
  if (shown == Shown::kPassed) {
    out << "/>\n";
    return;
  }
  out << ">\n";
  if (shown == Shown::kSkipped) {
    out << "      <skipped message=\"" << XmlAttribute(r.message) << "\"/>\n";
  } else if (shown == Shown::kPassedWithNote) {
    out << "      <system-out>" << XmlEscape(std::string(StatusName(r.status)) + ": " + Details(r))
        << "</system-out>\n";
  } else {
    const char* tag = shown == Shown::kFailure ? "failure" : "error";
    out << "      <" << tag << " message=\"" << XmlAttribute(r.message) << "\" type=\"" << StatusName(r.status) << "\">"
        << XmlEscape(Details(r)) << "</" << tag << ">\n";
  }
  out << "    </testcase>\n";
}

}  // namespace

std::string XmlEscape(const std::string& text) {
  // PrintableText leaves no character XML 1.0 forbids: invalid UTF-8 and the C0 controls but tab, line
  // feed and carriage return are what made a JUnit file ill-formed, even as character references.
  std::string out;
  out.reserve(text.size());
  for (char c : PrintableText(text)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string XmlAttribute(const std::string& text) {
  std::string out;
  for (char c : XmlEscape(text)) {
    switch (c) {
      case '\n': out += "&#10;"; break;
      case '\r': out += "&#13;"; break;
      case '\t': out += "&#9;"; break;
      default: out += c;
    }
  }
  return out;
}

void WriteJUnitReport(std::ostream& out, const RunContext& context, const std::vector<CaseResult>& results) {
  // Suites by operator type in name order; cases keep run order within a suite.
  std::map<std::string, std::vector<const CaseResult*>> suites;
  for (const CaseResult& r : results) suites[r.operator_type.empty() ? kNotLoaded : r.operator_type].push_back(&r);

  const std::pair<const char*, std::string> properties[] = {{"backend", context.backend},
                                                           {"device", context.device},
                                                           {"driver", context.driver},
                                                           {"featureLevel", context.feature_level},
                                                           {"toolVersion", context.tool_version},
                                                           {"gitRevision", context.git_revision},
                                                           {"isolation", context.isolation},
                                                           {"shard", context.shard},
                                                           {"interrupted", context.interrupted ? "true" : "false"}};
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"dml-conform\" " << Counts(Tally(results)) << " time=\"" << Seconds(context.duration_ms) << "\">\n";
  for (const auto& [name, members] : suites) {
    double suite_ms = 0;
    RunTotals t;
    for (const CaseResult* r : members) {
      suite_ms += r->duration_ms;
      t.Add(r->status);
    }
    out << "  <testsuite name=\"" << XmlAttribute(name) << "\" " << Counts(t) << " time=\"" << Seconds(suite_ms)
        << "\" timestamp=\"" << XmlAttribute(context.date) << "\" hostname=\"" << XmlAttribute(context.host) << "\">\n";
    out << "    <properties>\n";
    for (const auto& [key, value] : properties) {
      out << "      <property name=\"" << key << "\" value=\"" << XmlAttribute(value) << "\"/>\n";
    }
    out << "    </properties>\n";
    for (const CaseResult* r : members) WriteCase(out, *r, name);
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

}  // namespace dmlc::app
