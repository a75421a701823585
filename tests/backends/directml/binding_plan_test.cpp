// Descriptor heap, binding tables, temporary and persistent sizes, and OWNED_BY_DML inputs, from
// GetBindingProperties() answers: no device needed.
#include "backends/directml/binding_plan.h"

#include <gtest/gtest.h>

namespace dmlc::backends::directml {
namespace {

ops::TensorDesc Tensor(std::vector<uint32_t> sizes, uint32_t flags = 0) {
  ops::TensorDesc t;
  t.DataType = ops::DataType::kFloat32;
  t.Sizes = std::move(sizes);
  t.Flags = flags;
  t.TotalTensorSizeInBytes = CalcBufferTensorSize(t).value();
  return t;
}

std::unique_ptr<const DmlOperatorDesc> Join(uint32_t owned_flags_of_second) {
  ops::JoinDesc j;
  j.InputTensors = {Tensor({2, 1}), Tensor({2, 2}, owned_flags_of_second), Tensor({2, 1})};
  j.OutputTensor = Tensor({2, 4});
  j.Axis = 1;
  return std::move(Translate(j, {}).value());
}

TEST(DirectmlBindingPlan, TablesSitSideBySideInOneHeap) {
  const auto op = Join(0);
  const BindingPlan plan = PlanBindings(*op, {3, 0, 0}, {5, 0, 0});
  EXPECT_EQ(plan.initializer.offset, 0u);
  EXPECT_EQ(plan.initializer.count, 3u);
  EXPECT_EQ(plan.execution.offset, 3u);
  EXPECT_EQ(plan.execution.count, 5u);
  EXPECT_EQ(plan.descriptor_count, 8u);
}

TEST(DirectmlBindingPlan, AnEmptyHeapStillHasOneDescriptor) {
  const auto op = Join(0);
  const BindingPlan plan = PlanBindings(*op, {0, 0, 0}, {0, 0, 0});
  EXPECT_EQ(plan.descriptor_count, 1u);
  EXPECT_EQ(plan.execution.offset, 0u);
  EXPECT_EQ(plan.execution.count, 0u);
  EXPECT_EQ(plan.temporary_bytes, 0u);
  EXPECT_EQ(plan.persistent_bytes, 0u);
}

TEST(DirectmlBindingPlan, TemporaryIsTheLargerOfTheTwoAndAligned) {
  const auto op = Join(0);
  EXPECT_EQ(PlanBindings(*op, {1, 1000, 0}, {1, 10, 0}).temporary_bytes, 1024u);
  EXPECT_EQ(PlanBindings(*op, {1, 10, 0}, {1, 257, 0}).temporary_bytes, 512u);
  EXPECT_EQ(PlanBindings(*op, {1, 0, 0}, {1, 256, 0}).temporary_bytes, 256u);
}

TEST(DirectmlBindingPlan, OnlyATableWhoseDispatchableAsksForTheTemporaryBindsIt) {
  const auto op = Join(0);
  const BindingPlan execution_only = PlanBindings(*op, {1, 0, 0}, {1, 256, 0});
  EXPECT_FALSE(execution_only.initializer_binds_temporary);
  EXPECT_TRUE(execution_only.execution_binds_temporary);
  const BindingPlan initializer_only = PlanBindings(*op, {1, 64, 0}, {1, 0, 0});
  EXPECT_TRUE(initializer_only.initializer_binds_temporary);
  EXPECT_FALSE(initializer_only.execution_binds_temporary);
  EXPECT_EQ(initializer_only.temporary_bytes, 256u);
  const BindingPlan neither = PlanBindings(*op, {1, 0, 0}, {1, 0, 0});
  EXPECT_FALSE(neither.initializer_binds_temporary || neither.execution_binds_temporary);
}

TEST(DirectmlBindingPlan, PersistentIsTheOperatorsAndAligned) {
  const auto op = Join(0);
  EXPECT_EQ(PlanBindings(*op, {1, 0, 0}, {1, 0, 1}).persistent_bytes, 256u);
  EXPECT_EQ(PlanBindings(*op, {1, 0, 0}, {1, 0, 4096}).persistent_bytes, 4096u);
}

TEST(DirectmlBindingPlan, OwnedByDmlInputsAreBoundAtInitialization) {
  EXPECT_EQ(PlanBindings(*Join(0), {}, {}).bound_at_initialization, (std::vector<bool>{false, false, false}));
  EXPECT_EQ(PlanBindings(*Join(DML_TENSOR_FLAG_OWNED_BY_DML), {}, {}).bound_at_initialization,
            (std::vector<bool>{false, true, false}));
}

TEST(DirectmlBindingPlan, BoundBuffersAreWholeWords) {
  EXPECT_EQ(BoundBufferBytes(0), 4u);
  EXPECT_EQ(BoundBufferBytes(6), 8u);
  EXPECT_EQ(BoundBufferBytes(16), 16u);
}

}  // namespace
}  // namespace dmlc::backends::directml
