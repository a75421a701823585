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

}  // namespace

std::string InlineJson(const nlohmann::ordered_json& data) {
  const std::string json = data.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  std::string out;
  out.reserve(json.size());
  for (size_t i = 0; i < json.size(); ++i) {
    out += json[i];
    if (json[i] == '<' && i + 1 < json.size() && json[i + 1] == '/') out += '\\';
  }
  return out;
}

std::string HtmlPage(const nlohmann::ordered_json& data, const std::string& title) {
  // The template's placeholders appear in this order, each once.
  std::string page(kPageHtml);
  size_t at = Fill(page, 0, "{{TITLE}}", XmlEscape(title));
  at = Fill(page, at, "{{STYLE}}", kPageCss);
  at = Fill(page, at, "{{DATA}}", InlineJson(data));
  Fill(page, at, "{{SCRIPT}}", kPageJs);
  return page;
}

}  // namespace dmlc::app::html
