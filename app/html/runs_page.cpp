#include "app/html/runs_page.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>
#include <system_error>

#include "app/html/html_page.h"
#include "app/html/html_report.h"
#include "backends/cache_files.h"

namespace dmlc::app::html {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// A run passed a case when it passed or passed unexpectedly; it ran it unless it skipped it.
struct Cell {
  int passed = 0;
  int ran = 0;
  void Add(CaseStatus s) {
    if (s == CaseStatus::kSkip) return;
    ++ran;
    if (s == CaseStatus::kPass || s == CaseStatus::kUnexpectedPass) ++passed;
  }
};

std::string PercentEncoded(const std::string& text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '.' || c == '_' || c == '~' || c == '-') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string RunPageName(size_t index) { return "run-" + std::to_string(index + 1) + ".html"; }

fs::path RunPagesPath(const std::string& output) {
  return fs::path(output).parent_path() / (fs::path(output).stem() += ".runs");
}

}  // namespace

// UTF-8, as links are: on Windows string() is UTF-8 but path(std::string) reads the ANSI code page, so
// the folder is made from the path itself and only its link goes through text.
std::string RunPagesFolder(const std::string& output) {
  const std::u8string name = RunPagesPath(output).filename().u8string();
  return std::string(name.begin(), name.end());
}

std::string RunPageLink(const std::string& output, size_t index) {
  return PercentEncoded(RunPagesFolder(output)) + "/" + RunPageName(index);
}

Json RunsPageData(const history::History& h, const std::vector<history::RunInput>& inputs, const std::string& output) {
  auto configuration_index = [&](const std::string& name) {
    return static_cast<size_t>(std::find(h.configurations.begin(), h.configurations.end(), name) - h.configurations.begin());
  };
  Json configurations = Json::array();
  for (const std::string& name : h.configurations) configurations.push_back(Json{{"name", name}, {"runs", Json::array()}});
  Json runs = Json::array();
  std::map<std::string, std::vector<std::optional<Cell>>> operators;
  for (size_t i = 0; i < h.runs.size(); ++i) {
    const history::RunEntry& run = h.runs[i];
    const size_t configuration = configuration_index(run.configuration);
    configurations[configuration]["runs"].push_back(i);
    Cell whole;
    for (const CaseResult& r : inputs[run.input].report.results) {
      std::vector<std::optional<Cell>>& cells = operators[r.operator_type.empty() ? "(not loaded)" : r.operator_type];
      cells.resize(h.runs.size());
      if (!cells[i]) cells[i] = Cell{};
      cells[i]->Add(r.status);
      whole.Add(r.status);
    }
    runs.push_back(Json{{"file", run.file}, {"revision", run.revision}, {"date", run.date}, {"configuration", configuration},
                        {"page", RunPageLink(output, i)}, {"passed", whole.passed}, {"ran", whole.ran},
                        {"cases", run.totals.cases}});
  }
  Json rows = Json::array();
  for (auto& [name, cells] : operators) {
    cells.resize(h.runs.size());
    Json row_cells = Json::array();
    for (const std::optional<Cell>& c : cells) row_cells.push_back(c ? Json{{"passed", c->passed}, {"ran", c->ran}} : Json(nullptr));
    rows.push_back(Json{{"name", name}, {"cells", std::move(row_cells)}});
  }
  Json regressions = Json::array();
  for (const history::Regression& r : h.regressions) {
    regressions.push_back(Json{{"id", r.id}, {"configuration", configuration_index(r.configuration)},
                               {"lastGoodRevision", r.last_good}, {"lastGoodRun", r.last_good_run},
                               {"firstBadRevision", r.first_bad}, {"firstBadRun", r.first_bad_run},
                               {"latestStatus", StatusName(r.latest)}});
  }
  Json flakes = Json::array();
  for (const history::Flake& f : h.flakes) {
    Json flake_runs = Json::array();
    for (const history::CaseRun& r : f.runs) flake_runs.push_back(Json{{"run", r.run}, {"status", StatusName(r.status)}});
    flakes.push_back(Json{{"id", f.id}, {"configuration", configuration_index(f.configuration)}, {"revision", f.revision},
                          {"runs", std::move(flake_runs)}});
  }
  return Json{{"configurations", configurations}, {"runs", runs}, {"operators", rows}, {"regressions", regressions},
              {"flakes", flakes}};
}

std::optional<Error> WriteRunsPages(const history::History& h, const std::vector<history::RunInput>& inputs,
                                    const std::string& output) {
  const fs::path folder = RunPagesPath(output);
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) {
    Error e = MakeError("html", "", "cannot make the folder of the run pages: " + ec.message());
    e.where.file = folder.string();
    return e;
  }
  for (size_t i = 0; i < h.runs.size(); ++i) {
    const history::RunInput& input = inputs[h.runs[i].input];
    const std::string page = RunPage(PageInputs{&input.report.context, &input.report.results, input.file});
    if (Status written = backends::WriteFileAtomically(folder / RunPageName(i), page); !written.ok()) return written.error();
  }
  const Json data = RunsPageData(h, inputs, output);
  if (Status written = backends::WriteFileAtomically(output, RunsHtmlPage(data, "dml-conform: " + std::to_string(h.runs.size()) + " runs"));
      !written.ok()) {
    return written.error();
  }
  return std::nullopt;
}

}  // namespace dmlc::app::html
