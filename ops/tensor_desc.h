// DML_BUFFER_TENSOR_DESC, with DirectML's field names, and the size arithmetic DirectML defines for it.
// Plain data: who builds one (the case loader) fills TotalTensorSizeInBytes with
// CalcBufferTensorSize() when the file leaves it out; ValidateTensorDesc() checks the rest.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ops/data_type.h"
#include "ops/error.h"

namespace dmlc::ops {

inline constexpr uint32_t kMaxDimensions = 8;

struct TensorDesc {
  // Qualified: the field shares the type's name, as DirectML's does.
  ops::DataType DataType = ops::DataType::kUnknown;
  uint32_t Flags = 0;                   // DML_TENSOR_FLAGS; only NONE and OWNED_BY_DML (1) exist
  std::vector<uint32_t> Sizes;          // DimensionCount == Sizes.size()
  std::vector<uint32_t> Strides;        // in elements; empty means packed row-major
  uint64_t TotalTensorSizeInBytes = 0;  // bytes the buffer spans
  uint32_t GuaranteedBaseOffsetAlignment = 0;

  uint32_t DimensionCount() const { return static_cast<uint32_t>(Sizes.size()); }
  bool operator==(const TensorDesc&) const = default;
};

// Row-major packed strides for sizes.
std::vector<uint32_t> PackedStrides(const std::vector<uint32_t>& sizes);
// Strides if given, else packed ones.
std::vector<uint32_t> EffectiveStrides(const TensorDesc& desc);
// True when the strides are absent or equal the packed ones.
bool IsPacked(const TensorDesc& desc);

// Product of Sizes; error on uint64 overflow.
Result<uint64_t> ElementCount(const std::vector<uint32_t>& sizes);
// DMLCalcBufferTensorSize: (offset of the last element + 1) * element size, rounded up to 4 bytes;
// 0 elements give 0. Overflow-checked.
Result<uint64_t> CalcBufferTensorSize(const TensorDesc& desc);

// Checks the rules every DML_BUFFER_TENSOR_DESC obeys: a known DataType, 1 to 8 dimensions, nonzero
// sizes, Strides with as many entries as Sizes, an element count that fits UINT (so packed strides
// do), TotalTensorSizeInBytes >= the computed size and a multiple of 4, GuaranteedBaseOffsetAlignment
// 0 or a power of two >= 16, Flags known. `path` prefixes field names in the error ("InputTensors[1]");
// the error's scope is "tensor" (operators re-scope it to themselves).
Status ValidateTensorDesc(const TensorDesc& desc, const std::string& path);

// "FLOAT32{2,3}" or "FLOAT32{2,3}/s{3,1}", for messages and listings.
std::string Describe(const TensorDesc& desc);
std::string FormatSizes(const std::vector<uint32_t>& sizes);  // "{2,3}"

}  // namespace dmlc::ops
