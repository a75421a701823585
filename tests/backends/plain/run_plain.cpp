#include "tests/backends/plain/run_plain.h"

#include <gtest/gtest.h>

#include "backends/plain/plain_backend.h"

namespace dmlc::backends::testing {

Result<Timing> RunOnPlain(const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs,
                          const std::vector<Tensor*>& outputs) {
  plain::PlainBackend backend;
  return RunOn(backend, desc, inputs, outputs);
}

}  // namespace dmlc::backends::testing
