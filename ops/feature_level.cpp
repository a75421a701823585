#include "ops/feature_level.h"

#include "ops/rule_book.h"

namespace dmlc::ops {
namespace {

struct LevelName {
  FeatureLevel level;
  std::string_view name;
};
constexpr LevelName kLevels[] = {
    {FeatureLevel::k1_0, "1_0"}, {FeatureLevel::k2_0, "2_0"}, {FeatureLevel::k2_1, "2_1"}, {FeatureLevel::k3_0, "3_0"},
    {FeatureLevel::k4_0, "4_0"}, {FeatureLevel::k4_1, "4_1"}, {FeatureLevel::k5_0, "5_0"}, {FeatureLevel::k5_1, "5_1"},
};

std::string Name(FeatureLevel level) { return std::string(FeatureLevelName(level)); }

std::string DimensionRange(const TensorSupport& row) {
  if (row.min_dimensions == row.max_dimensions) return std::to_string(row.min_dimensions);
  return std::to_string(row.min_dimensions) + " to " + std::to_string(row.max_dimensions);
}

const TensorSupport* FindRow(const LevelSupport& table, std::string_view tensor) {
  for (const TensorSupport& row : table.tensors) {
    if (row.tensor == tensor) return &row;
  }
  return nullptr;
}

bool Accepts(const TensorSupport& row, const TensorDesc& desc) {
  const uint32_t dims = desc.DimensionCount();
  return dims >= row.min_dimensions && dims <= row.max_dimensions && row.data_types.Contains(desc.DataType);
}

// "REDUCE" from "REDUCE (SUM)": the error's scope is the operator, the message names the function.
std::string ScopeOf(std::string_view subject) { return std::string(subject.substr(0, subject.find(' '))); }

// The first level at or above `from` whose row for `tensor` satisfies `pred`; nullopt when none.
template <class Pred>
std::optional<FeatureLevel> FirstLevelWhere(const SupportTable& table, std::string_view tensor, Pred pred) {
  for (const LevelSupport& level : table.levels) {
    const TensorSupport* row = FindRow(level, tensor);
    if (row != nullptr && pred(*row)) return level.level;
  }
  return std::nullopt;
}

}  // namespace

std::string_view FeatureLevelName(FeatureLevel level) {
  for (const LevelName& entry : kLevels) {
    if (entry.level == level) return entry.name;
  }
  return "UNKNOWN";
}

std::optional<FeatureLevel> ParseFeatureLevel(std::string_view text) {
  constexpr std::string_view kPrefix = "DML_FEATURE_LEVEL_";
  if (text.starts_with(kPrefix)) text.remove_prefix(kPrefix.size());
  if (text.size() != 3 || (text[1] != '_' && text[1] != '.')) return std::nullopt;
  for (const LevelName& entry : kLevels) {
    if (entry.name[0] == text[0] && entry.name[2] == text[2]) return entry.level;
  }
  return std::nullopt;
}

Status CheckSupport(const SupportTable& table, FeatureLevel level, const std::vector<TensorUse>& uses,
                    std::string_view subject) {
  if (subject.empty()) subject = table.name;
  const std::string scope = ScopeOf(subject);
  const std::string who(subject);
  const FeatureLevel introduced = table.levels.front().level;
  if (level < introduced) {
    return RuleError(scope, "",
                     who + " was introduced in feature level " + Name(introduced) + "; requested " + Name(level),
                     rule_book::kOperatorIntroduced);
  }
  // Tables read "level X and above": the one that applies is the last whose level is <= the request.
  const LevelSupport* applicable = &table.levels.front();
  for (const LevelSupport& candidate : table.levels) {
    if (candidate.level <= level) applicable = &candidate;
  }
  for (const TensorUse& use : uses) {
    const TensorSupport* row = FindRow(*applicable, use.tensor);
    if (row == nullptr) {
      return MakeError(scope, use.path, who + " has no table row for " + std::string(use.tensor),
                       "every tensor has a table row");
    }
    const uint32_t dims = use.desc->DimensionCount();
    if (dims < row->min_dimensions || dims > row->max_dimensions) {
      std::string message = use.path + " has " + std::to_string(dims) + " dimensions; " + who + " at feature level " +
                            Name(level) + " supports " + DimensionRange(*row);
      const auto from = FirstLevelWhere(table, use.tensor, [dims](const TensorSupport& r) {
        return dims >= r.min_dimensions && dims <= r.max_dimensions;
      });
      if (from) message += " (" + std::to_string(dims) + " from feature level " + Name(*from) + ")";
      return RuleError(scope, use.path + ".Sizes", message, rule_book::kSupportedDimensionCount);
    }
    const DataType type = use.desc->DataType;
    if (!row->data_types.Contains(type)) {
      std::string message = use.path + ".DataType is " + std::string(DataTypeName(type)) + ", which " + who;
      const auto from =
          FirstLevelWhere(table, use.tensor, [type](const TensorSupport& r) { return r.data_types.Contains(type); });
      if (from) {
        message += " supports from feature level " + Name(*from) + "; requested " + Name(level);
      } else {
        message += " does not support at any feature level";
      }
      return RuleError(scope, use.path + ".DataType", message, rule_book::kSupportedDataType);
    }
  }
  return OkStatus();
}

std::optional<FeatureLevel> LowestSupportedLevel(const SupportTable& table, const std::vector<TensorUse>& uses) {
  for (const LevelSupport& level : table.levels) {
    bool all = true;
    for (const TensorUse& use : uses) {
      const TensorSupport* row = FindRow(level, use.tensor);
      all = all && row != nullptr && Accepts(*row, *use.desc);
    }
    if (all) return level.level;
  }
  return std::nullopt;
}

}  // namespace dmlc::ops
