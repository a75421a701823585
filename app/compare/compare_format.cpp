#include "app/compare/compare_format.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>

namespace dmlc::app::compare {
namespace {

std::string Fixed(double v, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
  return buffer;
}

std::string Percent(double fraction) { return (fraction >= 0 ? "+" : "") + Fixed(fraction * 100, 1) + "%"; }

std::string Milliseconds(double ms) { return Fixed(ms, ms < 1 ? 4 : 3) + " ms"; }

// Text from a report (ids, statuses, messages, paths) as a terminal shows it: a control character
// (C0, DEL, and C1 as UTF-8 writes it) is written "\x1b", so an id cannot move the cursor, retitle the
// window or hide a line (issue 47, defect 12). '\n' is kept where `keep_newlines`: a message's lines.
std::string Printable(const std::string& text, bool keep_newlines = false) {
  std::string out;
  char hex[8];
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool c1 = c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if ((c < 0x20 && !(keep_newlines && c == '\n')) || c == 0x7F) {
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    } else if (c1) {
      std::snprintf(hex, sizeof hex, "\\u%04x", static_cast<unsigned char>(text[++i]));
      out += hex;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// An id as a markdown table's code span: a '|' would end the cell even inside the span, and a backtick
// would end the span, so the fence is one backtick longer than the id's longest run, padded with a
// space where the id starts or ends with one (CommonMark 6.1; GFM tables 4.10).
std::string MarkdownCode(const std::string& text) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
  std::string body;
  for (char c : Printable(text)) body += c == '|' ? std::string("\\|") : std::string(1, c);
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string StatusArrow(const StatusChange& s) {
  std::string text = (s.base_status.empty() ? "(new)" : Printable(s.base_status)) + " -> " + Printable(s.new_status);
  if (!s.message.empty()) text += ": " + Printable(s.message, true);
  return text;
}

std::string ReplaceAll(const std::string& text, char ch, const std::string& with) {
  std::string out;
  for (char c : text) out += c == ch ? with : std::string(1, c);
  return out;
}

// A status change's row. A message can span lines (a crash's ends with the worker's last stderr
// lines): in text they are indented under the row; a markdown table cell holds neither a raw '|' nor
// a line break, so those become "\|" and <br>, and '<' is "&lt;" so a message adds no markup.
std::string StatusCell(const StatusChange& s, OutputFormat format) {
  if (format == OutputFormat::kText) return ReplaceAll(StatusArrow(s), '\n', "\n    ");
  return ReplaceAll(ReplaceAll(ReplaceAll(StatusArrow(s), '<', "&lt;"), '|', "\\|"), '\n', "<br>");
}

std::string Verdict(const Comparison& c) {
  if (!c.HasRegression()) return "OK: no regression";
  std::string why;
  auto add = [&](size_t n, const char* what) {
    if (n > 0) why += (why.empty() ? "" : ", ") + std::to_string(n) + " " + what;
  };
  add(c.new_failures.size(), "new failure(s)");
  add(c.missing.size(), "missing case(s)");
  add(c.regressions.size(), "timing regression(s)");
  return "REGRESSION: " + why;
}

// Writes one section: a title with the count, then up to kMaxListed rows.
template <class T>
void Section(std::ostream& out, OutputFormat format, const std::string& title, const std::vector<T>& rows,
             const std::string& header, const std::function<std::string(const T&)>& row) {
  if (rows.empty()) return;
  const bool md = format == OutputFormat::kMarkdown;
  out << (md ? "\n### " : "\n") << title << " (" << rows.size() << ")" << (md ? "\n\n" : ":\n");
  if (md) out << header << "\n";
  size_t listed = 0;
  for (const T& r : rows) {
    if (listed++ == kMaxListed) {
      out << (md ? "\n" : "  ") << "... and " << rows.size() - kMaxListed << " more\n";
      break;
    }
    out << (md ? "" : "  ") << row(r) << "\n";
  }
}

}  // namespace

std::optional<OutputFormat> ParseOutputFormat(std::string_view text) {
  if (text == "text") return OutputFormat::kText;
  if (text == "markdown" || text == "md") return OutputFormat::kMarkdown;
  return std::nullopt;
}

void WriteComparison(std::ostream& out, const LoadedReport& base, const LoadedReport& now, const Comparison& c,
                     const Thresholds& thresholds, OutputFormat format) {
  const bool md = format == OutputFormat::kMarkdown;
  const std::string sep = md ? " | " : "  ";
  auto cell = [&](const std::string& s) { return md ? MarkdownCode(s) : Printable(s); };
  auto line = [&](std::initializer_list<std::string> cells) {
    std::string text;
    for (const auto& s : cells) text += (text.empty() ? "" : sep) + s;
    return md ? "| " + text + " |" : text;
  };

  out << (md ? "## " : "") << "Comparison of " << ReportKindName(base.kind) << "s\n";
  out << (md ? "\n- " : "") << "base: " << Printable(base.path) << " (" << base.ids.size() << " entries)\n";
  out << (md ? "- " : "") << "new:  " << Printable(now.path) << " (" << now.ids.size() << " entries)\n";
  out << (md ? "- " : "") << "timing rule: median slower by more than " << Fixed(thresholds.relative * 100, 1)
      << "% and by more than " << Fixed(thresholds.noise_floor_ms, 3) << " ms; " << c.timings_compared
      << " timings compared\n";

  const std::string status_header = md ? "| id | change |\n|---|---|" : "";
  const std::string id_header = md ? "| id |\n|---|" : "";
  const std::string timing_header = md ? "| id | base | new | change |\n|---|---:|---:|---:|" : "";
  auto status_row = std::function<std::string(const StatusChange&)>(
      [&](const StatusChange& s) { return line({cell(s.id), StatusCell(s, format)}); });
  auto id_row = std::function<std::string(const std::string&)>([&](const std::string& id) { return line({cell(id)}); });
  auto timing_row = std::function<std::string(const TimingChange&)>([&](const TimingChange& t) {
    return line({cell(t.id), Milliseconds(t.base_ms), Milliseconds(t.new_ms), Percent(t.Change())});
  });
  Section(out, format, "New failures", c.new_failures, status_header, status_row);
  Section(out, format, "Missing cases", c.missing, id_header, id_row);
  Section(out, format, "Timing regressions", c.regressions, timing_header, timing_row);
  Section(out, format, "Fixes", c.fixes, status_header, status_row);
  Section(out, format, "Newly skipped", c.newly_skipped, status_header, status_row);
  Section(out, format, "Added cases", c.added, id_header, id_row);
  Section(out, format, "Timing improvements", c.improvements, timing_header, timing_row);
  out << "\n" << (md ? "**" : "") << Verdict(c) << (md ? "**" : "") << "\n";
}

}  // namespace dmlc::app::compare
