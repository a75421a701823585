// DirectML feature levels and the per-operator support tables ("Tensor support" in each spec page),
// kept as data: one SupportTable per operator (REDUCE: one per function group). The checks here answer
// (a) does a level accept these tensors, naming the rule when not, and (b) the lowest level that does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ops/data_type.h"
#include "ops/error.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops {

// Values are DML_FEATURE_LEVEL's (0x1000 = 1_0 ... 0x5100 = 5_1).
enum class FeatureLevel : uint32_t {
  k1_0 = 0x1000,
  k2_0 = 0x2000,
  k2_1 = 0x2100,
  k3_0 = 0x3000,
  k4_0 = 0x4000,
  k4_1 = 0x4100,
  k5_0 = 0x5000,
  k5_1 = 0x5100,
};
inline constexpr FeatureLevel kHighestFeatureLevel = FeatureLevel::k5_1;

std::string_view FeatureLevelName(FeatureLevel level);  // "5_1"
// Accepts "5_1", "5.1" and "DML_FEATURE_LEVEL_5_1".
std::optional<FeatureLevel> ParseFeatureLevel(std::string_view text);

// One row of a table: a tensor field, its dimension-count range and data types.
struct TensorSupport {
  std::string_view tensor;  // field name as in the desc: "InputTensors", "OutputTensor"
  uint32_t min_dimensions;
  uint32_t max_dimensions;
  DataTypeSet data_types;
};

// One "DML_FEATURE_LEVEL_X and above" table.
struct LevelSupport {
  FeatureLevel level;
  std::vector<TensorSupport> tensors;
};

// All tables of one operator (or REDUCE function group), ordered by ascending level. The operator was
// introduced at levels.front().level.
struct SupportTable {
  std::string_view name;  // "JOIN", "REDUCE (MIN, MAX)"
  std::vector<LevelSupport> levels;
};

// A tensor of a concrete desc, matched to a table row by `tensor`.
struct TensorUse {
  std::string_view tensor;  // table row: "InputTensors"
  std::string path;         // field path for messages: "InputTensors[1]"
  const TensorDesc* desc;
};

// Checks `uses` against the table that applies at `level` (the highest table <= level). The error names
// the field, the level and the rule ("InputTensor.DataType is FLOAT64, which REDUCE (SUM) supports from
// feature level 5_0; requested 4_1"). `subject` names the operator in messages ("REDUCE (SUM)"); empty
// means table.name. The error's scope is the subject's first word ("REDUCE"); its path is the tensor's
// ".Sizes" or ".DataType" (empty for an operator requested below its introduction level); its rule is
// "operator introduced at feature level", "supported dimension count" or "supported data type".
Status CheckSupport(const SupportTable& table, FeatureLevel level, const std::vector<TensorUse>& uses,
                    std::string_view subject = {});
// The lowest level whose table accepts `uses`; nullopt when none does.
std::optional<FeatureLevel> LowestSupportedLevel(const SupportTable& table,
                                                 const std::vector<TensorUse>& uses);

}  // namespace dmlc::ops
