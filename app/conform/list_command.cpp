// `dml-conform list` and `dml-conform validate`: the model's view of the cases, nothing executed.
#include <iostream>

#include <spdlog/spdlog.h>

#include "app/conform/commands.h"
#include "app/conform/load_flags.h"
#include "app/engine/case_checks.h"
#include "app/engine/case_set.h"
#include "ops/rule_book.h"

namespace dmlc::app {
namespace {

std::string Join(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}

// The case files under the paths, or nullopt (logged) when --max-file-size does not read.
std::optional<CaseSet> Load(const ListCommandOptions& o) {
  Result<LoadOptions> options = ParseLoadFlags(o.load);
  if (!options.ok()) {
    spdlog::error("{}", options.error().message);
    return std::nullopt;
  }
  return LoadCaseSet({o.paths.begin(), o.paths.end()}, *options);
}

// The selected cases, or nullopt (logged) when there are no case files at all.
std::optional<std::vector<SelectedCase>> Select(const CaseSet& set, const ListCommandOptions& o) {
  for (const Error& e : set.path_errors) spdlog::error("{}", e.ToString());
  if (set.files.empty()) {
    spdlog::error("no case files found");
    return std::nullopt;
  }
  return set.Select(CaseFilter(o.filters));
}

// The load error of a selected case, when it has one.
std::optional<std::string> LoadError(const SelectedCase& s) {
  if (s.entry == nullptr) return s.file->error ? s.file->error->ToString() : "file not loaded";
  if (!s.entry->loaded.ok()) return s.entry->loaded.error().ToString();
  return std::nullopt;
}

}  // namespace

int ListCommand(const ListCommandOptions& o) {
  const std::optional<CaseSet> set = Load(o);
  if (!set) return kExitUsage;
  const auto selected = Select(*set, o);
  if (!selected) return kExitUsage;
  bool bad = !set->path_errors.empty();
  for (const SelectedCase& s : *selected) {
    if (auto error = LoadError(s)) {
      std::cout << s.id() << "  error: " << *error << "\n";
      bad = true;
      continue;
    }
    const TestCase& c = s.entry->loaded.value();
    if (!c.skip_reason.empty()) {
      std::cout << s.id() << "  skip: " << c.skip_reason << "\n";
      continue;
    }
    const DescCheck check = CheckDesc(c, std::nullopt);
    std::string level = check.level ? std::string(ops::FeatureLevelName(*check.level)) : "-";
    if (c.expect_error.expected) level += " (expectError)";
    else if (check.rejection) level += " (invalid)";
    std::cout << s.id() << "  " << ops::DisplayName(c.desc) << "  " << Join(DataTypeNames(c.desc)) << "  " << level << "\n";
  }
  spdlog::info("{} cases", selected->size());
  return bad ? kExitFailures : kExitOk;
}

namespace {

// The rule an error breaks and where it comes from, for validate -v.
std::string RuleLine(const Error& error) {
  if (error.rule_id.empty()) return "";
  return "\n  rule " + error.rule_id + ": " + error.rule + "\n  source: " + error.rule_source;
}

int ListRules() {
  for (const ops::Rule* rule : ops::rule_book::kAll) {
    std::cout << rule->id << "  " << rule->text << "\n  " << ops::DescribeSource(*rule) << "\n";
  }
  return kExitOk;
}

}  // namespace

int ValidateCommand(const ListCommandOptions& o) {
  if (o.rules) return ListRules();
  const std::optional<CaseSet> set = Load(o);
  if (!set) return kExitUsage;
  const auto selected = Select(*set, o);
  if (!selected) return kExitUsage;
  int valid = 0, rejected_as_expected = 0, invalid = 0, unloadable = static_cast<int>(set->path_errors.size());
  for (const SelectedCase& s : *selected) {
    if (auto error = LoadError(s)) {
      std::cout << "ERROR " << s.id() << ": " << *error << "\n";
      ++unloadable;
      continue;
    }
    const TestCase& c = s.entry->loaded.value();
    if (!c.skip_reason.empty()) {
      std::cout << "SKIP " << s.id() << ": " << c.skip_reason << "\n";  // nothing here to validate
      continue;
    }
    const DescCheck check = CheckDesc(c, std::nullopt);
    if (c.expect_error.expected) {
      if (check.rejection) {
        if (o.verbose) std::cout << "REJECTED " << s.id() << ": " << check.rejection->ToString() << RuleLine(*check.rejection) << "\n";
        ++rejected_as_expected;
      } else {
        // Not an error here: a backend's Prepare() may still reject it when the case runs.
        std::cout << "NOTE " << s.id() << ": validation accepts this expectError desc; a backend must reject it\n";
        ++valid;
      }
    } else if (check.rejection) {
      std::cout << "INVALID " << s.id() << ": " << check.rejection->ToString()
                << (o.verbose ? RuleLine(*check.rejection) : "") << "\n";
      ++invalid;
    } else {
      ++valid;
    }
  }
  std::cout << selected->size() << " cases: " << valid << " valid, " << rejected_as_expected
            << " rejected as expected, " << invalid << " invalid, " << unloadable << " could not be loaded\n";
  return invalid > 0 || unloadable > 0 ? kExitFailures : kExitOk;
}

}  // namespace dmlc::app
