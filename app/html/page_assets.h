// The page's template, style and script (app/html/page/), embedded at build time by embed_page.cmake.
#pragma once

namespace dmlc::app::html {

extern const char kPageHtml[];  // with the placeholders {{TITLE}}, {{STYLE}}, {{DATA}}, {{SCRIPT}}, in that order
extern const char kPageCss[];
extern const char kPageJs[];
// The runs page (runs_page.h): the same placeholders.
extern const char kRunsHtml[];
extern const char kRunsCss[];
extern const char kRunsJs[];

}  // namespace dmlc::app::html
