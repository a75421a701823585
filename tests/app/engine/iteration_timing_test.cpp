// The statistics of timed iterations (app/engine/iteration_timing.h, case_result.h's Summarize): real
// samples in, the numbers DxDispatch's split and the median rule give out.
#include "app/engine/iteration_timing.h"

#include <gtest/gtest.h>

namespace dmlc::app {
namespace {

TEST(Summarize, MinMedianMeanMaxAndCount) {
  const TimingStats odd = Summarize({5, 1, 3});
  EXPECT_EQ(odd.samples, 3);
  EXPECT_EQ(odd.min, 1);
  EXPECT_EQ(odd.median, 3);
  EXPECT_EQ(odd.mean, 3);
  EXPECT_EQ(odd.max, 5);
  const TimingStats even = Summarize({4, 1, 2, 8});
  EXPECT_EQ(even.samples, 4);
  EXPECT_EQ(even.median, 3);  // the mean of the middle two
  EXPECT_EQ(even.mean, 3.75);
  const TimingStats one = Summarize({0.25});
  EXPECT_EQ(one.samples, 1);
  EXPECT_EQ(one.min, 0.25);
  EXPECT_EQ(one.max, 0.25);
}

// DxDispatch's table: raw samples and a warmup of 2 give cold 0,0,1,2,2,2 for 0..5 samples.
TEST(ColdSampleCount, AtMostWarmupAndOneSampleStaysHot) {
  const size_t expected[] = {0, 0, 1, 2, 2, 2};
  for (size_t n = 0; n < 6; ++n) EXPECT_EQ(ColdSampleCount(n, 2), expected[n]) << n << " samples";
  EXPECT_EQ(ColdSampleCount(10, 0), 0u);
  EXPECT_EQ(ColdSampleCount(10, 1), 1u);
  EXPECT_EQ(ColdSampleCount(3, 65536), 2u);
}

TEST(BatchSample, TimesOverTheRepeatCount) {
  const backends::Timing batch[] = {{1.0, 10.0}, {2.0, 20.0}, {6.0, 30.0}};
  const IterationSample s = BatchSample(batch);
  EXPECT_EQ(s.cpu_ms, 3.0);
  EXPECT_EQ(s.gpu_ms, 20.0);
  // One execution without a timestamp: the sample has no GPU time rather than a partial one.
  const backends::Timing partial[] = {{1.0, 10.0}, {3.0, std::nullopt}};
  EXPECT_EQ(BatchSample(partial).cpu_ms, 2.0);
  EXPECT_FALSE(BatchSample(partial).gpu_ms.has_value());
}

TEST(SummarizeIterations, SplitsColdFromHotInIterationOrder) {
  // A slow first iteration, as a cold cache gives: it alone is cold with -w 1.
  const std::vector<IterationSample> samples = {{9.0, 0.9}, {2.0, 0.2}, {4.0, 0.4}, {3.0, 0.3}};
  CaseTiming t;
  SummarizeIterations(samples, 1, t);
  ASSERT_TRUE(t.cold.has_value());
  EXPECT_EQ(t.cold->cpu_ms.samples, 1);
  EXPECT_EQ(t.cold->cpu_ms.mean, 9.0);
  EXPECT_EQ(t.cold->gpu_ms->max, 0.9);
  ASSERT_TRUE(t.hot.has_value());
  EXPECT_EQ(t.hot->cpu_ms.samples, 3);
  EXPECT_EQ(t.hot->cpu_ms.min, 2.0);
  EXPECT_EQ(t.hot->cpu_ms.median, 3.0);
  EXPECT_EQ(t.hot->cpu_ms.mean, 3.0);
  EXPECT_EQ(t.hot->cpu_ms.max, 4.0);
  EXPECT_EQ(t.hot->gpu_ms->samples, 3);
  EXPECT_EQ(t.hot->gpu_ms->median, 0.3);

  SummarizeIterations(samples, 0, t);  // no warmup: every sample hot
  EXPECT_FALSE(t.cold.has_value());
  EXPECT_EQ(t.hot->cpu_ms.samples, 4);
  EXPECT_EQ(t.hot->cpu_ms.median, 3.5);
  EXPECT_EQ(t.hot->cpu_ms.max, 9.0);

  SummarizeIterations({{7.0, std::nullopt}}, 1, t);  // one iteration stays hot whatever the warmup
  EXPECT_FALSE(t.cold.has_value());
  EXPECT_EQ(t.hot->cpu_ms.samples, 1);
  EXPECT_EQ(t.hot->cpu_ms.median, 7.0);
  EXPECT_FALSE(t.hot->gpu_ms.has_value());

  SummarizeIterations({}, 1, t);
  EXPECT_FALSE(t.cold.has_value());
  EXPECT_FALSE(t.hot.has_value());
}

}  // namespace
}  // namespace dmlc::app
