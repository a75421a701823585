#include "tests/backends/plain/run_plain.h"

#include <gtest/gtest.h>

#include "backends/plain/plain_backend.h"

namespace dmlc::backends::testing {

Result<Timing> RunOnPlain(const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs,
                          const std::vector<Tensor*>& outputs) {
  const Status valid = ops::ValidateAt(desc, ops::kHighestFeatureLevel);
  EXPECT_TRUE(valid.ok()) << (valid.ok() ? "" : valid.error().ToString());
  plain::PlainBackend backend;
  EXPECT_TRUE(backend.Supports(desc).supported);
  Result<std::unique_ptr<PreparedOperator>> op = backend.Prepare(desc);
  if (!op.ok()) return op.error();
  std::vector<ConstBuffer> in;
  for (const Tensor* t : inputs) in.emplace_back(t->bytes);
  std::vector<MutableBuffer> out;
  for (Tensor* t : outputs) out.emplace_back(t->bytes);
  return (*op)->Execute(in, out);
}

}  // namespace dmlc::backends::testing
