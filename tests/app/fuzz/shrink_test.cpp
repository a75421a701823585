#include "app/fuzz/shrink.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace dmlc::app::fuzz {
namespace {

// A "bug" that needs draw 0 to be at least 2 and some later draw at least 100: the shrinker must find a
// two-draw sequence (everything between deleted), with the first draw exactly 2 and the other lowered
// by halving to below 200 (halving 1000 gives 125, the last value at or above 100 on the way).
bool Fails(const Draws& d) {
  return !d.empty() && d[0] >= 2 && std::any_of(d.begin() + 1, d.end(), [](uint64_t v) { return v >= 100; });
}

ShrinkTest Counting(size_t& calls, size_t& largest_batch) {
  return [&](const std::vector<Draws>& batch) {
    ++calls;
    largest_batch = std::max(largest_batch, batch.size());
    std::vector<std::optional<Draws>> verdicts;
    for (const Draws& d : batch) verdicts.push_back(Fails(d) ? std::optional<Draws>(d) : std::nullopt);
    return verdicts;
  };
}

TEST(Shrink, FindsTheSimplestSequenceThatStillFails) {
  size_t calls = 0, largest_batch = 0;
  const Shrunk s = Shrink({7, 3, 500, 9, 1000, 4, 0, 0}, Counting(calls, largest_batch), {3000, 4});
  EXPECT_TRUE(Fails(s.draws));
  ASSERT_EQ(s.draws.size(), 2u);
  EXPECT_EQ(s.draws[0], 2u);
  EXPECT_GE(s.draws[1], 100u);
  EXPECT_LT(s.draws[1], 200u);
  EXPECT_GT(s.accepted, 0u);
  EXPECT_LE(largest_batch, 4u);
  EXPECT_GT(calls, 0u);
}

TEST(Shrink, KeepsToItsBudget) {
  size_t calls = 0, largest_batch = 0;
  const Shrunk s = Shrink({7, 3, 500, 9, 1000, 4}, Counting(calls, largest_batch), {5, 8});
  EXPECT_LE(s.attempts, 5u);
  EXPECT_TRUE(Fails(s.draws));
}

// The consumed draws the test reports (what the generator clamped) become the current sequence: a
// generator that clamps every draw to at most 300 shrinks from its clamped form.
TEST(Shrink, AdoptsTheDrawsTheGeneratorConsumed) {
  auto clamped = [](const std::vector<Draws>& batch) {
    std::vector<std::optional<Draws>> verdicts;
    for (Draws d : batch) {
      for (uint64_t& v : d) v = std::min<uint64_t>(v, 300);
      verdicts.push_back(Fails(d) ? std::optional<Draws>(d) : std::nullopt);
    }
    return verdicts;
  };
  const Shrunk s = Shrink({9, 5000}, clamped);
  EXPECT_EQ(s.draws, (Draws{2, 150}));
}

// A sequence nothing simpler fails like stays as it is.
TEST(Shrink, LeavesAMinimalSequenceAlone) {
  size_t calls = 0, largest_batch = 0;
  const Shrunk s = Shrink({2, 100}, Counting(calls, largest_batch));
  EXPECT_EQ(s.draws, (Draws{2, 100}));
  EXPECT_EQ(s.accepted, 0u);
}

TEST(Shrink, ShortlexOrder) {
  EXPECT_TRUE(Simpler({5}, {0, 0}));
  EXPECT_TRUE(Simpler({0, 9}, {1, 0}));
  EXPECT_FALSE(Simpler({1, 2}, {1, 2}));
}

}  // namespace
}  // namespace dmlc::app::fuzz
