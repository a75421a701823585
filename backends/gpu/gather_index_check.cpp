#include "backends/gpu/gather_index_check.h"

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace dmlc::backends::gpu {
namespace {

template <class I>
bool Resolve(I raw, uint64_t size) {
  if constexpr (std::is_signed_v<I>) {
    const int64_t v = raw < 0 ? int64_t{raw} + static_cast<int64_t>(size) : int64_t{raw};
    return v >= 0 && static_cast<uint64_t>(v) < size;
  } else {
    return uint64_t{raw} < size;
  }
}

template <class I>
Status Check(const ops::GatherNd1Desc& desc, std::span<const std::byte> bytes) {
  const ops::TensorDesc& idx = desc.IndicesTensor;
  const ops::TensorDesc& in = desc.InputTensor;
  const uint32_t rank = idx.DimensionCount();
  const uint32_t first = rank - desc.IndicesDimensionCount;
  const uint32_t in_indexed = rank - desc.InputDimensionCount + desc.BatchDimensionCount;
  const std::vector<uint32_t> strides = ops::EffectiveStrides(idx);
  std::vector<uint32_t> coord(rank, 0);  // leading dimensions stay 0; the walk covers [first, rank)
  while (true) {
    uint64_t base = 0;
    for (uint32_t d = first; d + 1 < rank; ++d) base += uint64_t{coord[d]} * strides[d];
    for (uint32_t t = 0; t < idx.Sizes[rank - 1]; ++t) {
      const uint64_t at = (base + uint64_t{t} * strides[rank - 1]) * sizeof(I);
      if (at + sizeof(I) > bytes.size()) {
        return MakeError("GATHER_ND1", "IndicesTensor", "index element beyond the buffer", "buffer holds the tensor");
      }
      I raw;
      std::memcpy(&raw, bytes.data() + at, sizeof(I));
      const uint32_t dim = in_indexed + t;
      if (!Resolve(raw, in.Sizes[dim])) {
        coord[rank - 1] = t;
        std::string path = "IndicesTensor[";
        for (uint32_t d = 0; d < rank; ++d) path += (d ? "," : "") + std::to_string(coord[d]);
        path += "]";
        const std::string range = std::is_signed_v<I> ? "[-size, size-1]" : "[0, size-1]";
        return MakeError("GATHER_ND1", path,
                         path + " is " + std::to_string(raw) + " but InputTensor dimension " + std::to_string(dim) +
                             " has size " + std::to_string(in.Sizes[dim]),
                         "indices lie in " + range + " of the dimension they address");
      }
    }
    // Row-major increment over the outer dimensions [first, rank - 1).
    uint32_t d = rank - 1;
    while (d > first && ++coord[d - 1] == idx.Sizes[d - 1]) coord[--d] = 0;
    if (d == first) return OkStatus();
  }
}

}  // namespace

Status CheckGatherIndices(const ops::GatherNd1Desc& desc, std::span<const std::byte> indices) {
  switch (desc.IndicesTensor.DataType) {
    case ops::DataType::kInt32: return Check<int32_t>(desc, indices);
    case ops::DataType::kUint32: return Check<uint32_t>(desc, indices);
    case ops::DataType::kInt64: return Check<int64_t>(desc, indices);
    case ops::DataType::kUint64: return Check<uint64_t>(desc, indices);
    default:
      return MakeError("GATHER_ND1", "IndicesTensor.DataType", "indices are not INT32, UINT32, INT64 or UINT64",
                       "a validated desc");
  }
}

}  // namespace dmlc::backends::gpu
