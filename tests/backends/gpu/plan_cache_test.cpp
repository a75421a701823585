// The plan cache that lets a case's Supports() and Prepare() plan and judge once.
#include "backends/gpu/plan_cache.h"

#include <thread>

#include <gtest/gtest.h>

#include "tests/backends/gpu/tensors.h"

namespace dmlc::backends::gpu {
namespace {

using ops::DataType;
using testing::Tensor;

// A judge that accepts every plan.
const PlanCache::Judge kAnyPlan = [](const Result<SharedPlan>& plan) {
  return plan.ok() ? Support::Yes() : Support::No(plan.error().message);
};

ops::ReduceDesc Sum(uint32_t length) {
  return {ops::ReduceFunction::kSum, Tensor(DataType::kFloat32, {1, 1, 4, length}),
          Tensor(DataType::kFloat32, {1, 1, 4, 1}), {3}};
}

TEST(PlanCache, TheSameDescAgainSharesThePlan) {
  PlanCache cache;
  Result<SharedPlan> first = cache.Get(Sum(64), {}, kAnyPlan).plan;
  Result<SharedPlan> again = cache.Get(Sum(64), {}, kAnyPlan).plan;
  ASSERT_TRUE(first.ok() && again.ok());
  EXPECT_EQ(first->get(), again->get());
  Result<std::vector<Dispatch>> direct = PlanDispatches(Sum(64), {});
  ASSERT_TRUE(direct.ok());
  ASSERT_EQ((*first)->size(), direct->size());
  EXPECT_EQ((*first)->front().params, direct->front().params);
}

TEST(PlanCache, AnotherDescOrOtherLimitsPlanAgain) {
  PlanCache cache;
  Result<SharedPlan> a = cache.Get(Sum(64), {}, kAnyPlan).plan;
  Result<SharedPlan> b = cache.Get(Sum(128), {}, kAnyPlan).plan;
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NE(a->get(), b->get());
  EXPECT_EQ((*b)->front().params[DMLC_P_SCALARS + DMLC_S_REDUCE_COUNT], 128u);
  // With scratch buffers a long reduction into 4 outputs is split into two dispatches.
  Result<SharedPlan> split = cache.Get(Sum(1u << 20), {65535, true}, kAnyPlan).plan;
  Result<SharedPlan> whole = cache.Get(Sum(1u << 20), {65535, false}, kAnyPlan).plan;
  ASSERT_TRUE(split.ok() && whole.ok());
  EXPECT_EQ((*split)->size(), 2u);
  EXPECT_EQ((*whole)->size(), 1u);
}

TEST(PlanCache, KeepsThePlanningError) {
  PlanCache cache;
  const ops::ReduceDesc doubles{ops::ReduceFunction::kSum, Tensor(DataType::kFloat64, {1, 1, 1, 8}),
                                Tensor(DataType::kFloat64, {1, 1, 1, 1}), {3}};
  for (int i = 0; i < 2; ++i) {
    const JudgedPlan judged_plan = cache.Get(doubles, {}, kAnyPlan);
    ASSERT_FALSE(judged_plan.plan.ok());
    EXPECT_EQ(judged_plan.plan.error().rule, "no REDUCE table admits FLOAT64");
    EXPECT_FALSE(judged_plan.support.supported);
  }
}

// As the runner calls a backend: Supports(desc), then Prepare(desc), which finds the verdict kept.
TEST(PlanCache, TheJudgeRunsOncePerDescAndItsVerdictIsKept) {
  PlanCache cache;
  int calls = 0;
  const PlanCache::Judge refuse_long = [&](const Result<SharedPlan>&) {
    ++calls;
    return Support::No("too long for this device");
  };
  for (int i = 0; i < 3; ++i) {
    const JudgedPlan verdict = cache.Get(Sum(64), {}, refuse_long);
    EXPECT_TRUE(verdict.plan.ok());
    EXPECT_FALSE(verdict.support.supported);
    EXPECT_EQ(verdict.support.reason, "too long for this device");
  }
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(cache.Get(Sum(128), {}, kAnyPlan).support.supported);  // another desc: judged anew
  EXPECT_FALSE(cache.Get(Sum(64), {}, refuse_long).support.supported);
  EXPECT_EQ(calls, 2);
}

// A judge that says yes to a desc with no plan would hand Prepare() nothing to run.
TEST(PlanCache, NoPlanIsNeverSupported) {
  PlanCache cache;
  const ops::ReduceDesc doubles{ops::ReduceFunction::kSum, Tensor(DataType::kFloat64, {1, 1, 1, 8}),
                                Tensor(DataType::kFloat64, {1, 1, 1, 1}), {3}};
  const JudgedPlan verdict = cache.Get(doubles, {}, [](const Result<SharedPlan>&) { return Support::Yes(); });
  EXPECT_FALSE(verdict.support.supported);
  EXPECT_FALSE(verdict.support.reason.empty());
}

TEST(PlanCache, ConcurrentCallersEachGetTheirDescsPlan) {
  PlanCache cache;
  std::vector<std::thread> threads;
  std::vector<uint32_t> counts(8, 0);
  for (uint32_t t = 0; t < counts.size(); ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        Result<SharedPlan> plan = cache.Get(Sum(16 * (t % 2 + 1)), {}, kAnyPlan).plan;
        if (plan.ok() && (*plan)->front().params[DMLC_P_SCALARS + DMLC_S_REDUCE_COUNT] == 16 * (t % 2 + 1)) ++counts[t];
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (uint32_t c : counts) EXPECT_EQ(c, 200u);
}

}  // namespace
}  // namespace dmlc::backends::gpu
