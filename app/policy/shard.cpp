#include "app/policy/shard.h"

#include "app/engine/fnv1a.h"

#include <charconv>
#include <cstdlib>

namespace dmlc::app::policy {
namespace {

Error ShardError(std::string message) { return MakeError("shard", "", std::move(message)); }

// Plain digits only: "+3", " 3" and "3.0" are refused rather than read as 3.
Result<int> WholeNumber(std::string_view text, const std::string& what) {
  const std::string quoted = what + " is '" + std::string(text) + "'";
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) {
    return ShardError(quoted + ", not a whole number");
  }
  int value = 0;
  if (std::from_chars(text.data(), text.data() + text.size(), value).ec != std::errc()) {
    return ShardError(quoted + ", too large");
  }
  return value;
}

Result<int> EnvNumber(const Getenv& getenv, const char* name) {
  const std::optional<std::string> value = getenv(name);
  if (!value) return ShardError(std::string(name) + " is not set");
  return WholeNumber(*value, name);
}

Status CheckCount(const std::string& what, int count) {
  if (count >= 1) return OkStatus();
  return ShardError(what + " is " + std::to_string(count) + "; there must be at least 1 shard");
}

Status CheckRange(const std::string& what, int value, int lo, int hi) {
  if (lo <= value && value <= hi) return OkStatus();
  return ShardError(what + " is " + std::to_string(value) + "; it must be " + std::to_string(lo) + " to " +
                    std::to_string(hi));
}

// GitLab's `parallel:` jobs; `count`, when given, is the N of "auto/N", which CI_NODE_TOTAL must equal.
Result<Shard> FromGitLab(const Getenv& getenv, std::optional<int> count) {
  Result<int> index = EnvNumber(getenv, "CI_NODE_INDEX");
  if (!index.ok()) return index.error();
  Result<int> total = EnvNumber(getenv, "CI_NODE_TOTAL");
  if (!total.ok()) return total.error();
  DMLC_RETURN_IF_ERROR(CheckCount("CI_NODE_TOTAL", *total));
  if (count && *total != *count) {
    return ShardError("CI_NODE_TOTAL is " + std::to_string(*total) + " but N is " + std::to_string(*count));
  }
  DMLC_RETURN_IF_ERROR(CheckRange("CI_NODE_INDEX", *index, 1, *total));
  return Shard{*index, *total};
}

// "auto/N": a Kubernetes indexed Job first, else GitLab.
Result<Shard> FromEnvironment(const Getenv& getenv, int count) {
  if (getenv("JOB_COMPLETION_INDEX")) {
    Result<int> index = EnvNumber(getenv, "JOB_COMPLETION_INDEX");
    if (!index.ok()) return index.error();
    DMLC_RETURN_IF_ERROR(CheckRange("JOB_COMPLETION_INDEX", *index, 0, count - 1));
    return Shard{*index + 1, count};
  }
  if (getenv("CI_NODE_INDEX")) return FromGitLab(getenv, count);
  return ShardError(
      "neither JOB_COMPLETION_INDEX (a Kubernetes indexed Job) nor CI_NODE_INDEX (GitLab's parallel:) is set");
}

Result<Shard> ParseShardText(std::string_view text, const Getenv& getenv) {
  if (text == "auto") return FromGitLab(getenv, std::nullopt);
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) return ShardError("not K/N, auto or auto/N");
  Result<int> count = WholeNumber(text.substr(slash + 1), "N");
  if (!count.ok()) return count.error();
  DMLC_RETURN_IF_ERROR(CheckCount("N", *count));
  const std::string_view left = text.substr(0, slash);
  if (left == "auto") return FromEnvironment(getenv, *count);
  Result<int> index = WholeNumber(left, "K");
  if (!index.ok()) return index.error();
  DMLC_RETURN_IF_ERROR(CheckRange("K", *index, 1, *count));
  return Shard{*index, *count};
}

}  // namespace

std::optional<std::string> ProcessEnv(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

Result<Shard> ParseShard(std::string_view text, const Getenv& getenv) {
  Result<Shard> shard = ParseShardText(text, getenv);
  // The text leads every error, so a message from a variable still shows which option asked for it.
  if (!shard.ok()) shard.error().message = "'" + std::string(text) + "': " + shard.error().message;
  return shard;
}

bool InShard(std::string_view case_id, Shard shard) {
  return Fnv1a64(case_id) % static_cast<uint64_t>(shard.count) == static_cast<uint64_t>(shard.index - 1);
}

std::string ShardName(Shard shard) { return std::to_string(shard.index) + "/" + std::to_string(shard.count); }

}  // namespace dmlc::app::policy
