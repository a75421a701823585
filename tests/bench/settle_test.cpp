// SettledBatchIndex (app/bench/settle.h): at least three batches, until the last two agree within 5%
// (at most five), and the fastest batch is the sample.
#include "app/bench/settle.h"

#include <gtest/gtest.h>

namespace dmlc::app::bench {
namespace {

TEST(SettledBatchIndex, WaitsForThreeBatches) {
  EXPECT_EQ(SettledBatchIndex({}), std::nullopt);
  EXPECT_EQ(SettledBatchIndex({1.0}), std::nullopt);
  EXPECT_EQ(SettledBatchIndex({1.0, 1.0}), std::nullopt);  // two that agree are not yet enough
  EXPECT_EQ(SettledBatchIndex({1.0, 1.0, 1.01}), 0u);
}

TEST(SettledBatchIndex, APairOfSlowBatchesIsNotTheSample) {
  // The H200 sweep's INT8 ARGMAX: two batches at idle clocks agreed, then the clocks came back.
  EXPECT_EQ(SettledBatchIndex({4.0, 4.1, 1.0}), std::nullopt);  // the last two disagree
  EXPECT_EQ(SettledBatchIndex({4.0, 4.1, 1.0, 1.02}), 2u);
  EXPECT_EQ(SettledBatchIndex({4.0, 1.02, 1.0}), 2u);  // settled: the fastest of the three
}

TEST(SettledBatchIndex, AgreementIsWithinFivePercentOfTheLastBatch) {
  EXPECT_EQ(SettledBatchIndex({2.0, 1.0, 1.05}), 1u);            // 0.05 apart: 4.8% of 1.05
  EXPECT_EQ(SettledBatchIndex({2.0, 1.0, 1.06}), std::nullopt);  // 5.7%
}

TEST(SettledBatchIndex, FiveBatchesEndTheWaitWhateverTheyRead) {
  EXPECT_EQ(SettledBatchIndex({3.0, 1.0, 2.0, 1.5}), std::nullopt);
  EXPECT_EQ(SettledBatchIndex({3.0, 1.0, 2.0, 1.5, 2.5}), 1u);
}

}  // namespace
}  // namespace dmlc::app::bench
