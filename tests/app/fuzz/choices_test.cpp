#include "app/fuzz/choices.h"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

namespace dmlc::app::fuzz {
namespace {

// Computed by an independent Python transcription of splitmix64 and xoshiro256** with the same
// seeding; a platform or standard library that changed a draw would change every fuzz case.
TEST(Choices, RandomDrawsMatchTheGolden) {
  Choices choices = Choices::Random(1, 0);
  std::vector<uint64_t> small;
  for (int i = 0; i < 6; ++i) small.push_back(choices.Draw(1000));
  EXPECT_EQ(small, (std::vector<uint64_t>{173, 472, 749, 809, 821, 853}));
  const uint64_t huge = std::numeric_limits<uint64_t>::max();
  EXPECT_EQ(choices.Draw(huge), 14299055387258334782ull);
  EXPECT_EQ(choices.Draw(huge), 11670988015500279818ull);

  Choices next_index = Choices::Random(1, 1);
  EXPECT_EQ(next_index.Draw(1000), 732u);
  EXPECT_EQ(next_index.Draw(1000), 784u);
  EXPECT_EQ(next_index.Draw(1000), 708u);
}

TEST(Choices, RandomIsDeterministicAndRecordsEveryDraw) {
  Choices a = Choices::Random(42, 7);
  Choices b = Choices::Random(42, 7);
  for (uint64_t bound = 1; bound < 200; ++bound) ASSERT_EQ(a.Draw(bound), b.Draw(bound));
  ASSERT_EQ(a.Recorded().size(), 199u);
  EXPECT_EQ(a.Recorded().front(), 0u);  // bound 1 records a 0 too
  for (size_t i = 0; i < a.Recorded().size(); ++i) EXPECT_LT(a.Recorded()[i], i + 1);
}

TEST(Choices, RandomDrawsStayInBoundAndReachItsEnds) {
  Choices choices = Choices::Random(3, 0);
  bool saw_zero = false;
  bool saw_top = false;
  for (int i = 0; i < 1000; ++i) {
    const uint64_t v = choices.Draw(5);
    ASSERT_LT(v, 5u);
    saw_zero = saw_zero || v == 0;
    saw_top = saw_top || v == 4;
  }
  EXPECT_TRUE(saw_zero);
  EXPECT_TRUE(saw_top);
}

TEST(Choices, ReplayReturnsTheDrawsThenZeros) {
  Choices choices = Choices::Replay({3, 9, 1});
  EXPECT_EQ(choices.Draw(10), 3u);
  EXPECT_EQ(choices.Draw(5), 4u);  // 9 >= 5 gives bound - 1
  EXPECT_EQ(choices.Draw(1), 0u);  // consumes the 1
  EXPECT_EQ(choices.Draw(100), 0u);
  EXPECT_EQ(choices.Draw(100), 0u);
  EXPECT_EQ(choices.Recorded(), (std::vector<uint64_t>{3, 4, 0, 0, 0}));
}

TEST(Choices, ReplayOfRecordedRepeatsARandomRun) {
  Choices random = Choices::Random(9, 9);
  std::vector<uint64_t> drawn;
  for (uint64_t bound : {2u, 1000u, 1u, 7u, 65536u}) drawn.push_back(random.Draw(bound));
  Choices replay = Choices::Replay(random.Recorded());
  std::vector<uint64_t> again;
  for (uint64_t bound : {2u, 1000u, 1u, 7u, 65536u}) again.push_back(replay.Draw(bound));
  EXPECT_EQ(again, drawn);
  EXPECT_EQ(replay.Recorded(), random.Recorded());
}

TEST(Choices, ChanceSaysNoOnZeroAndYesOnTheLastValue) {
  Choices choices = Choices::Replay({0, 3, 2, 100, 0});
  EXPECT_FALSE(choices.Chance(4));
  EXPECT_TRUE(choices.Chance(4));
  EXPECT_FALSE(choices.Chance(4));
  EXPECT_TRUE(choices.Chance(4));  // clamped to 3
  EXPECT_FALSE(choices.Chance(0));  // never, and still one recorded draw
  EXPECT_EQ(choices.Recorded().size(), 5u);
  EXPECT_TRUE(Choices::Replay({}).Chance(1));
}

}  // namespace
}  // namespace dmlc::app::fuzz
