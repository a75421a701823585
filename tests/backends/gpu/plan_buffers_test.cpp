// The buffers a plan names (bindings, then scratch) and the barriers between its dispatches.
#include "backends/gpu/plan_buffers.h"

#include <gtest/gtest.h>

#include "tests/backends/gpu/tensors.h"

namespace dmlc::backends::gpu {
namespace {

using ops::DataType;
using testing::Tensor;

const ops::ReduceDesc kLongSum{ops::ReduceFunction::kSum, Tensor(DataType::kFloat32, {1, 1, 1, 1u << 20}),
                               Tensor(DataType::kFloat32, {1, 1, 1, 1}), {3}};

TEST(LayoutPlanBuffers, BindingsThenScratchAndABarrierBeforeTheCombination) {
  Result<std::vector<Dispatch>> plan = PlanDispatches(kLongSum, {65535, true});
  ASSERT_TRUE(plan.ok());
  ASSERT_EQ(plan->size(), 2u);
  Result<PlanBuffers> buffers = LayoutPlanBuffers(kLongSum, *plan);
  ASSERT_TRUE(buffers.ok()) << buffers.error().ToString();
  EXPECT_EQ(buffers->binding_count, 2u);
  EXPECT_EQ(buffers->bytes, (std::vector<uint64_t>{4u << 20, 4, (*plan)[0].scratch_bytes}));
  EXPECT_EQ(buffers->barrier_before, (std::vector<bool>{false, true}));
}

TEST(LayoutPlanBuffers, JoinsDisjointWritesNeedNoBarrier) {
  const ops::JoinDesc join{{Tensor(DataType::kFloat32, {1, 1, 2, 3}), Tensor(DataType::kFloat32, {1, 1, 2, 4})},
                           Tensor(DataType::kFloat32, {1, 1, 2, 7}), 3};
  Result<std::vector<Dispatch>> plan = PlanDispatches(join, {});
  ASSERT_TRUE(plan.ok());
  Result<PlanBuffers> buffers = LayoutPlanBuffers(join, *plan);
  ASSERT_TRUE(buffers.ok());
  EXPECT_EQ(buffers->bytes, (std::vector<uint64_t>{24, 32, 56}));
  EXPECT_EQ(buffers->barrier_before, (std::vector<bool>{false, false}));
}

TEST(LayoutPlanBuffers, RejectsScratchOutOfOrderAndBuffersNoOneCreates) {
  Dispatch skips;
  skips.output = 3;  // the desc has bindings 0 and 1, so the first scratch buffer is 2
  skips.scratch_bytes = 16;
  Result<PlanBuffers> out_of_order = LayoutPlanBuffers(kLongSum, std::vector<Dispatch>{skips});
  ASSERT_FALSE(out_of_order.ok());
  EXPECT_EQ(out_of_order.error().message, "scratch buffer 3 out of order");

  Dispatch reads;
  reads.inputs = {2};
  reads.output = 1;
  Result<PlanBuffers> missing = LayoutPlanBuffers(kLongSum, std::vector<Dispatch>{reads});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "dispatch reads buffer 2, which no one creates");
}

}  // namespace
}  // namespace dmlc::backends::gpu
