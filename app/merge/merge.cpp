#include "app/merge/merge.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string_view>

#include "app/policy/shard.h"

namespace dmlc::app::merge {
namespace {

using Input = std::pair<std::string, RunReport>;

Error MergeError(std::string message) { return MakeError("merge", "", std::move(message)); }

// One backend, judged by one reference (a differential run's, or every case file's own values).
Status CheckBackends(const std::vector<Input>& inputs) {
  const auto& [first_path, first] = inputs.front();
  const auto judge = [](const RunContext& c) { return c.reference.empty() ? "the case files" : "reference '" + c.reference + "'"; };
  for (const auto& [path, report] : inputs) {
    if (report.context.backend != first.context.backend) {
      return MergeError(first_path + " ran on backend '" + first.context.backend + "' but " + path + " on '" +
                        report.context.backend + "'; merge the reports of one backend");
    }
    if (report.context.reference != first.context.reference) {
      return MergeError(first_path + " was judged against " + judge(first.context) + " but " + path + " against " +
                        judge(report.context) + "; merge the reports of one reference");
    }
  }
  return OkStatus();
}

Status CheckDuplicates(const std::vector<Input>& inputs) {
  std::map<std::string_view, const std::string*> owner;  // case id -> the path of the input holding it
  for (const auto& [path, report] : inputs) {
    for (const CaseResult& r : report.results) {
      if (auto [it, added] = owner.emplace(r.id, &path); !added) {
        return MergeError("case '" + r.id + "' is in both " + *it->second + " and " + path);
      }
    }
  }
  return OkStatus();
}

// Each input's shard; nullopt for an input that is not one. A report names its shard with ShardName, so
// anything but "K/N" means the file was not written by a sharded run as it stands.
Result<std::vector<std::optional<policy::Shard>>> ReadShards(const std::vector<Input>& inputs) {
  const policy::Getenv no_environment = [](const char*) { return std::optional<std::string>(); };
  std::vector<std::optional<policy::Shard>> shards;
  for (const auto& [path, report] : inputs) {
    if (report.context.shard.empty()) {
      shards.emplace_back();
      continue;
    }
    Result<policy::Shard> shard = policy::ParseShard(report.context.shard, no_environment);
    if (!shard.ok()) return MergeError(path + ": context.shard " + shard.error().message);
    shards.emplace_back(*shard);
  }
  return shards;
}

// Refuses shards of different counts and a shard given twice; returns "shard K/N is missing" for each
// K that no input has.
Result<std::vector<std::string>> CheckShards(const std::vector<Input>& inputs,
                                             const std::vector<std::optional<policy::Shard>>& shards) {
  std::map<int, const std::string*> owner;  // shard index -> the path of the input that is it
  std::optional<std::pair<policy::Shard, const std::string*>> first;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!shards[i]) continue;
    const policy::Shard shard = *shards[i];
    const std::string& path = inputs[i].first;
    if (!first) first.emplace(shard, &path);
    if (shard.count != first->first.count) {
      return MergeError(*first->second + " is shard " + policy::ShardName(first->first) + " but " + path +
                        " is shard " + policy::ShardName(shard) + "; merge shards of one count");
    }
    if (auto [it, added] = owner.emplace(shard.index, &path); !added) {
      return MergeError("shard " + policy::ShardName(shard) + " is in both " + *it->second + " and " + path);
    }
  }
  std::vector<std::string> missing;
  for (int k = 1; first && k <= first->first.count; ++k) {
    if (!owner.count(k)) missing.push_back("shard " + policy::ShardName({k, first->first.count}) + " is missing");
  }
  return missing;
}

// "shard 2/4 (PATH): 180 of 200 planned cases; interrupted", or nullopt when the report is whole.
std::optional<std::string> Incomplete(const Input& input, const std::optional<policy::Shard>& shard) {
  const RunContext& c = input.second.context;
  const int ran = static_cast<int>(input.second.results.size());
  std::vector<std::string> why;
  if (ran < c.planned_cases) {
    why.push_back(std::to_string(ran) + " of " + std::to_string(c.planned_cases) + " planned cases");
  }
  if (c.interrupted) why.push_back("interrupted");
  if (why.empty()) return std::nullopt;
  std::string problem = shard ? "shard " + policy::ShardName(*shard) + " (" + input.first + ")" : input.first;
  for (size_t i = 0; i < why.size(); ++i) problem += (i == 0 ? ": " : "; ") + why[i];
  return problem;
}

void AddDistinct(std::vector<std::string>& values, const std::string& value) {
  if (!value.empty() && std::find(values.begin(), values.end(), value) == values.end()) values.push_back(value);
}

std::string Join(const std::vector<std::string>& values) {
  std::string joined;
  for (const std::string& v : values) joined += (joined.empty() ? "" : ", ") + v;
  return joined;
}

// `total` + `add` as the report's int; the sum of two shards of 2^31-1 wrapped to -2 (issue 47, defect
// 16), so a sum past INT_MAX, or a negative count, is the named input's error.
Status AddCount(int& total, int add, const std::string& path, const char* field) {
  const int64_t sum = int64_t{total} + add;
  if (add < 0 || sum > std::numeric_limits<int>::max()) {
    return MergeError(path + ": context." + field + " " + std::to_string(add) + " makes the merged " + field +
                      " negative or larger than " + std::to_string(std::numeric_limits<int>::max()));
  }
  total = static_cast<int>(sum);
  return OkStatus();
}

// The tags every input has with one value: what a tagged expectation line may say of the whole. Shards
// of one configuration keep all of theirs; reports of two devices lose `device` (and `vendor`, `driver`
// where those differ), as their device names are joined. A report written before tags existed has none
// and narrows nothing: an empty intersection would have the reader derive the merged run's tags on its
// own platform, which is not the run's.
std::vector<std::pair<std::string, std::string>> CommonTags(const std::vector<Input>& inputs) {
  std::optional<std::vector<std::pair<std::string, std::string>>> common;
  for (const auto& [path, report] : inputs) {
    const auto& tags = report.context.tags;
    if (tags.empty()) continue;
    if (!common) common = tags;
    std::erase_if(*common, [&](const auto& tag) { return std::find(tags.begin(), tags.end(), tag) == tags.end(); });
  }
  return common.value_or(std::vector<std::pair<std::string, std::string>>{});
}

Result<RunContext> MergedContext(const std::vector<Input>& inputs) {
  RunContext merged = inputs.front().second.context;
  merged.shard.clear();
  merged.planned_cases = 0;
  merged.jobs = 0;
  std::vector<std::string> devices, drivers, revisions;
  for (const auto& [path, report] : inputs) {
    const RunContext& c = report.context;
    DMLC_RETURN_IF_ERROR(AddCount(merged.planned_cases, c.planned_cases, path, "plannedCases"));
    DMLC_RETURN_IF_ERROR(AddCount(merged.jobs, c.jobs, path, "jobs"));
    merged.interrupted = merged.interrupted || c.interrupted;
    merged.allow_paths_outside = merged.allow_paths_outside || c.allow_paths_outside;
    merged.duration_ms = std::max(merged.duration_ms, c.duration_ms);
    // ISO 8601 UTC dates of one format order as strings do.
    if (!c.date.empty() && (merged.date.empty() || c.date < merged.date)) merged.date = c.date;
    AddDistinct(devices, c.device);
    AddDistinct(drivers, c.driver);
    AddDistinct(revisions, c.revision);
  }
  merged.device = Join(devices);
  merged.driver = Join(drivers);
  merged.tags = CommonTags(inputs);
  merged.revision = Join(revisions);  // parts run with different --revision say so, as devices do
  return merged;
}

}  // namespace

Result<MergedRun> MergeReports(const std::vector<std::pair<std::string, RunReport>>& inputs) {
  if (inputs.empty()) return MergeError("no reports to merge");
  DMLC_RETURN_IF_ERROR(CheckBackends(inputs));
  Result<std::vector<std::optional<policy::Shard>>> shards = ReadShards(inputs);
  if (!shards.ok()) return shards.error();
  Result<std::vector<std::string>> missing = CheckShards(inputs, *shards);
  if (!missing.ok()) return missing.error();
  DMLC_RETURN_IF_ERROR(CheckDuplicates(inputs));

  MergedRun run;
  Result<RunContext> context = MergedContext(inputs);
  if (!context.ok()) return context.error();
  run.merged.context = std::move(*context);
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (std::optional<std::string> problem = Incomplete(inputs[i], (*shards)[i])) run.problems.push_back(*problem);
    const std::vector<CaseResult>& results = inputs[i].second.results;
    run.merged.results.insert(run.merged.results.end(), results.begin(), results.end());
  }
  run.problems.insert(run.problems.end(), missing->begin(), missing->end());
  return run;
}

}  // namespace dmlc::app::merge
