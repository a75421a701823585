// GATHER_ND1 index tuples out of range, each with what DirectML 1.15.4 returned for it, run under Wine on
// lavapipe with `dml-conform run --dump-dir` (docs/semantics.md, "Answers DirectML decides"). The reference
// backends (cpu, plain) must give the same. Inputs are FLOAT32 holding 1, 2, 3, ... in logical order,
// with zeros in stride gaps and the tail, as the case loader uploaded them to DirectML.
#pragma once

#include <string>
#include <vector>

#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {

struct GatherClampCase {
  std::string name;
  Tensor input;
  Tensor indices;
  ops::GatherNd1Desc desc;
  std::vector<double> directml;  // the output DirectML 1.15.4 computed
};

std::vector<GatherClampCase> GatherClampCases();

}  // namespace dmlc::backends::testing
