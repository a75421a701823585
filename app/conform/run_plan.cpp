#include "app/conform/run_plan.h"

#include <map>

#include "app/engine/case_checks.h"
#include "app/policy/skips_and_flakes.h"

namespace dmlc::app {
namespace {

// A PATH that does not exist becomes an error result, so reports show it beside the cases.
CaseResult PathErrorResult(const Error& error) {
  CaseResult r;
  r.id = error.where.file.empty() ? error.path : error.where.file;
  r.file = r.id;
  r.file_id = r.id;
  r.status = CaseStatus::kError;
  r.message = error.ToString();
  return r;
}

}  // namespace

size_t RunPlan::ToRun() const {
  size_t n = 0;
  for (const auto& s : settled) n += s ? 0 : 1;
  return n;
}

CaseResult DescribeCase(const SelectedCase& selected) {
  CaseResult r;
  r.id = selected.id();
  r.file = selected.file->path;
  r.file_id = selected.file->file_id;
  if (selected.entry != nullptr && selected.entry->loaded.ok() && !selected.entry->loaded->skip_reason.empty()) {
    r.operator_type = r.operator_name = "not run here";  // a model's dispatch of hlsl, onnx, another operator
  } else if (selected.entry != nullptr && selected.entry->loaded.ok()) {
    const TestCase& c = selected.entry->loaded.value();
    r.operator_type = std::string(ops::OperatorTypeName(ops::TypeOf(c.desc)));
    r.operator_name = ops::DisplayName(c.desc);
    r.data_types = DataTypeNames(c.desc);
  }
  return r;
}

RunPlan PlanRun(const CaseSet& set, const PlanInputs& in) {
  RunPlan plan;
  std::map<std::string, const CaseResult*> finished;
  if (in.resumed != nullptr) {
    for (const CaseResult& r : in.resumed->results) finished[r.id] = &r;
  }
  for (const Error& e : set.path_errors) {
    CaseResult r = PathErrorResult(e);
    if (finished.count(r.id) == 0) plan.others.push_back(std::move(r));
  }
  const std::vector<SelectedCase> matched = set.Select(CaseFilter(in.filters));
  plan.matched = matched.size();
  for (const SelectedCase& c : matched) {
    if (!in.shard || policy::InShard(c.id(), *in.shard)) plan.selected.push_back(c);
  }
  plan.settled.resize(plan.selected.size());
  for (size_t i = 0; i < plan.selected.size(); ++i) {
    const std::string& id = plan.selected[i].id();
    if (auto it = finished.find(id); it != finished.end()) {
      plan.settled[i] = *it->second;
      finished.erase(it);
    } else if (in.skips != nullptr) {
      if (std::optional<std::string> message = policy::SkipMessage(*in.skips, id)) {
        CaseResult r = DescribeCase(plan.selected[i]);
        r.status = CaseStatus::kSkip;
        r.message = std::move(*message);
        plan.settled[i] = std::move(r);
      }
    }
  }
  if (in.resumed != nullptr) {
    for (const CaseResult& r : in.resumed->results) {
      if (finished.count(r.id) != 0) plan.others.push_back(r);
    }
  }
  return plan;
}

}  // namespace dmlc::app
