#include "backends/gpu/planners.h"

#include "backends/gpu/iteration_space.h"

namespace dmlc::backends::gpu {
namespace {

// A band bound (in [-2^31, 2^31]) as a 64-bit two's complement word pair.
void SetBound(Dispatch& d, uint32_t at, int64_t bound) {
  d.params[DMLC_P_SCALARS + at] = static_cast<uint32_t>(static_cast<uint64_t>(bound));
  d.params[DMLC_P_SCALARS + at + 1] = static_cast<uint32_t>(static_cast<uint64_t>(bound) >> 32);
}

// DIAGONAL_MATRIX and DIAGONAL_MATRIX1 alike: one kernel over the band, with the input (kernel
// diagonal_matrix_input_b*) or without it (diagonal_matrix_b*, zeros outside the band).
Result<std::vector<Dispatch>> PlanFill(const ops::DiagonalFill& fill, const DeviceLimits& limits) {
  const ops::TensorDesc& out = *fill.output;
  if (out.DimensionCount() < 2) return PlanError("DIAGONAL_MATRIX needs 2 dimensions", "a validated desc");
  DMLC_RETURN_IF_ERROR(CheckCount(out.Sizes));
  const bool input = fill.input != nullptr;
  Space space(out.Sizes, ops::EffectiveStrides(out), input ? ops::EffectiveStrides(*fill.input) : std::vector<uint32_t>{});
  const uint32_t rank = out.DimensionCount();
  DropUnitDims(space, {rank - 2, rank - 1});  // the kernel reads the last two coordinates
  const uint32_t element_bytes = ops::ElementSize(out.DataType);
  const uint32_t k = VectorElements(space, element_bytes, {.in = input ? Along::kContiguous : Along::kAny});
  const std::string kernel = ElementKernel(input ? "diagonal_matrix_input" : "diagonal_matrix", out.DataType);
  Dispatch d;
  if (!input && k * element_bytes < 16 && IsPacked(space)) {
    // Rows that do not hold whole 16-byte vectors (an odd size, say): the flat walk stores whole vectors
    // regardless. On the H200 that brings FLOAT16 and FLOAT64 identities of odd sizes up to the copy,
    // where one element a thread (with atomics for the 16-bit stores) fell far short of it.
    const uint32_t flat = 16 / element_bytes;
    const uint64_t elements = space.count();
    d = Pack(kernel, Space({static_cast<uint32_t>((elements + flat - 1) / flat)}, {flat}), flat, limits);
    d.params[DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_COLUMNS] = space.sizes[space.rank() - 1];
    d.params[DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_ROWS] = space.sizes[space.rank() - 2];
    d.params[DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_ELEMENTS] = static_cast<uint32_t>(elements);
  } else {
    Vectorize(space, k);
    d = Pack(kernel, space, k, limits);
    UseRowWalk(d, space, limits);
  }
  SetBound(d, DMLC_S_DIAGONAL_BEGIN, fill.begin);
  SetBound(d, DMLC_S_DIAGONAL_END, fill.end);
  d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_INVERTED] = fill.inverted ? 1 : 0;
  d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_VALUE_LO] = static_cast<uint32_t>(fill.value_bits);
  d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_VALUE_HI] = static_cast<uint32_t>(fill.value_bits >> 32);
  if (input) d.inputs = {0};
  d.output = input ? 1 : 0;
  return std::vector<Dispatch>{std::move(d)};
}

}  // namespace

Result<std::vector<Dispatch>> Plan(const ops::DiagonalMatrixDesc& desc, const DeviceLimits& limits) {
  return PlanFill(ops::FillOf(desc), limits);
}

Result<std::vector<Dispatch>> Plan(const ops::DiagonalMatrix1Desc& desc, const DeviceLimits& limits) {
  return PlanFill(ops::FillOf(desc), limits);
}

}  // namespace dmlc::backends::gpu
