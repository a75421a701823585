#include "app/policy/shard.h"

#include <map>
#include <set>

#include <gtest/gtest.h>

#include "app/engine/fnv1a.h"

namespace dmlc::app::policy {
namespace {

using Env = std::map<std::string, std::string>;

struct ParseRow {
  const char* name;
  const char* text;
  Env env;
  std::optional<Shard> shard;  // or the error:
  const char* error;
};

class ParseShardTest : public ::testing::TestWithParam<ParseRow> {};

TEST_P(ParseShardTest, ShardOrError) {
  const ParseRow& row = GetParam();
  const Getenv getenv = [&](const char* name) -> std::optional<std::string> {
    auto it = row.env.find(name);
    if (it == row.env.end()) return std::nullopt;
    return it->second;
  };
  Result<Shard> shard = ParseShard(row.text, getenv);
  if (row.shard) {
    ASSERT_TRUE(shard.ok()) << shard.error().ToString();
    EXPECT_EQ(*shard, *row.shard);
  } else {
    ASSERT_FALSE(shard.ok());
    EXPECT_EQ(shard.error().scope, "shard");
    EXPECT_EQ(shard.error().message, row.error);
  }
}

const Env kGitLab3of4 = {{"CI_NODE_INDEX", "3"}, {"CI_NODE_TOTAL", "4"}};

INSTANTIATE_TEST_SUITE_P(
    KOfN, ParseShardTest,
    ::testing::Values(ParseRow{"OneOfOne", "1/1", {}, Shard{1, 1}, ""},
                      ParseRow{"TwoOfFour", "2/4", {}, Shard{2, 4}, ""},
                      ParseRow{"EnvironmentIgnored", "4/4", kGitLab3of4, Shard{4, 4}, ""},
                      ParseRow{"KZero", "0/4", {}, std::nullopt, "'0/4': K is 0; it must be 1 to 4"},
                      ParseRow{"KPastN", "5/4", {}, std::nullopt, "'5/4': K is 5; it must be 1 to 4"},
                      ParseRow{"NZero", "1/0", {}, std::nullopt, "'1/0': N is 0; there must be at least 1 shard"},
                      ParseRow{"Sign", "+1/4", {}, std::nullopt, "'+1/4': K is '+1', not a whole number"},
                      ParseRow{"Space", "1/ 4", {}, std::nullopt, "'1/ 4': N is ' 4', not a whole number"},
                      ParseRow{"Suffix", "1/4x", {}, std::nullopt, "'1/4x': N is '4x', not a whole number"},
                      ParseRow{"KEmpty", "/4", {}, std::nullopt, "'/4': K is '', not a whole number"},
                      ParseRow{"TwoSlashes", "1/2/4", {}, std::nullopt, "'1/2/4': N is '2/4', not a whole number"},
                      ParseRow{"TooLarge", "1/99999999999", {}, std::nullopt,
                               "'1/99999999999': N is '99999999999', too large"},
                      ParseRow{"NoSlash", "3", {}, std::nullopt, "'3': not K/N, auto or auto/N"},
                      ParseRow{"Empty", "", {}, std::nullopt, "'': not K/N, auto or auto/N"},
                      ParseRow{"CapitalAuto", "Auto", kGitLab3of4, std::nullopt, "'Auto': not K/N, auto or auto/N"}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    GitLab, ParseShardTest,
    ::testing::Values(ParseRow{"ThreeOfFour", "auto", kGitLab3of4, Shard{3, 4}, ""},
                      ParseRow{"OneOfOne", "auto", {{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "1"}}, Shard{1, 1}, ""},
                      ParseRow{"NothingSet", "auto", {}, std::nullopt, "'auto': CI_NODE_INDEX is not set"},
                      ParseRow{"KubernetesIsNotAuto", "auto", {{"JOB_COMPLETION_INDEX", "0"}}, std::nullopt,
                               "'auto': CI_NODE_INDEX is not set"},
                      ParseRow{"TotalMissing", "auto", {{"CI_NODE_INDEX", "1"}}, std::nullopt,
                               "'auto': CI_NODE_TOTAL is not set"},
                      ParseRow{"IndexNotNumber", "auto", {{"CI_NODE_INDEX", "x"}, {"CI_NODE_TOTAL", "4"}}, std::nullopt,
                               "'auto': CI_NODE_INDEX is 'x', not a whole number"},
                      ParseRow{"TotalEmpty", "auto", {{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", ""}}, std::nullopt,
                               "'auto': CI_NODE_TOTAL is '', not a whole number"},
                      ParseRow{"IndexPastTotal", "auto", {{"CI_NODE_INDEX", "5"}, {"CI_NODE_TOTAL", "4"}}, std::nullopt,
                               "'auto': CI_NODE_INDEX is 5; it must be 1 to 4"},
                      ParseRow{"IndexZero", "auto", {{"CI_NODE_INDEX", "0"}, {"CI_NODE_TOTAL", "4"}}, std::nullopt,
                               "'auto': CI_NODE_INDEX is 0; it must be 1 to 4"},
                      ParseRow{"TotalZero", "auto", {{"CI_NODE_INDEX", "0"}, {"CI_NODE_TOTAL", "0"}}, std::nullopt,
                               "'auto': CI_NODE_TOTAL is 0; there must be at least 1 shard"}),
    [](const auto& info) { return std::string(info.param.name); });

INSTANTIATE_TEST_SUITE_P(
    AutoOfN, ParseShardTest,
    ::testing::Values(ParseRow{"KubernetesFirst", "auto/4", {{"JOB_COMPLETION_INDEX", "0"}}, Shard{1, 4}, ""},
                      ParseRow{"KubernetesLast", "auto/4", {{"JOB_COMPLETION_INDEX", "3"}}, Shard{4, 4}, ""},
                      ParseRow{"GitLabAgrees", "auto/4", kGitLab3of4, Shard{3, 4}, ""},
                      // Both set: the Kubernetes index is the one that names this pod.
                      ParseRow{"KubernetesWins", "auto/4",
                               {{"JOB_COMPLETION_INDEX", "1"}, {"CI_NODE_INDEX", "3"}, {"CI_NODE_TOTAL", "4"}},
                               Shard{2, 4}, ""},
                      ParseRow{"NothingSet", "auto/4", {}, std::nullopt,
                               "'auto/4': neither JOB_COMPLETION_INDEX (a Kubernetes indexed Job) nor CI_NODE_INDEX "
                               "(GitLab's parallel:) is set"},
                      ParseRow{"KubernetesPastN", "auto/4", {{"JOB_COMPLETION_INDEX", "4"}}, std::nullopt,
                               "'auto/4': JOB_COMPLETION_INDEX is 4; it must be 0 to 3"},
                      ParseRow{"KubernetesNegative", "auto/4", {{"JOB_COMPLETION_INDEX", "-1"}}, std::nullopt,
                               "'auto/4': JOB_COMPLETION_INDEX is '-1', not a whole number"},
                      ParseRow{"GitLabDisagrees", "auto/4", {{"CI_NODE_INDEX", "2"}, {"CI_NODE_TOTAL", "3"}},
                               std::nullopt, "'auto/4': CI_NODE_TOTAL is 3 but N is 4"},
                      ParseRow{"GitLabTotalMissing", "auto/4", {{"CI_NODE_INDEX", "2"}}, std::nullopt,
                               "'auto/4': CI_NODE_TOTAL is not set"},
                      ParseRow{"NZero", "auto/0", {{"JOB_COMPLETION_INDEX", "0"}}, std::nullopt,
                               "'auto/0': N is 0; there must be at least 1 shard"},
                      ParseRow{"NNotNumber", "auto/x", {{"JOB_COMPLETION_INDEX", "0"}}, std::nullopt,
                               "'auto/x': N is 'x', not a whole number"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(ParseShard, ErrorText) {
  Result<Shard> shard = ParseShard("0/4", ProcessEnv);
  ASSERT_FALSE(shard.ok());
  EXPECT_EQ(shard.error().ToString(), "shard: '0/4': K is 0; it must be 1 to 4");
}

TEST(ShardName, IsKOfN) {
  EXPECT_EQ(ShardName({2, 4}), "2/4");
  EXPECT_EQ(ShardName({1, 1}), "1/1");
}

// Pinned values: a hash that differed on some platform (char signedness, width) would move cases.
TEST(Fnv1a64, KnownValues) {
  EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(Fnv1a64("foobar"), 0x85944171f73967e8ull);
  EXPECT_EQ(Fnv1a64("spec_examples/reduce/example2_sum_rows"), 0x9b4627a05f69621cull);
  EXPECT_EQ(Fnv1a64("generated/join/layouts/padded_inputs_float32"), 0x69d6af2ef45bd5aeull);
  EXPECT_EQ(Fnv1a64("\xff\x80"), 0x0a9a2607b6f6e56aull);  // bytes above 0x7f count as unsigned
  EXPECT_TRUE(InShard("spec_examples/reduce/example2_sum_rows", {1, 4}));
  EXPECT_TRUE(InShard("generated/join/layouts/padded_inputs_float32", {3, 4}));
}

std::vector<std::string> Ids(int first, int count) {
  static const char* kOperators[] = {"reduce", "join", "gather_nd1", "one_hot", "diagonal_matrix"};
  std::vector<std::string> ids;
  for (int i = first; i < first + count; ++i) {
    ids.push_back("generated/" + std::string(kOperators[i % 5]) + "/case_" + std::to_string(i));
  }
  return ids;
}

// The one shard of `count` that holds the id; 0 when none or several do.
int ShardOf(const std::string& id, int count) {
  int found = 0;
  for (int k = 1; k <= count; ++k) {
    if (InShard(id, {k, count})) found = found == 0 ? k : -1;
  }
  return std::max(found, 0);
}

TEST(InShard, ShardsAreDisjointAndCoverEveryId) {
  const std::vector<std::string> ids = Ids(0, 851);
  for (int count : {1, 2, 3, 7}) {
    std::vector<int> sizes(count + 1, 0);
    for (const std::string& id : ids) ++sizes[ShardOf(id, count)];
    EXPECT_EQ(sizes[0], 0) << "ids in no shard or in several, N=" << count;
    int total = 0;
    for (int k = 1; k <= count; ++k) total += sizes[k];
    EXPECT_EQ(total, 851) << "N=" << count;
    if (count == 3) {
      for (int k = 1; k <= 3; ++k) EXPECT_GT(sizes[k], 0) << "shard " << k << "/3 is empty";
    }
  }
}

TEST(InShard, AddingIdsMovesNoExistingId) {
  const std::vector<std::string> before = Ids(0, 851);
  std::vector<std::string> after = Ids(851, 100);
  after.insert(after.end(), before.rbegin(), before.rend());  // new ones first, the old ones reordered
  for (int count : {2, 3, 7}) {
    std::map<std::string, int> was;
    for (const std::string& id : before) was[id] = ShardOf(id, count);
    std::set<std::string> seen;
    for (const std::string& id : after) {
      if (was.count(id)) {
        EXPECT_EQ(ShardOf(id, count), was[id]) << id << " moved, N=" << count;
        seen.insert(id);
      }
    }
    EXPECT_EQ(seen.size(), 851u);
  }
}

}  // namespace
}  // namespace dmlc::app::policy
