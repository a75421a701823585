// What the model says about a loaded case before anything runs: the feature level it is checked at,
// whether --feature-level rules it out, and whether the desc is rejected. Shared by `run`, `list` and
// `validate`, so all three decide alike. Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/case/test_case.h"
#include "ops/error.h"
#include "ops/feature_level.h"

namespace dmlc::app {

struct DescCheck {
  // The level the case is checked at: its "featureLevel", else the lowest its desc needs; nullopt when
  // skipped or rejected before one could be chosen.
  std::optional<ops::FeatureLevel> level;
  std::optional<std::string> skip_reason;  // needs more than the --feature-level cap
  std::optional<Error> rejection;          // ops::Validate() or ops::SupportedAt(level) said no
  // ops::Validate() said no: the spec forbids the desc at every level (a support-table rejection is
  // not this: a later level or another implementation may take it).
  bool forbidden = false;
};

// `cap` is --feature-level (nullopt: none). Order: a case level above the cap skips; then Validate();
// then the lowest level the desc needs (above the cap skips); then the support table of that level. The desc is validated once.
DescCheck CheckDesc(const TestCase& test_case, std::optional<ops::FeatureLevel> cap);

// The distinct data types of a desc's tensors in binding order: {"FLOAT32", "UINT32"}.
std::vector<std::string> DataTypeNames(const ops::OperatorDesc& desc);

}  // namespace dmlc::app
