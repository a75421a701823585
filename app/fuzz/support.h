// What a feature level's support tables allow, in the terms the generator draws from: a dimension-count
// range and data types in simplest-first order. Pure; thread-safe.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "ops/data_type.h"
#include "ops/feature_level.h"

namespace dmlc::app::fuzz {

// What a level's table allows for one or more tensors that share a dimension count and data type.
struct Allowance {
  uint32_t min_dimensions = 1;
  uint32_t max_dimensions = 0;  // < min_dimensions: nothing is allowed
  std::vector<ops::DataType> types;  // simplest first: FLOAT32 before FLOAT16, INT32 before INT64

  bool empty() const { return max_dimensions < min_dimensions || types.empty(); }
};

// The table in force at `level` (the last one at or below it); nullptr when the operator (or REDUCE
// function group) was introduced later.
const ops::LevelSupport* TableAt(const ops::SupportTable& table, ops::FeatureLevel level);

// The intersection of the rows of `tensors` in `table`: dimension counts and data types every one
// of them accepts. Empty when a row is missing.
Allowance Allow(const ops::LevelSupport& table, std::initializer_list<std::string_view> tensors);

// `allowance` with its dimension range narrowed to [low, high] (an operator's own rule).
Allowance NarrowDimensions(Allowance allowance, uint32_t low, uint32_t high);

// The types of `set` in simplest-first order.
std::vector<ops::DataType> SimplestFirst(const ops::DataTypeSet& set);

}  // namespace dmlc::app::fuzz
