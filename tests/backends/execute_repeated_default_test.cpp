// PreparedOperator::ExecuteRepeated()'s default (backends/backend.cpp), which backends whose buffers are
// host memory keep: one Execute() per iteration, timings in order, the first error returned.
#include <gtest/gtest.h>

#include "backends/backend.h"

namespace dmlc::backends {
namespace {

// Counts its calls, writes the call number into the output's first byte, and fails on call `fail_at`.
class CountingOperator final : public PreparedOperator {
 public:
  explicit CountingOperator(int fail_at) : fail_at_(fail_at) {}
  Result<Timing> Execute(std::span<const ConstBuffer>, std::span<const MutableBuffer> outputs) override {
    ++calls_;
    if (calls_ == fail_at_) return MakeError("counting", "", "call " + std::to_string(calls_) + " fails", "");
    outputs[0][0] = static_cast<std::byte>(calls_);
    return Timing{static_cast<double>(calls_), std::nullopt};
  }
  int calls() const { return calls_; }

 private:
  int fail_at_;
  int calls_ = 0;
};

TEST(ExecuteRepeatedDefault, OneExecutePerIterationInOrder) {
  CountingOperator op(0);
  std::byte out[1] = {};
  const MutableBuffer outputs[] = {out};
  Result<std::vector<Timing>> timings = op.ExecuteRepeated({}, outputs, 4);
  ASSERT_TRUE(timings.ok()) << timings.error().ToString();
  ASSERT_EQ(timings->size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ((*timings)[i].cpu_ms, static_cast<double>(i + 1));
    EXPECT_FALSE((*timings)[i].gpu_ms.has_value());
  }
  EXPECT_EQ(op.calls(), 4);
  EXPECT_EQ(out[0], std::byte{4});
}

TEST(ExecuteRepeatedDefault, StopsAtTheFirstError) {
  CountingOperator op(2);
  std::byte out[1] = {};
  const MutableBuffer outputs[] = {out};
  Result<std::vector<Timing>> timings = op.ExecuteRepeated({}, outputs, 5);
  ASSERT_FALSE(timings.ok());
  EXPECT_EQ(timings.error().message, "call 2 fails");
  EXPECT_EQ(op.calls(), 2);
}

TEST(ExecuteRepeatedDefault, FewerThanOneIterationIsAnError) {
  CountingOperator op(0);
  std::byte out[1] = {};
  const MutableBuffer outputs[] = {out};
  for (int bad : {0, -1}) {
    Result<std::vector<Timing>> timings = op.ExecuteRepeated({}, outputs, bad);
    ASSERT_FALSE(timings.ok());
    EXPECT_EQ(timings.error().path, "iterations");
    EXPECT_EQ(timings.error().rule, "at least one iteration");
  }
  EXPECT_EQ(op.calls(), 0);
}

}  // namespace
}  // namespace dmlc::backends
