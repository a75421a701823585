#include "app/html/html_page.h"

#include <gtest/gtest.h>

namespace dmlc::app::html {
namespace {

using Json = nlohmann::ordered_json;

TEST(InlineJson, NoStringCanCloseTheScriptElement) {
  const Json data{{"message", "</script><script>alert(1)</script>"}};
  const std::string inlined = InlineJson(data);
  EXPECT_EQ(inlined.find("</"), std::string::npos);
  EXPECT_EQ(Json::parse(inlined), data);  // "<\/" reads back as "</"
}

// Issue 47, defect 2: "<!--" and a later "<script" in two case names made the data element swallow the
// page's script; the page showed nothing.
TEST(InlineJson, NoMarkupCharacterOrLineSeparatorReachesThePage) {
  const Json data{{"cases", {{{"id", "a<!--b"}, {"message", "x & y > z"}},
                             {{"id", "c<script>d"}, {"message", "\u2028\u2029 <!-- -->"}}}}};
  const std::string inlined = InlineJson(data);
  for (const char* raw : {"<", ">", "&", "\u2028", "\u2029"}) EXPECT_EQ(inlined.find(raw), std::string::npos) << raw;
  EXPECT_NE(inlined.find(R"("id":"a\u003c!--b")"), std::string::npos) << inlined;
  EXPECT_NE(inlined.find(R"("message":"\u2028\u2029 \u003c!-- --\u003e")"), std::string::npos) << inlined;
  EXPECT_EQ(Json::parse(inlined), data);
  const std::string page = HtmlPage(data, "t");
  // The data element is followed by the page's own script, still whole.
  const size_t data_end = page.find("</script>", page.find("id=\"dmlc-data\""));
  EXPECT_NE(page.find("const page = ", data_end), std::string::npos);
}

TEST(HtmlPage, FillsEachPlaceholderOnceWhateverTheDataHolds) {
  const Json data{{"id", "{{SCRIPT}} {{DATA}} {{STYLE}}"}};
  const std::string page = HtmlPage(data, "a <b> & \"c\"");
  EXPECT_NE(page.find("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"), std::string::npos) << page.substr(0, 600);
  // The data sits in its element as written, and the script after it is the page's own.
  const size_t data_at = page.find("<script type=\"application/json\" id=\"dmlc-data\">");
  ASSERT_NE(data_at, std::string::npos);
  EXPECT_EQ(page.find(InlineJson(data)), page.find('>', data_at) + 1);
  EXPECT_NE(page.find("const heatMap", data_at), std::string::npos);
  EXPECT_NE(page.find("const page = ", data_at), std::string::npos);
  EXPECT_EQ(page.find("{{TITLE}}"), std::string::npos);
}

TEST(HtmlPage, AllowsNoRequestAtAll) {
  const std::string page = HtmlPage(Json::object(), "t");
  EXPECT_NE(page.find("Content-Security-Policy\" content=\"default-src 'none';"), std::string::npos);
  for (const char* outside : {"http://", "https://", "src=\"", "href=\""}) {
    EXPECT_EQ(page.find(outside), std::string::npos) << outside;
  }
}

}  // namespace
}  // namespace dmlc::app::html
