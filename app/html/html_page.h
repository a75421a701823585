// The page itself: one HTML file holding its style, its script and its data, so it opens from disk,
// offline, and can be attached to a CI run as a single artifact. Its Content-Security-Policy allows no
// request at all: nothing it shows can come from elsewhere. Pure; thread-safe.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace dmlc::app::html {

// `data` is PageData's object. `title` names the page in the browser ("dml-conform: vulkan").
std::string HtmlPage(const nlohmann::ordered_json& data, const std::string& title);
// The runs page (runs_page.h) of RunsPageData's object, built the same way from its own template.
std::string RunsHtmlPage(const nlohmann::ordered_json& data, const std::string& title);

// The data as the page's <script type="application/json"> holds it: JSON with every '<', '>', '&',
// U+2028 and U+2029 written as a \u escape, so no string in it can end the element or change how the
// HTML tokenizer reads what follows ("<!--" then "<script").
std::string InlineJson(const nlohmann::ordered_json& data);

}  // namespace dmlc::app::html
