// REDUCE rows with NaN in every place (and one without), one row per output element, and what DirectML
// 1.15.4 answered for them under Wine (docs/semantics.md, "Answers DirectML decides"). The reference
// backends must give the same; the admitted alternative propagates NaN instead. Header-only.
#pragma once

#include <limits>
#include <vector>

#include "ops/operator_desc.h"

namespace dmlc::backends::testing {

inline constexpr double kProbeNan = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kProbeInf = std::numeric_limits<double>::infinity();

// Six rows of four, row-major.
inline const std::vector<double> kDirectmlNanRows = {kProbeNan, kProbeNan, kProbeNan, kProbeNan,  //
                                                     kProbeNan, 1,         2,         kProbeNan,  //
                                                     1,         kProbeNan, 2,         kProbeNan,  //
                                                     2,         1,         kProbeNan, kProbeNan,  //
                                                     kProbeNan, -1,        kProbeInf, kProbeNan,  //
                                                     1,         2,         3,         4};

struct DirectmlNanAnswer {
  ops::ReduceFunction function;
  std::vector<double> outputs;  // one per row
};

inline const std::vector<DirectmlNanAnswer> kDirectmlNanAnswers = {
    {ops::ReduceFunction::kMax, {-kProbeInf, 2, 2, 2, kProbeInf, 4}},
    {ops::ReduceFunction::kMin, {kProbeInf, 1, 1, 1, -1, 1}},
    {ops::ReduceFunction::kArgMax, {0, 0, 2, 0, 0, 3}},
    {ops::ReduceFunction::kArgMin, {0, 0, 0, 1, 0, 0}}};

// The rows as the columns of a 4 x 6 input (reduced over axis 0: the same answers).
inline std::vector<double> DirectmlNanColumns() {
  std::vector<double> columns(24);
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 4; ++c) columns[c * 6 + r] = kDirectmlNanRows[r * 4 + c];
  }
  return columns;
}

}  // namespace dmlc::backends::testing
