#include "app/engine/case_checks.h"

#include <algorithm>

namespace dmlc::app {

DescCheck CheckDesc(const TestCase& c, std::optional<ops::FeatureLevel> cap) {
  DescCheck d;
  auto too_high = [&](ops::FeatureLevel needed, const char* why) {
    d.skip_reason = std::string(why) + " feature level " + std::string(ops::FeatureLevelName(needed)) +
                    "; --feature-level is " + std::string(ops::FeatureLevelName(*cap));
    return d;
  };
  if (c.feature_level && cap && *c.feature_level > *cap) return too_high(*c.feature_level, "the case asks for");
  if (Status valid = ops::Validate(c.desc); !valid.ok()) {
    d.rejection = LocateDescError(valid.error(), c.desc_fields, c.where);
    d.forbidden = true;
    return d;
  }
  std::optional<ops::FeatureLevel> level = c.feature_level;
  if (!level) {
    const std::optional<ops::FeatureLevel> lowest = ops::LowestFeatureLevel(c.desc);
    if (lowest && cap && *lowest > *cap) return too_high(*lowest, "its tensors need");
    // When no level accepts the desc, checking at the highest (or the cap) names the table rule.
    level = lowest.value_or(cap.value_or(ops::kHighestFeatureLevel));
  }
  d.level = level;
  if (Status at = ops::SupportedAt(c.desc, *level); !at.ok()) {
    d.rejection = LocateDescError(at.error(), c.desc_fields, c.where);
  }
  return d;
}

std::vector<std::string> DataTypeNames(const ops::OperatorDesc& desc) {
  std::vector<std::string> names;
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    std::string name(ops::DataTypeName(b.desc->DataType));
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
  }
  return names;
}

}  // namespace dmlc::app
