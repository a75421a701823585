#include "app/case/layout.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace dmlc::app {
namespace {

// Calls fn(logical_index, element_offset) for every logical element in row-major order, where
// element_offset is in elements. Stops at the first error fn returns.
template <class Fn>
Status ForEachElement(const ops::TensorDesc& desc, uint64_t count, Fn&& fn) {
  const std::vector<uint32_t> strides = ops::EffectiveStrides(desc);
  const size_t rank = desc.Sizes.size();
  std::vector<uint32_t> coordinate(rank, 0);
  uint64_t offset = 0;
  for (uint64_t i = 0; i < count; ++i) {
    DMLC_RETURN_IF_ERROR(fn(i, offset));
    // Odometer step: bump the last dimension, carrying into earlier ones.
    for (size_t d = rank; d-- > 0;) {
      if (++coordinate[d] < desc.Sizes[d]) {
        offset += strides[d];
        break;
      }
      offset -= static_cast<uint64_t>(strides[d]) * (desc.Sizes[d] - 1);
      coordinate[d] = 0;
    }
  }
  return OkStatus();
}

}  // namespace

Status CheckLayout(const ops::TensorDesc& desc) {
  const uint32_t size = ops::ElementSize(desc.DataType);
  if (size == 0) return MakeError("case", "DataType", "the tensor's DataType is unknown", "DataType must be known");
  if (!desc.Strides.empty() && desc.Strides.size() != desc.Sizes.size()) {
    return MakeError("case", "Strides", "Strides has " + std::to_string(desc.Strides.size()) +
                     " entries for " + std::to_string(desc.Sizes.size()) + " Sizes",
                     "Strides has one entry per dimension");
  }
  if (desc.TotalTensorSizeInBytes > kMaxMaterializedBytes) {
    return MakeError("case", "TotalTensorSizeInBytes",
                     "TotalTensorSizeInBytes " + std::to_string(desc.TotalTensorSizeInBytes) +
                         " is more than this tool materializes (" + std::to_string(kMaxMaterializedBytes) + ")",
                     "buffers up to 4 GiB");
  }
  return OkStatus();
}

uint64_t SpannedElements(const ops::TensorDesc& desc) {
  const std::vector<uint32_t> strides = ops::EffectiveStrides(desc);
  uint64_t last = 0;
  for (size_t d = 0; d < desc.Sizes.size(); ++d) {
    if (desc.Sizes[d] == 0) return 0;
    last += static_cast<uint64_t>(desc.Sizes[d] - 1) * strides[d];
  }
  return last + 1;
}

namespace {

Error OutsideBuffer(const ops::TensorDesc& desc, uint64_t index, uint64_t offset) {
  return MakeError("case", "TotalTensorSizeInBytes",
                   "element " + FormatCoordinate(CoordinateOf(index, desc.Sizes)) + " at element offset " +
                       std::to_string(offset) + " lies outside the " + std::to_string(desc.TotalTensorSizeInBytes) +
                       "-byte buffer",
                   "TotalTensorSizeInBytes covers every element");
}

}  // namespace

Result<uint64_t> LogicalElementCount(const ops::TensorDesc& desc) {
  Result<uint64_t> count = ops::ElementCount(desc.Sizes);
  if (!count.ok()) return count.error();
  if (*count > kMaxLogicalElements) {
    return MakeError("case", "Sizes", ops::FormatSizes(desc.Sizes) + " has " + std::to_string(*count) +
                     " elements, more than this tool materializes (" + std::to_string(kMaxLogicalElements) + ")",
                     "at most 2^28 elements");
  }
  return *count;
}

Result<std::vector<std::byte>> ScatterLogical(std::span<const std::byte> logical, const ops::TensorDesc& desc) {
  DMLC_RETURN_IF_ERROR(CheckLayout(desc));
  Result<uint64_t> count = LogicalElementCount(desc);
  if (!count.ok()) return count.error();
  const uint32_t size = ops::ElementSize(desc.DataType);
  if (logical.size() != *count * size) {
    return MakeError("case", "", "got " + std::to_string(logical.size() / size) + " elements for " +
                     ops::FormatSizes(desc.Sizes) + ", which has " + std::to_string(*count),
                     "one value per logical element");
  }
  std::vector<std::byte> buffer(desc.TotalTensorSizeInBytes);
  const uint64_t slots = desc.TotalTensorSizeInBytes / size;
  // Which logical element wrote each buffer element, to check aliases; packed layouts cannot alias.
  constexpr uint64_t kUnwritten = std::numeric_limits<uint64_t>::max();
  std::vector<uint64_t> writer(ops::IsPacked(desc) ? 0 : slots, kUnwritten);
  Status status = ForEachElement(desc, *count, [&](uint64_t i, uint64_t offset) -> Status {
    if (offset >= slots) return OutsideBuffer(desc, i, offset);
    const std::byte* src = logical.data() + i * size;
    std::byte* dst = buffer.data() + offset * size;
    if (!writer.empty()) {
      if (writer[offset] != kUnwritten && std::memcmp(dst, src, size) != 0) {
        return MakeError("case", "",
                         "elements " + FormatCoordinate(CoordinateOf(writer[offset], desc.Sizes)) + " and " +
                             FormatCoordinate(CoordinateOf(i, desc.Sizes)) + " share buffer element " +
                             std::to_string(offset) + " but have different values",
                         "logical elements that alias one buffer element must agree");
      }
      writer[offset] = i;
    }
    std::memcpy(dst, src, size);
    return OkStatus();
  });
  if (!status.ok()) return status.error();
  return buffer;
}

Result<std::vector<std::byte>> GatherLogical(std::span<const std::byte> buffer, const ops::TensorDesc& desc) {
  DMLC_RETURN_IF_ERROR(CheckLayout(desc));
  Result<uint64_t> count = LogicalElementCount(desc);
  if (!count.ok()) return count.error();
  const uint32_t size = ops::ElementSize(desc.DataType);
  const uint64_t slots = buffer.size() / size;
  std::vector<std::byte> logical(*count * size);
  Status status = ForEachElement(desc, *count, [&](uint64_t i, uint64_t offset) -> Status {
    if (offset >= slots) return OutsideBuffer(desc, i, offset);
    std::memcpy(logical.data() + i * size, buffer.data() + offset * size, size);
    return OkStatus();
  });
  if (!status.ok()) return status.error();
  return logical;
}

std::vector<uint32_t> CoordinateOf(uint64_t index, const std::vector<uint32_t>& sizes) {
  std::vector<uint32_t> coordinate(sizes.size(), 0);
  for (size_t d = sizes.size(); d-- > 0;) {
    if (sizes[d] == 0) continue;
    coordinate[d] = static_cast<uint32_t>(index % sizes[d]);
    index /= sizes[d];
  }
  return coordinate;
}

std::string FormatCoordinate(const std::vector<uint32_t>& coordinate) {
  std::string out = "{";
  for (size_t i = 0; i < coordinate.size(); ++i) {
    if (i > 0) out += ",";
    out += std::to_string(coordinate[i]);
  }
  return out + "}";
}

}  // namespace dmlc::app
