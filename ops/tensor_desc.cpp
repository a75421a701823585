#include "ops/tensor_desc.h"

#include <limits>

#include "ops/rule_book.h"

namespace dmlc::ops {
namespace {

constexpr std::string_view kScope = "tensor";
constexpr uint32_t kFlagOwnedByDml = 1;

Error OverflowError(const std::string& what) {
  return RuleError(std::string(kScope), "", what + " overflows 64 bits", rule_book::kTensorArithmetic);
}

}  // namespace

std::vector<uint32_t> PackedStrides(const std::vector<uint32_t>& sizes) {
  std::vector<uint32_t> strides(sizes.size());
  // Computed in 64 bits and narrowed: ValidateTensorDesc() guarantees the element count fits UINT,
  // so every packed stride does too.
  uint64_t stride = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = static_cast<uint32_t>(stride);
    stride *= sizes[i];
  }
  return strides;
}

std::vector<uint32_t> EffectiveStrides(const TensorDesc& desc) {
  return desc.Strides.empty() ? PackedStrides(desc.Sizes) : desc.Strides;
}

bool IsPacked(const TensorDesc& desc) { return desc.Strides.empty() || desc.Strides == PackedStrides(desc.Sizes); }

Result<uint64_t> ElementCount(const std::vector<uint32_t>& sizes) {
  uint64_t count = 1;
  for (uint32_t size : sizes) {
    if (__builtin_mul_overflow(count, uint64_t{size}, &count)) return OverflowError("element count");
  }
  return count;
}

Result<uint64_t> CalcBufferTensorSize(const TensorDesc& desc) {
  const uint32_t element_size = ElementSize(desc.DataType);
  if (element_size == 0) {
    return RuleError(std::string(kScope), "DataType", "DataType is unknown", rule_book::kTensorDataType);
  }
  if (!desc.Strides.empty() && desc.Strides.size() != desc.Sizes.size()) {
    return RuleError(std::string(kScope), "Strides",
                     "Strides has " + std::to_string(desc.Strides.size()) + " entries but Sizes has " +
                         std::to_string(desc.Sizes.size()),
                     rule_book::kTensorStridesCount);
  }
  const std::vector<uint32_t> strides = EffectiveStrides(desc);
  uint64_t last_index = 0;
  for (size_t i = 0; i < desc.Sizes.size(); ++i) {
    if (desc.Sizes[i] == 0) return uint64_t{0};  // no elements, no bytes
    uint64_t term = 0;
    if (__builtin_mul_overflow(uint64_t{desc.Sizes[i] - 1}, uint64_t{strides[i]}, &term) ||
        __builtin_add_overflow(last_index, term, &last_index)) {
      return OverflowError("offset of the last element");
    }
  }
  uint64_t bytes = 0;
  if (__builtin_add_overflow(last_index, uint64_t{1}, &bytes) ||
      __builtin_mul_overflow(bytes, uint64_t{element_size}, &bytes) ||
      __builtin_add_overflow(bytes, uint64_t{3}, &bytes)) {
    return OverflowError("buffer size");
  }
  return bytes & ~uint64_t{3};
}

Status ValidateTensorDesc(const TensorDesc& desc, const std::string& path) {
  const std::string scope(kScope);
  const std::string prefix = path.empty() ? "" : path + ".";
  if (ElementSize(desc.DataType) == 0) {
    return RuleError(scope, prefix + "DataType",
                     prefix + "DataType is " + std::to_string(static_cast<int>(desc.DataType)),
                     rule_book::kTensorDataType);
  }
  if ((desc.Flags & ~kFlagOwnedByDml) != 0) {
    return RuleError(scope, prefix + "Flags", prefix + "Flags is " + std::to_string(desc.Flags),
                     rule_book::kTensorFlags);
  }
  if (desc.Sizes.empty() || desc.Sizes.size() > kMaxDimensions) {
    return RuleError(scope, prefix + "Sizes", prefix + "Sizes has " + std::to_string(desc.Sizes.size()) + " dimensions",
                     rule_book::kTensorDimensionCount);
  }
  for (size_t i = 0; i < desc.Sizes.size(); ++i) {
    if (desc.Sizes[i] == 0) {
      const std::string field = prefix + "Sizes[" + std::to_string(i) + "]";
      return RuleError(scope, field, field + " is 0", rule_book::kTensorSizesNonzero);
    }
  }
  if (!desc.Strides.empty() && desc.Strides.size() != desc.Sizes.size()) {
    return RuleError(scope, prefix + "Strides",
                     prefix + "Strides has " + std::to_string(desc.Strides.size()) + " entries but " + prefix +
                         "Sizes has " + std::to_string(desc.Sizes.size()),
                     rule_book::kTensorStridesCount);
  }
  Result<uint64_t> count = ElementCount(desc.Sizes);
  if (!count.ok() || *count > std::numeric_limits<uint32_t>::max()) {
    return RuleError(scope, prefix + "Sizes",
                     prefix + "Sizes " + FormatSizes(desc.Sizes) + " has more than 2^32-1 elements",
                     rule_book::kTensorElementCount);
  }
  Result<uint64_t> needed = CalcBufferTensorSize(desc);
  if (!needed.ok()) {
    Error e = needed.error();
    e.path = prefix + "Strides";
    return e;
  }
  const std::string total = prefix + "TotalTensorSizeInBytes";
  if (desc.TotalTensorSizeInBytes < *needed) {
    return RuleError(scope, total,
                     total + " is " + std::to_string(desc.TotalTensorSizeInBytes) + " but the sizes and strides need " +
                         std::to_string(*needed),
                     rule_book::kTensorTotalSize);
  }
  if (desc.TotalTensorSizeInBytes % 4 != 0) {
    return RuleError(scope, total, total + " is " + std::to_string(desc.TotalTensorSizeInBytes),
                     rule_book::kTensorTotalSizeMultipleOf4);
  }
  const uint32_t align = desc.GuaranteedBaseOffsetAlignment;
  if (align != 0 && (align < 16 || (align & (align - 1)) != 0)) {
    const std::string field = prefix + "GuaranteedBaseOffsetAlignment";
    return RuleError(scope, field, field + " is " + std::to_string(align),
                     rule_book::kTensorBaseAlignment);
  }
  return OkStatus();
}

std::string FormatSizes(const std::vector<uint32_t>& sizes) {
  std::string out = "{";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i > 0) out += ",";
    out += std::to_string(sizes[i]);
  }
  return out + "}";
}

std::string Describe(const TensorDesc& desc) {
  std::string out = std::string(DataTypeName(desc.DataType)) + FormatSizes(desc.Sizes);
  if (!desc.Strides.empty()) out += "/s" + FormatSizes(desc.Strides);
  return out;
}

}  // namespace dmlc::ops
