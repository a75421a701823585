// Runs a desc on the plain backend, as test_tensor.h's RunOnCpu does on cpu.
#pragma once

#include <vector>

#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {

// Validates `desc` at 5_1 (a test's own desc must be valid), prepares it on a plain backend and runs
// it. Tensors are in ops::Bindings() order.
Result<Timing> RunOnPlain(const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs,
                          const std::vector<Tensor*>& outputs);

}  // namespace dmlc::backends::testing
