#include "app/html/html_page.h"

#include <string_view>

#include "app/html/page_assets.h"
#include "app/report/junit_report.h"  // XmlEscape: HTML text escapes as XML's does

namespace dmlc::app::html {
namespace {

// Replaces the placeholder `name` ("{{DATA}}") at or after `from` in `page`; returns where the text
// filled in ends, so the next placeholder is looked for after it and never inside it.
size_t Fill(std::string& page, size_t from, std::string_view name, std::string_view text) {
  const size_t at = page.find(name, from);
  if (at == std::string::npos) return from;
  page.replace(at, name.size(), text);
  return at + text.size();
}

// One of the embedded templates with its placeholders filled; they appear in this order, each once.
std::string FilledPage(const char* html, const char* css, const char* js, const nlohmann::ordered_json& data,
                       const std::string& title) {
  std::string page(html);
  size_t at = Fill(page, 0, "{{TITLE}}", XmlEscape(title));
  at = Fill(page, at, "{{STYLE}}", css);
  at = Fill(page, at, "{{DATA}}", InlineJson(data));
  Fill(page, at, "{{SCRIPT}}", js);
  return page;
}

}  // namespace

std::string InlineJson(const nlohmann::ordered_json& data) {
  const std::string json = data.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  // Inside <script> the HTML tokenizer, not JSON, decides where the element ends: "</script" closes it
  // and "<!--" followed by "<script" makes it swallow the page's own script (issue 47, defect 2). So no
  // '<', '>' or '&' reaches the page raw. These bytes occur in dumped JSON only inside strings, where
  // a \u escape reads back as the same character. U+2028 and U+2029 end a line in JavaScript before
  // ES2019; escaped too, as the HTML spec's advice for inline data has it.
  std::string out;
  out.reserve(json.size());
  for (size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (c == '<') {
      out += "\\u003c";
    } else if (c == '>') {
      out += "\\u003e";
    } else if (c == '&') {
      out += "\\u0026";
    } else if (json.compare(i, 2, "\xE2\x80") == 0 && i + 2 < json.size() &&
               (json[i + 2] == '\xA8' || json[i + 2] == '\xA9')) {
      out += json[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

std::string HtmlPage(const nlohmann::ordered_json& data, const std::string& title) {
  return FilledPage(kPageHtml, kPageCss, kPageJs, data, title);
}

std::string RunsHtmlPage(const nlohmann::ordered_json& data, const std::string& title) {
  return FilledPage(kRunsHtml, kRunsCss, kRunsJs, data, title);
}

}  // namespace dmlc::app::html
