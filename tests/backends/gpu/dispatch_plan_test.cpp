// The desc-to-dispatch mapping shared by the GPU backends: kernel variants, bindings, parameter blocks
// and workgroup counts, checked word by word without a GPU.
#include "backends/gpu/dispatch_plan.h"

#include <gtest/gtest.h>

#include <limits>

#include "tests/backends/gpu/tensors.h"

namespace dmlc::backends::gpu {
namespace {

using ops::DataType;
using testing::Tensor;

std::vector<uint32_t> Words(const ParamBlock& p, uint32_t at, uint32_t n) {
  return std::vector<uint32_t>(p.begin() + at, p.begin() + at + n);
}
uint32_t Scalar(const ParamBlock& p, uint32_t i) { return p[DMLC_P_SCALARS + i]; }

std::vector<Dispatch> Plan(const ops::OperatorDesc& desc, DeviceLimits limits = {}) {
  Result<std::vector<Dispatch>> plan = PlanDispatches(desc, limits);
  EXPECT_TRUE(plan.ok()) << plan.error().ToString();
  return plan.ok() ? *plan : std::vector<Dispatch>{};
}

TEST(GroupCount, OneThreadPerElementCappedAtTheDeviceLimit) {
  EXPECT_EQ(GroupCount(0, {}), 1u);
  EXPECT_EQ(GroupCount(1, {}), 1u);
  EXPECT_EQ(GroupCount(256, {}), 1u);
  EXPECT_EQ(GroupCount(257, {}), 2u);
  EXPECT_EQ(GroupCount(2560, {}), 10u);
  EXPECT_EQ(GroupCount(uint64_t{1} << 32, {}), 65535u);
  EXPECT_EQ(GroupCount(uint64_t{1} << 32, {1u << 31}), 1u << 24);
  EXPECT_EQ(GroupCount(1000, {4}), 4u);
}

TEST(PlanJoin, OneCopyPerInputAtItsPositionAlongAxis) {
  // Spec 002, example 1.
  ops::JoinDesc join{{Tensor(DataType::kFloat32, {1, 1, 2, 3}), Tensor(DataType::kFloat32, {1, 1, 2, 4})},
                     Tensor(DataType::kFloat32, {1, 1, 2, 7}),
                     3};
  const std::vector<Dispatch> plan = Plan(join);
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[0].kernel, "copy_b4");
  EXPECT_EQ(plan[0].inputs, std::vector<uint32_t>{0});
  EXPECT_EQ(plan[0].output, 2u);
  EXPECT_EQ(plan[0].group_count, 1u);
  // Unit dimensions are dropped; rows of 3 and 7 floats admit no vector of 8 or 16 bytes.
  const ParamBlock& p0 = plan[0].params;
  EXPECT_EQ(p0[DMLC_P_COUNT], 6u);
  EXPECT_EQ(p0[DMLC_P_THREAD_STRIDE], 256u);
  EXPECT_EQ(p0[DMLC_P_RANK], 2u);
  EXPECT_EQ(p0[DMLC_P_VECTOR], 1u);
  EXPECT_EQ(Words(p0, DMLC_P_SIZES, 2), (std::vector<uint32_t>{2, 3}));
  EXPECT_EQ(Words(p0, DMLC_P_OUT_STRIDES, 2), (std::vector<uint32_t>{7, 1}));
  EXPECT_EQ(Words(p0, DMLC_P_IN_STRIDES, 2), (std::vector<uint32_t>{3, 1}));
  EXPECT_EQ(Scalar(p0, DMLC_S_COPY_OUT_BASE), 0u);
  EXPECT_EQ(plan[1].inputs, std::vector<uint32_t>{1});
  EXPECT_EQ(plan[1].params[DMLC_P_COUNT], 8u);
  EXPECT_EQ(Scalar(plan[1].params, DMLC_S_COPY_OUT_BASE), 3u);
}

TEST(PlanJoin, KernelFollowsElementSizeAndHonoursInputStrides) {
  ops::JoinDesc join{{Tensor(DataType::kInt8, {2, 3}, {0, 1}), Tensor(DataType::kInt8, {1, 3})},
                     Tensor(DataType::kInt8, {3, 3}, {4, 1}),
                     0};
  const std::vector<Dispatch> plan = Plan(join);
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[0].kernel, "copy_b1");
  EXPECT_EQ(Words(plan[0].params, DMLC_P_IN_STRIDES, 2), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(Words(plan[0].params, DMLC_P_OUT_STRIDES, 2), (std::vector<uint32_t>{4, 1}));
  EXPECT_EQ(Scalar(plan[1].params, DMLC_S_COPY_OUT_BASE), 8u);  // row 2 of a row stride of 4
}

TEST(PlanJoin, LongRowsKeepTheElementWalk) {
  // dml-bench's JOIN: halves of 1024-float rows; 128 vectors a half row would take the row walk elsewhere.
  ops::JoinDesc join{{Tensor(DataType::kFloat32, {1, 1, 64, 512}), Tensor(DataType::kFloat32, {1, 1, 64, 512})},
                     Tensor(DataType::kFloat32, {1, 1, 64, 1024}), 3};
  for (const Dispatch& d : Plan(join)) {
    EXPECT_EQ(Scalar(d.params, DMLC_S_ROW_LANE_BITS), 0u);
    EXPECT_EQ(d.params[DMLC_P_COUNT], 64u * 128u);
    EXPECT_EQ(d.group_count, 32u);  // one vector per thread
  }
}

TEST(PlanJoin, PackedBlocksMergeIntoOneDimensionAndCopy16BytesPerThread) {
  ops::JoinDesc copy{{Tensor(DataType::kFloat32, {1, 1, 4, 8})}, Tensor(DataType::kFloat32, {1, 1, 4, 8}), 3};
  const Dispatch d = Plan(copy).at(0);
  EXPECT_EQ(d.params[DMLC_P_COUNT], 8u);  // 32 floats, 4 per thread
  EXPECT_EQ(d.params[DMLC_P_RANK], 1u);
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 4u);
  EXPECT_EQ(Words(d.params, DMLC_P_SIZES, 1), std::vector<uint32_t>{8});
  EXPECT_EQ(Words(d.params, DMLC_P_OUT_STRIDES, 1), std::vector<uint32_t>{4});
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 1), std::vector<uint32_t>{4});

  ops::JoinDesc halves{{Tensor(DataType::kFloat32, {1, 1, 4, 8}), Tensor(DataType::kFloat32, {1, 1, 4, 8})},
                       Tensor(DataType::kFloat32, {1, 1, 4, 16}),
                       3};
  const std::vector<Dispatch> plan = Plan(halves);
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[1].params[DMLC_P_VECTOR], 4u);
  EXPECT_EQ(Words(plan[1].params, DMLC_P_SIZES, 2), (std::vector<uint32_t>{4, 2}));
  EXPECT_EQ(Words(plan[1].params, DMLC_P_OUT_STRIDES, 2), (std::vector<uint32_t>{16, 4}));
  EXPECT_EQ(Words(plan[1].params, DMLC_P_IN_STRIDES, 2), (std::vector<uint32_t>{8, 4}));
  EXPECT_EQ(Scalar(plan[1].params, DMLC_S_COPY_OUT_BASE), 8u);
}

TEST(PlanJoin, SubWordElementsVectorizeOnlyWhereEveryBlockStartsOnAWholeVector) {
  // Bytes: the second block starts at byte 16 (a 16-byte vector fits), or at byte 6 (no whole word).
  ops::JoinDesc aligned{{Tensor(DataType::kUint8, {2, 8}), Tensor(DataType::kUint8, {2, 8})},
                        Tensor(DataType::kUint8, {4, 8}), 0};
  for (const Dispatch& d : Plan(aligned)) EXPECT_EQ(d.params[DMLC_P_VECTOR], 16u);
  ops::JoinDesc ragged{{Tensor(DataType::kUint8, {3, 2}), Tensor(DataType::kUint8, {1, 2})},
                       Tensor(DataType::kUint8, {4, 2}), 0};
  const std::vector<Dispatch> plan = Plan(ragged);
  EXPECT_EQ(plan.at(0).params[DMLC_P_VECTOR], 1u);
  EXPECT_EQ(plan.at(1).params[DMLC_P_VECTOR], 1u);
}

TEST(PlanGatherNd1, BatchIndexAndTupleStridesFollowTheLayout) {
  // Spec 000, example 2: one batch dimension of 3, 2-coordinate tuples.
  ops::GatherNd1Desc gather{Tensor(DataType::kFloat32, {1, 3, 2, 2}), Tensor(DataType::kUint32, {1, 3, 2, 2}),
                            Tensor(DataType::kFloat32, {1, 1, 3, 2}), 3, 3, 1};
  const std::vector<Dispatch> plan = Plan(gather);
  ASSERT_EQ(plan.size(), 1u);
  const Dispatch& d = plan[0];
  EXPECT_EQ(d.kernel, "gather_nd1_b4");
  EXPECT_EQ(d.inputs, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(d.output, 2u);
  EXPECT_EQ(d.params[DMLC_P_COUNT], 6u);
  EXPECT_EQ(d.params[DMLC_P_RANK], 2u);  // the unit dimensions dropped
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 1u);  // the input does not move along the last dimension
  EXPECT_EQ(Words(d.params, DMLC_P_SIZES, 2), (std::vector<uint32_t>{3, 2}));
  EXPECT_EQ(Words(d.params, DMLC_P_OUT_STRIDES, 2), (std::vector<uint32_t>{2, 1}));
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 2), (std::vector<uint32_t>{4, 0}));   // batch only
  EXPECT_EQ(Words(d.params, DMLC_P_AUX_STRIDES, 2), (std::vector<uint32_t>{4, 2}));  // batch, index
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_A, 2), (std::vector<uint32_t>{2, 2}));
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_B, 2), (std::vector<uint32_t>{2, 1}));
  EXPECT_EQ(Scalar(d.params, DMLC_S_GATHER_TUPLE_SIZE), 2u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_GATHER_TUPLE_STRIDE), 1u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_GATHER_INDEX_FLAGS), 0u);
}

TEST(PlanGatherNd1, TrailingInputDimensionsAreCopiedAndIndexFlagsFollowTheType) {
  // Spec 000's size example: input {3,4,5,6,7}, 3-coordinate tuples, output {1,1,2,6,7}.
  ops::GatherNd1Desc gather{Tensor(DataType::kUint8, {3, 4, 5, 6, 7}), Tensor(DataType::kInt64, {1, 1, 1, 2, 3}),
                            Tensor(DataType::kUint8, {1, 1, 2, 6, 7}), 5, 3, 0};
  const Dispatch d = Plan(gather).at(0);
  EXPECT_EQ(d.kernel, "gather_nd1_b1");
  // {2,6,7} after the unit dimensions go; the trailing {6,7} are one packed stretch of 42 bytes, too
  // ragged for whole-word vectors.
  EXPECT_EQ(d.params[DMLC_P_RANK], 2u);
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 1u);
  EXPECT_EQ(Words(d.params, DMLC_P_SIZES, 2), (std::vector<uint32_t>{2, 42}));
  EXPECT_EQ(Words(d.params, DMLC_P_OUT_STRIDES, 2), (std::vector<uint32_t>{42, 1}));
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 2), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(Words(d.params, DMLC_P_AUX_STRIDES, 2), (std::vector<uint32_t>{3, 0}));
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_A, 3), (std::vector<uint32_t>{3, 4, 5}));
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_B, 3), (std::vector<uint32_t>{840, 210, 42}));
  EXPECT_EQ(Scalar(d.params, DMLC_S_GATHER_INDEX_FLAGS), uint32_t{DMLC_INDEX_SIGNED | DMLC_INDEX_WIDE});
}

TEST(PlanGatherNd1, RowsOfAPackedInputMove16BytesPerThread) {
  // dml-bench's shape: rows of {8,16} FLOAT32 gathered by an {8,1} index.
  ops::GatherNd1Desc gather{Tensor(DataType::kFloat32, {8, 16}), Tensor(DataType::kUint32, {8, 1}),
                            Tensor(DataType::kFloat32, {8, 16}), 2, 2, 0};
  const Dispatch d = Plan(gather).at(0);
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 4u);
  EXPECT_EQ(d.params[DMLC_P_COUNT], 32u);
  EXPECT_EQ(Words(d.params, DMLC_P_SIZES, 2), (std::vector<uint32_t>{8, 4}));
  EXPECT_EQ(Words(d.params, DMLC_P_OUT_STRIDES, 2), (std::vector<uint32_t>{16, 4}));
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 2), (std::vector<uint32_t>{0, 4}));
  EXPECT_EQ(Words(d.params, DMLC_P_AUX_STRIDES, 2), (std::vector<uint32_t>{1, 0}));
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_B, 1), std::vector<uint32_t>{16});  // in elements, as the offsets
}

TEST(PlanGatherNd1, LongRowsTakeTheRowWalk) {
  // 256 vectors a row: 64 threads per row with 4 vectors each, 4 rows a workgroup pass.
  ops::GatherNd1Desc gather{Tensor(DataType::kFloat32, {10, 1024}), Tensor(DataType::kUint32, {10, 1}),
                            Tensor(DataType::kFloat32, {10, 1024}), 2, 2, 0};
  const Dispatch d = Plan(gather).at(0);
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 4u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_ROW_LANE_BITS), 6u);
  EXPECT_EQ(d.group_count, 3u);  // ceil(10 / 4) passes of one segment each
  EXPECT_EQ(d.params[DMLC_P_THREAD_STRIDE], 768u);
}

TEST(PlanRowWalk, RowsSplitIntoSegmentsAndShortRowsKeepTheElementWalk) {
  // 18 vectors a row: 4 threads per row, segments of 16 vectors (2 a row), 64 rows a pass.
  const Dispatch rows = Plan(ops::DiagonalMatrixDesc{Tensor(DataType::kFloat32, {100, 72}), 0, 1.0f}).at(0);
  EXPECT_EQ(Scalar(rows.params, DMLC_S_ROW_LANE_BITS), 2u);
  EXPECT_EQ(rows.group_count, 4u);  // ceil(100 / 64) * 2
  // 7 vectors a row: the element walk.
  const Dispatch flat = Plan(ops::DiagonalMatrixDesc{Tensor(DataType::kFloat32, {100, 28}), 0, 1.0f}).at(0);
  EXPECT_EQ(Scalar(flat.params, DMLC_S_ROW_LANE_BITS), 0u);
  EXPECT_EQ(flat.group_count, 3u);  // 700 vectors
}

TEST(PlanOneHot, IndicesDoNotMoveAlongAxisAndOnValueIsFoundThroughStrides) {
  // Spec 004, example 3: ValuesTensor {1,1,3,1}; OnValue is logical element 1, here padded to stride 2.
  ops::OneHotDesc one_hot{Tensor(DataType::kUint32, {1, 1, 3, 1}), Tensor(DataType::kFloat16, {1, 1, 3, 1}, {6, 6, 2, 1}),
                          Tensor(DataType::kFloat16, {1, 1, 3, 4}), 3};
  const Dispatch d = Plan(one_hot).at(0);
  EXPECT_EQ(d.kernel, "one_hot_b2");
  EXPECT_EQ(d.inputs, (std::vector<uint32_t>{0, 1}));
  // {3,4} once the unit dimensions go (Axis moves to 1); each thread writes 4 halves (8 bytes).
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 4u);
  EXPECT_EQ(Words(d.params, DMLC_P_SIZES, 2), (std::vector<uint32_t>{3, 1}));
  EXPECT_EQ(Words(d.params, DMLC_P_OUT_STRIDES, 2), (std::vector<uint32_t>{4, 4}));
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 2), (std::vector<uint32_t>{1, 0}));
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_AXIS), 1u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_INDEX_STEP), 0u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_DEPTH), 4u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_INDEX_FLAGS), 0u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_ON_OFFSET), 4u);  // element offset 2, 2 bytes each
}

TEST(PlanOneHot, VectorsAcrossAxisStepThroughTheIndices) {
  // Axis 0: along the last dimension every element has its own index, one apart.
  ops::OneHotDesc one_hot{Tensor(DataType::kInt32, {1, 8}), Tensor(DataType::kUint8, {2}),
                          Tensor(DataType::kUint8, {3, 8}), 0};
  const Dispatch d = Plan(one_hot).at(0);
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 8u);
  EXPECT_EQ(Words(d.params, DMLC_P_SIZES, 2), (std::vector<uint32_t>{3, 1}));
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 2), (std::vector<uint32_t>{0, 8}));
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_AXIS), 0u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_ONE_HOT_INDEX_STEP), 1u);
}

TEST(PlanDiagonalMatrix, PackedRowsWithoutWholeVectorsTakeTheFlatWalk) {
  // 35 halves, 8 a vector: 5 vectors, the last one partial; the kernel steps the coordinates itself.
  const Dispatch flat = Plan(ops::DiagonalMatrixDesc{Tensor(DataType::kFloat16, {1, 1, 5, 7}), 0, 1.0f}).at(0);
  EXPECT_EQ(flat.params[DMLC_P_VECTOR], 8u);
  EXPECT_EQ(flat.params[DMLC_P_COUNT], 5u);
  EXPECT_EQ(flat.params[DMLC_P_RANK], 1u);
  EXPECT_EQ(flat.params[DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_COLUMNS], 7u);
  EXPECT_EQ(flat.params[DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_ROWS], 5u);
  EXPECT_EQ(flat.params[DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_ELEMENTS], 35u);
  EXPECT_EQ(Scalar(flat.params, DMLC_S_ROW_LANE_BITS), 0u);
  // Rows of whole 16-byte vectors keep the row walk; rows with gaps keep one element a thread.
  const Dispatch rows = Plan(ops::DiagonalMatrixDesc{Tensor(DataType::kFloat16, {64, 64}), 0, 1.0f}).at(0);
  EXPECT_EQ(rows.params[DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_COLUMNS], 0u);
  EXPECT_EQ(rows.params[DMLC_P_VECTOR], 8u);
  const Dispatch gaps = Plan(ops::DiagonalMatrixDesc{Tensor(DataType::kFloat16, {5, 7}, {8, 1}), 0, 1.0f}).at(0);
  EXPECT_EQ(gaps.params[DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_COLUMNS], 0u);
  EXPECT_EQ(gaps.params[DMLC_P_VECTOR], 1u);
}

TEST(PlanDiagonalMatrix, ValueIsConvertedToTheOutputTypesBits) {
  struct Row {
    DataType type;
    float value;
    uint32_t lo, hi;
  };
  const Row rows[] = {
      {DataType::kFloat32, 1.0f, 0x3F800000u, 0},  {DataType::kFloat16, 1.0f, 0x3C00u, 0},
      {DataType::kFloat64, 1.0f, 0, 0x3FF00000u},   {DataType::kInt8, -10.6f, 0xF6u, 0},
      {DataType::kUint16, 10.6f, 10u, 0},           {DataType::kInt64, -2.0f, 0xFFFFFFFEu, 0xFFFFFFFFu},
  };
  for (const Row& row : rows) {
    ops::DiagonalMatrixDesc diag{Tensor(row.type, {1, 1, 3, 2}), -1, row.value};
    const Dispatch d = Plan(diag).at(0);
    EXPECT_EQ(d.kernel, "diagonal_matrix_b" + std::to_string(ops::ElementSize(row.type)));
    EXPECT_TRUE(d.inputs.empty());
    EXPECT_EQ(d.output, 0u);
    // The band [-1, 0): Offset and Offset + 1 as 64-bit word pairs.
    EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_BEGIN), 0xFFFFFFFFu);
    EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_BEGIN + 1), 0xFFFFFFFFu);
    EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_END), 0u);
    EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_END + 1), 0u);
    EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_INVERTED), 0u);
    EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_VALUE_LO), row.lo) << ops::DataTypeName(row.type);
    EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_VALUE_HI), row.hi) << ops::DataTypeName(row.type);
  }
}

// DIAGONAL_MATRIX1: the band's bounds as word pairs (INT's extremes and DIAGONAL_MATRIX's Offset + 1 past
// them), inverted where End < Begin; with an input, the input kernel reads it as binding 0.
TEST(PlanDiagonalMatrix1, BandInputAndValueBits) {
  ops::DiagonalMatrix1Desc dm;
  dm.OutputTensor = Tensor(DataType::kUint8, {3, 4, 16});
  dm.Value = {DataType::kUint8, 0xFB};
  dm.DiagonalFillBegin = std::numeric_limits<int32_t>::max();
  dm.DiagonalFillEnd = std::numeric_limits<int32_t>::min();
  Dispatch d = Plan(dm).at(0);
  EXPECT_EQ(d.kernel, "diagonal_matrix_b1");
  EXPECT_TRUE(d.inputs.empty());
  EXPECT_EQ(d.output, 0u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_BEGIN), 0x80000000u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_BEGIN + 1), 0xFFFFFFFFu);
  EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_END), 0x7FFFFFFFu);
  EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_END + 1), 0u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_INVERTED), 1u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_VALUE_LO), 0xFBu);
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 16u);

  dm.InputTensor = Tensor(DataType::kUint8, {3, 4, 16});
  d = Plan(dm).at(0);
  EXPECT_EQ(d.kernel, "diagonal_matrix_input_b1");
  EXPECT_EQ(d.inputs, (std::vector<uint32_t>{0}));
  EXPECT_EQ(d.output, 1u);
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 16u);
  // A transposed input is read element by element.
  dm.InputTensor = Tensor(DataType::kUint8, {3, 4, 16}, {64, 1, 4});
  d = Plan(dm).at(0);
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 1u);
  EXPECT_EQ(d.params[DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_COLUMNS], 0u);

  ops::DiagonalMatrixDesc far{Tensor(DataType::kFloat32, {2, 2}), std::numeric_limits<int32_t>::max(), 1.0f};
  d = Plan(far).at(0);
  EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_END), 0x80000000u);  // 2^31: Offset + 1, no wrap
  EXPECT_EQ(Scalar(d.params, DMLC_S_DIAGONAL_END + 1), 0u);
}

TEST(PlanReduce, ReducedAxesInAscendingOrderWithTheirStrides) {
  ops::ReduceDesc reduce{ops::ReduceFunction::kArgMax, Tensor(DataType::kInt16, {2, 3, 4}),
                         Tensor(DataType::kInt64, {1, 3, 1}), {2, 0}};
  const Dispatch d = Plan(reduce).at(0);
  EXPECT_EQ(d.kernel, "reduce_i16");
  EXPECT_EQ(d.inputs, std::vector<uint32_t>{0});
  EXPECT_EQ(d.output, 1u);
  EXPECT_EQ(d.params[DMLC_P_COUNT], 3u);
  EXPECT_EQ(d.params[DMLC_P_RANK], 1u);  // the output's unit dimensions dropped
  EXPECT_EQ(Words(d.params, DMLC_P_OUT_STRIDES, 1), std::vector<uint32_t>{1});
  EXPECT_EQ(Words(d.params, DMLC_P_IN_STRIDES, 1), std::vector<uint32_t>{4});
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_A, 2), (std::vector<uint32_t>{2, 4}));
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_B, 2), (std::vector<uint32_t>{12, 1}));
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_FUNCTION), 0u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_COUNT), 8u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_RANK), 2u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_OUT_BYTES), 8u);
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_SIGNED), 1u);
  // The last reduced axis is contiguous: 8 lanes (the reduction's length) side by side, one group.
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_LAYOUT), uint32_t{DMLC_REDUCE_MODE_FULL | DMLC_REDUCE_LANE_MAJOR | (3u << 8)});
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_SPLITS), 1u);
  EXPECT_EQ(d.group_count, 1u);
}

TEST(PlanReduce, NeighbouringReducedAxesMergeIntoOne) {
  ops::ReduceDesc reduce{ops::ReduceFunction::kSum, Tensor(DataType::kFloat32, {2, 3, 4}),
                         Tensor(DataType::kFloat32, {2, 1, 1}), {1, 2}};
  const Dispatch d = Plan(reduce).at(0);
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_RANK), 1u);
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_A, 1), std::vector<uint32_t>{12});
  EXPECT_EQ(Words(d.params, DMLC_P_ARRAY_B, 1), std::vector<uint32_t>{1});
  EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_COUNT), 12u);
}

TEST(PlanReduce, LongColumnsIntoFewOutputsSplitIntoPartialStatesWhereScratchIsAllowed) {
  // 64 columns of 4096 rows: 32 neighbouring columns per group, 8 lanes each; 8 spans of 512 rows.
  ops::ReduceDesc reduce{ops::ReduceFunction::kSum, Tensor(DataType::kFloat32, {4096, 64}),
                         Tensor(DataType::kFloat32, {1, 64}), {0}};
  const std::vector<Dispatch> single = Plan(reduce);
  ASSERT_EQ(single.size(), 1u);  // no scratch: one dispatch
  EXPECT_EQ(Scalar(single[0].params, DMLC_S_REDUCE_LAYOUT), uint32_t{DMLC_REDUCE_MODE_FULL | (3u << 8)});
  EXPECT_EQ(single[0].group_count, 2u);

  const std::vector<Dispatch> plan = Plan(reduce, DeviceLimits{65535, true});
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[0].inputs, std::vector<uint32_t>{0});
  EXPECT_EQ(plan[0].output, 2u);  // the first scratch buffer, after the desc's two bindings
  EXPECT_EQ(plan[0].scratch_bytes, 8u * 64 * DMLC_REDUCE_STATE_BYTES);
  EXPECT_EQ(Scalar(plan[0].params, DMLC_S_REDUCE_LAYOUT), uint32_t{DMLC_REDUCE_MODE_PARTIAL | (3u << 8)});
  EXPECT_EQ(Scalar(plan[0].params, DMLC_S_REDUCE_SPLITS), 8u);
  EXPECT_EQ(plan[0].group_count, 16u);
  EXPECT_EQ(plan[1].inputs, std::vector<uint32_t>{2});
  EXPECT_EQ(plan[1].output, 1u);
  EXPECT_EQ(plan[1].scratch_bytes, 0u);
  EXPECT_EQ(Scalar(plan[1].params, DMLC_S_REDUCE_LAYOUT), uint32_t{DMLC_REDUCE_MODE_COMBINE | (3u << 8)});
  EXPECT_EQ(Scalar(plan[1].params, DMLC_S_REDUCE_SPLITS), 8u);
  EXPECT_EQ(Scalar(plan[1].params, DMLC_S_REDUCE_COUNT), 4096u);  // AVERAGE still divides by the whole
  EXPECT_EQ(plan[1].group_count, 2u);
}

TEST(PlanReduce, AlignedRowsLoadSixteenByteVectors) {
  // 1024-element rows: lanes per row by element size (as many bytes a lane as FLOAT32's 16 lanes take),
  // each loading 16 bytes (16 / element-bytes elements) at a time.
  const auto layout = [](DataType type, std::vector<uint32_t> sizes, std::vector<uint32_t> strides = {}) {
    std::vector<uint32_t> out_sizes = sizes;
    out_sizes.back() = 1;
    ops::ReduceDesc reduce{ops::ReduceFunction::kMax, Tensor(type, sizes, strides), Tensor(type, out_sizes),
                           {static_cast<uint32_t>(sizes.size() - 1)}};
    return Scalar(Plan(reduce).at(0).params, DMLC_S_REDUCE_LAYOUT);
  };
  const auto lanes = [](uint32_t bits) { return DMLC_REDUCE_MODE_FULL | DMLC_REDUCE_LANE_MAJOR | (bits << 8); };
  const std::pair<DataType, uint32_t> lane_bits[] = {{DataType::kFloat32, 4}, {DataType::kInt32, 4},
                                                     {DataType::kFloat16, 3}, {DataType::kUint16, 3},
                                                     {DataType::kInt8, 2},    {DataType::kUint64, 4}};
  for (const auto& [type, bits] : lane_bits) {
    EXPECT_EQ(layout(type, {64, 1024}), lanes(bits) | DMLC_REDUCE_VECTORS) << ops::DataTypeName(type);
  }
  EXPECT_EQ(layout(DataType::kFloat32, {64, 1022}), lanes(4));             // not whole vectors
  EXPECT_EQ(layout(DataType::kFloat16, {64, 1020}), lanes(3));             // 4-byte rows, but 8 per vector
  EXPECT_EQ(layout(DataType::kInt8, {64, 1032}), lanes(2));                // 8-byte rows, but 16 per vector
  EXPECT_EQ(layout(DataType::kFloat32, {64, 1024}, {1026, 1}), lanes(4));  // rows off 16-byte boundaries
  EXPECT_EQ(layout(DataType::kFloat32, {64, 1024}, {1028, 1}), lanes(4) | DMLC_REDUCE_VECTORS);
  EXPECT_EQ(layout(DataType::kInt8, {64, 1024}, {1040, 1}), lanes(2) | DMLC_REDUCE_VECTORS);
  EXPECT_EQ(layout(DataType::kInt8, {64, 3}), lanes(2));                   // lanes for the elements, rounded up
  EXPECT_EQ(layout(DataType::kInt8, {64, 2}), lanes(1));
}

TEST(PlanReduce, ColumnsOfNarrowElementsTakeOutputWords) {
  // Output-major columns: a thread folds the outputs of a word (2 halves, 4 bytes); the groups count words.
  const auto plan = [](DataType type, std::vector<uint32_t> sizes, ops::ReduceFunction fn = ops::ReduceFunction::kSum) {
    std::vector<uint32_t> out_sizes = sizes;
    out_sizes.front() = 1;
    return Plan(ops::ReduceDesc{fn, Tensor(type, sizes), Tensor(type, out_sizes), {0}}).at(0);
  };
  const Dispatch halves = plan(DataType::kFloat16, {4096, 64});  // 32 words: 32 a group, 8 lanes each
  EXPECT_EQ(halves.kernel, "reduce_f16_words");
  EXPECT_EQ(Scalar(halves.params, DMLC_S_REDUCE_LAYOUT), uint32_t{DMLC_REDUCE_MODE_FULL | (3u << 8)});
  EXPECT_EQ(halves.params[DMLC_P_COUNT], 64u);  // the walk still counts outputs
  EXPECT_EQ(halves.group_count, 1u);
  const Dispatch bytes = plan(DataType::kUint8, {4096, 64}, ops::ReduceFunction::kL1);  // 16 words: 16 a group, 16 lanes
  EXPECT_EQ(bytes.kernel, "reduce_i8_words");
  EXPECT_EQ(Scalar(bytes.params, DMLC_S_REDUCE_LAYOUT), uint32_t{DMLC_REDUCE_MODE_FULL | (4u << 8)});
  EXPECT_EQ(plan(DataType::kInt8, {4096, 6}).kernel, "reduce_i8");  // 6 bytes: no whole words
  EXPECT_EQ(plan(DataType::kInt16, {4096, 6}).kernel, "reduce_i16_words");
  EXPECT_EQ(plan(DataType::kFloat32, {4096, 64}).kernel, "reduce_f32");
  // Split into spans: the partial states come from words, their combination takes one output a thread.
  const std::vector<Dispatch> split =
      Plan(ops::ReduceDesc{ops::ReduceFunction::kSum, Tensor(DataType::kFloat16, {4096, 64}),
                           Tensor(DataType::kFloat16, {1, 64}), {0}},
           DeviceLimits{65535, true});
  ASSERT_EQ(split.size(), 2u);
  EXPECT_EQ(split[0].kernel, "reduce_f16_words");
  EXPECT_EQ(split[1].kernel, "reduce_f16");
  // Selections too.
  EXPECT_EQ(plan(DataType::kFloat16, {4096, 64}, ops::ReduceFunction::kMax).kernel, "reduce_f16_words");
  EXPECT_EQ(plan(DataType::kInt16, {4096, 64}, ops::ReduceFunction::kArgMin).kernel, "reduce_i16_words");
  EXPECT_EQ(plan(DataType::kInt8, {4096, 64}, ops::ReduceFunction::kMax).kernel, "reduce_i8_words");
}

TEST(PlanReduce, VariantFollowsTheInputType) {
  const std::pair<DataType, const char*> rows[] = {
      {DataType::kFloat32, "reduce_f32"}, {DataType::kFloat16, "reduce_f16"}, {DataType::kInt8, "reduce_i8"},
      {DataType::kUint8, "reduce_i8"},    {DataType::kInt16, "reduce_i16"},   {DataType::kUint16, "reduce_i16"},
      {DataType::kUint32, "reduce_i32"},  {DataType::kInt64, "reduce_i64"},   {DataType::kUint64, "reduce_i64"}};
  for (const auto& [type, kernel] : rows) {
    ops::ReduceDesc reduce{ops::ReduceFunction::kSum, Tensor(type, {4}), Tensor(type, {1}), {0}};
    const Dispatch d = Plan(reduce).at(0);
    EXPECT_EQ(d.kernel, kernel);
    EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_FUNCTION), 10u);
    EXPECT_EQ(Scalar(d.params, DMLC_S_REDUCE_SIGNED), ops::IsSignedInteger(type) ? 1u : 0u);
  }
}

TEST(PlanDispatches, LargeWalksUseAGridStrideLoopWithinTheGroupLimit) {
  ops::DiagonalMatrixDesc diag{Tensor(DataType::kFloat32, {1000, 1000}), 0, 1.0f};
  const Dispatch d = Plan(diag, DeviceLimits{100}).at(0);
  EXPECT_EQ(d.group_count, 100u);
  EXPECT_EQ(d.params[DMLC_P_COUNT], 250000u);  // vectors of 4 floats
  EXPECT_EQ(d.params[DMLC_P_VECTOR], 4u);
  EXPECT_EQ(d.params[DMLC_P_THREAD_STRIDE], 25600u);
}

TEST(PlanDispatches, BroadcastWalksBeyond32BitsAreRefused) {
  ops::JoinDesc join{{Tensor(DataType::kUint8, {65536, 65536}, {0, 0})}, Tensor(DataType::kUint8, {65536, 65536}, {0, 0}), 0};
  Result<std::vector<Dispatch>> plan = PlanDispatches(join, {});
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.error().rule, "one dispatch addresses at most 2^32 - 1 elements");
}

}  // namespace
}  // namespace dmlc::backends::gpu
