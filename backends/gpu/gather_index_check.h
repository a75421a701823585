// GATHER_ND1's index rule checked on the host before dispatch: every index, after negative values of
// signed types count from the end, lies inside the input dimension it addresses. A GPU kernel cannot
// report which index was bad, so the backends check here and the kernel's own range test only keeps a
// bad index from reading out of bounds. The error names the first bad index in row-major order with the
// same wording as the CPU reference.
#pragma once

#include <cstddef>
#include <span>

#include "ops/error.h"
#include "ops/operators/gather_nd1.h"

namespace dmlc::backends::gpu {

// `indices` holds the IndicesTensor's bytes (at least TotalTensorSizeInBytes). Assumes a validated desc.
Status CheckGatherIndices(const ops::GatherNd1Desc& desc, std::span<const std::byte> indices);

}  // namespace dmlc::backends::gpu
