// --shard K/N|auto|auto/N: runs one of N disjoint parts of the selected cases, so that N CI jobs share
// a suite. A case's shard depends on its id alone (FNV-1a 64-bit of the id's bytes), so it is the same
// on every platform and stays put when other cases are added or removed. Pure; thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "ops/error.h"

namespace dmlc::app::policy {

// One part of N: 1 <= index <= count (1-based, as GitLab counts). ParseShard validates.
struct Shard {
  int index = 1;
  int count = 1;
  bool operator==(const Shard&) const = default;
};

// Looks up an environment variable; nullopt when it is not set.
using Getenv = std::function<std::optional<std::string>(const char*)>;
// The process environment (std::getenv), for ParseShard in the program; tests pass a table instead.
std::optional<std::string> ProcessEnv(const char* name);

// `text` is
//  - "K/N": whole numbers in plain digits, 1 <= K <= N;
//  - "auto": GitLab's `parallel:` jobs, CI_NODE_INDEX (1-based) of CI_NODE_TOTAL;
//  - "auto/N": a Kubernetes indexed Job's JOB_COMPLETION_INDEX (0-based) of the N given; or, where that
//    is not set, GitLab's variables, whose CI_NODE_TOTAL must then be N.
// `getenv` is asked only for the auto forms. Errors (scope "shard") lead with the text, say what is
// wrong and name the variable that is missing or bad: "'auto': CI_NODE_TOTAL is not set".
Result<Shard> ParseShard(std::string_view text, const Getenv& getenv);

// Whether the case belongs to the shard: Fnv1a64(case_id) % count == index - 1 (app/engine/fnv1a.h).
bool InShard(std::string_view case_id, Shard shard);

// "2/4"
std::string ShardName(Shard shard);

}  // namespace dmlc::app::policy
