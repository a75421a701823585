#include "app/fuzz/support.h"

#include <algorithm>

namespace dmlc::app::fuzz {
namespace {

// Shrinking lowers draws, so the first type is the one a minimal case should show: the common float,
// then the other floats, then integers from the usual 32-bit ones outwards.
constexpr ops::DataType kSimplestFirst[] = {
    ops::DataType::kFloat32, ops::DataType::kFloat16, ops::DataType::kFloat64, ops::DataType::kInt32,
    ops::DataType::kUint32,  ops::DataType::kInt16,   ops::DataType::kUint16,  ops::DataType::kInt8,
    ops::DataType::kUint8,   ops::DataType::kInt64,   ops::DataType::kUint64};

const ops::TensorSupport* FindRow(const ops::LevelSupport& table, std::string_view tensor) {
  for (const ops::TensorSupport& row : table.tensors) {
    if (row.tensor == tensor) return &row;
  }
  return nullptr;
}

}  // namespace

const ops::LevelSupport* TableAt(const ops::SupportTable& table, ops::FeatureLevel level) {
  const ops::LevelSupport* applicable = nullptr;
  for (const ops::LevelSupport& candidate : table.levels) {
    if (candidate.level <= level) applicable = &candidate;
  }
  return applicable;
}

std::vector<ops::DataType> SimplestFirst(const ops::DataTypeSet& set) {
  std::vector<ops::DataType> out;
  for (ops::DataType type : kSimplestFirst) {
    if (set.Contains(type)) out.push_back(type);
  }
  return out;
}

Allowance Allow(const ops::LevelSupport& table, std::initializer_list<std::string_view> tensors) {
  Allowance allowance{1, ops::kMaxDimensions, std::vector<ops::DataType>(std::begin(kSimplestFirst),
                                                                         std::end(kSimplestFirst))};
  for (std::string_view tensor : tensors) {
    const ops::TensorSupport* row = FindRow(table, tensor);
    if (row == nullptr) return Allowance{1, 0, {}};
    allowance.min_dimensions = std::max(allowance.min_dimensions, row->min_dimensions);
    allowance.max_dimensions = std::min(allowance.max_dimensions, row->max_dimensions);
    std::erase_if(allowance.types, [row](ops::DataType type) { return !row->data_types.Contains(type); });
  }
  return allowance;
}

Allowance NarrowDimensions(Allowance allowance, uint32_t low, uint32_t high) {
  allowance.min_dimensions = std::max(allowance.min_dimensions, low);
  allowance.max_dimensions = std::min(allowance.max_dimensions, high);
  return allowance;
}

}  // namespace dmlc::app::fuzz
