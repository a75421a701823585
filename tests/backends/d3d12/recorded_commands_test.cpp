// The timestamp arithmetic of a command list recorded once and submitted many times.
#include "backends/d3d12/recorded_commands.h"

#include <gtest/gtest.h>

namespace dmlc::backends::d3d12 {
namespace {

TEST(RecordedCommands, EachIntervalInMilliseconds) {
  // 1 GHz: 2,000,000 ticks are 2 ms; the second interval 500,000 ticks.
  EXPECT_EQ(IntervalMilliseconds({100, 2000100, 3000000, 3500000}, 1000000000), (std::vector<double>{2.0, 0.5}));
}

TEST(RecordedCommands, UnusableTimestampsAreZero) {
  EXPECT_EQ(IntervalMilliseconds({10, 5}, 1000), (std::vector<double>{0.0}));   // end before start
  EXPECT_EQ(IntervalMilliseconds({5, 10}, 0), (std::vector<double>{0.0}));      // no frequency
  EXPECT_EQ(IntervalMilliseconds({}, 1000), (std::vector<double>{}));
}

}  // namespace
}  // namespace dmlc::backends::d3d12
