#include "backends/gpu/planners.h"

#include "backends/gpu/iteration_space.h"

namespace dmlc::backends::gpu {

Result<std::vector<Dispatch>> Plan(const ops::DiagonalMatrixDesc& desc, const DeviceLimits& limits) {
  const ops::TensorDesc& out = desc.OutputTensor;
  if (out.DimensionCount() < 2) return PlanError("DIAGONAL_MATRIX needs 2 dimensions", "a validated desc");
  const uint64_t bits = ops::DiagonalValueBits(desc.Value, out.DataType);
  DMLC_RETURN_IF_ERROR(CheckCount(out.Sizes));
  Space space(out.Sizes, ops::EffectiveStrides(out));
  const uint32_t rank = out.DimensionCount();
  DropUnitDims(space, {rank - 2, rank - 1});  // the kernel reads the last two coordinates
  const uint32_t element_bytes = ops::ElementSize(out.DataType);
  const uint32_t k = VectorElements(space, element_bytes, {});
  Dispatch d;
  if (k * element_bytes < 16 && IsPacked(space)) {
    // Rows that do not hold whole 16-byte vectors (an odd size, say): the flat walk stores whole vectors
    // regardless. On the H200 that brings FLOAT16 and FLOAT64 identities of odd sizes up to the copy,
    // where one element a thread (with atomics for the 16-bit stores) fell far short of it.
    const uint32_t flat = 16 / element_bytes;
    const uint64_t elements = space.count();
    d = Pack(ElementKernel("diagonal_matrix", out.DataType),
             Space({static_cast<uint32_t>((elements + flat - 1) / flat)}, {flat}), flat, limits);
    d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_FLAT_COLUMNS] = space.sizes[space.rank() - 1];
    d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_FLAT_ROWS] = space.sizes[space.rank() - 2];
    d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_FLAT_ELEMENTS] = static_cast<uint32_t>(elements);
  } else {
    Vectorize(space, k);
    d = Pack(ElementKernel("diagonal_matrix", out.DataType), space, k, limits);
    UseRowWalk(d, space, limits);
  }
  d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_OFFSET] = static_cast<uint32_t>(desc.Offset);
  d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_VALUE_LO] = static_cast<uint32_t>(bits);
  d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_VALUE_HI] = static_cast<uint32_t>(bits >> 32);
  d.output = 0;
  return std::vector<Dispatch>{std::move(d)};
}

}  // namespace dmlc::backends::gpu
