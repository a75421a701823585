// Moves logical elements (packed, row-major in Sizes) to and from a tensor's strided buffer. The
// initializers use Scatter to build input buffers; the engine uses Gather to read outputs back for
// comparison and .npy dumps. Both check every offset against the buffer, so a desc whose
// TotalTensorSizeInBytes is too small gives an error, never an out-of-bounds access.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ops/error.h"
#include "ops/tensor_desc.h"

namespace dmlc::app {

// Largest buffer and logical element count materialized, so a typo in Sizes fails with a message
// instead of exhausting memory.
inline constexpr uint64_t kMaxMaterializedBytes = uint64_t{1} << 32;
inline constexpr uint64_t kMaxLogicalElements = uint64_t{1} << 28;

// Error unless desc can be laid out here: a known DataType, Strides absent or one per dimension, and
// TotalTensorSizeInBytes within kMaxMaterializedBytes.
Status CheckLayout(const ops::TensorDesc& desc);
// Offset in elements of the last logical element plus one: the buffer elements the layout touches.
// 0 for a tensor with no elements. Requires CheckLayout() and LogicalElementCount() to pass.
uint64_t SpannedElements(const ops::TensorDesc& desc);

// Logical element count of desc, within kMaxLogicalElements.
Result<uint64_t> LogicalElementCount(const ops::TensorDesc& desc);

// A zeroed buffer of desc.TotalTensorSizeInBytes bytes with logical element i (of ElementSize bytes in
// `logical`) stored at its strided offset. Logical elements sharing one buffer element (a 0 stride)
// must be bitwise equal; the error names both coordinates.
Result<std::vector<std::byte>> ScatterLogical(std::span<const std::byte> logical, const ops::TensorDesc& desc);

// The logical elements of `buffer`, packed in row-major order.
Result<std::vector<std::byte>> GatherLogical(std::span<const std::byte> buffer, const ops::TensorDesc& desc);

// Coordinate of logical element `index` in row-major order of `sizes`.
std::vector<uint32_t> CoordinateOf(uint64_t index, const std::vector<uint32_t>& sizes);
// "{0,1,2}"
std::string FormatCoordinate(const std::vector<uint32_t>& coordinate);

}  // namespace dmlc::app
