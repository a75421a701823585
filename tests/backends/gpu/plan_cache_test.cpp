// The plan cache that lets a case's Supports() and Prepare() plan once.
#include "backends/gpu/plan_cache.h"

#include <thread>

#include <gtest/gtest.h>

#include "tests/backends/gpu/tensors.h"

namespace dmlc::backends::gpu {
namespace {

using ops::DataType;
using testing::Tensor;

ops::ReduceDesc Sum(uint32_t length) {
  return {ops::ReduceFunction::kSum, Tensor(DataType::kFloat32, {1, 1, 4, length}),
          Tensor(DataType::kFloat32, {1, 1, 4, 1}), {3}};
}

TEST(PlanCache, TheSameDescAgainSharesThePlan) {
  PlanCache cache;
  Result<SharedPlan> first = cache.Get(Sum(64), {});
  Result<SharedPlan> again = cache.Get(Sum(64), {});
  ASSERT_TRUE(first.ok() && again.ok());
  EXPECT_EQ(first->get(), again->get());
  Result<std::vector<Dispatch>> direct = PlanDispatches(Sum(64), {});
  ASSERT_TRUE(direct.ok());
  ASSERT_EQ((*first)->size(), direct->size());
  EXPECT_EQ((*first)->front().params, direct->front().params);
}

TEST(PlanCache, AnotherDescOrOtherLimitsPlanAgain) {
  PlanCache cache;
  Result<SharedPlan> a = cache.Get(Sum(64), {});
  Result<SharedPlan> b = cache.Get(Sum(128), {});
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NE(a->get(), b->get());
  EXPECT_EQ((*b)->front().params[DMLC_P_SCALARS + DMLC_S_REDUCE_COUNT], 128u);
  // With scratch buffers a long reduction into 4 outputs is split into two dispatches.
  Result<SharedPlan> split = cache.Get(Sum(1u << 20), {65535, true});
  Result<SharedPlan> whole = cache.Get(Sum(1u << 20), {65535, false});
  ASSERT_TRUE(split.ok() && whole.ok());
  EXPECT_EQ((*split)->size(), 2u);
  EXPECT_EQ((*whole)->size(), 1u);
}

TEST(PlanCache, KeepsThePlanningError) {
  PlanCache cache;
  const ops::ReduceDesc doubles{ops::ReduceFunction::kSum, Tensor(DataType::kFloat64, {1, 1, 1, 8}),
                                Tensor(DataType::kFloat64, {1, 1, 1, 1}), {3}};
  for (int i = 0; i < 2; ++i) {
    Result<SharedPlan> plan = cache.Get(doubles, {});
    ASSERT_FALSE(plan.ok());
    EXPECT_EQ(plan.error().rule, "no REDUCE table admits FLOAT64");
  }
}

TEST(PlanCache, ConcurrentCallersEachGetTheirDescsPlan) {
  PlanCache cache;
  std::vector<std::thread> threads;
  std::vector<uint32_t> counts(8, 0);
  for (uint32_t t = 0; t < counts.size(); ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        Result<SharedPlan> plan = cache.Get(Sum(16 * (t % 2 + 1)), {});
        if (plan.ok() && (*plan)->front().params[DMLC_P_SCALARS + DMLC_S_REDUCE_COUNT] == 16 * (t % 2 + 1)) ++counts[t];
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (uint32_t c : counts) EXPECT_EQ(c, 200u);
}

}  // namespace
}  // namespace dmlc::backends::gpu
