// Builders and error assertions shared by the ops tests.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "ops/error.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops::testing {

// A tensor (packed when `strides` is empty) with TotalTensorSizeInBytes filled in as the case loader
// does. Every test suite builds its descs with this.
inline TensorDesc Tensor(DataType type, std::vector<uint32_t> sizes, std::vector<uint32_t> strides = {}) {
  TensorDesc desc;
  desc.DataType = type;
  desc.Sizes = std::move(sizes);
  desc.Strides = std::move(strides);
  const Result<uint64_t> bytes = CalcBufferTensorSize(desc);
  desc.TotalTensorSizeInBytes = bytes.ok() ? *bytes : 0;
  return desc;
}

// The status (or result) failed with exactly this scope, path and rule.
template <class T>
::testing::AssertionResult Rejected(const Result<T>& status, const std::string& scope, const std::string& path,
                                    const std::string& rule) {
  if (status.ok()) return ::testing::AssertionFailure() << "accepted; expected " << path << " (" << rule << ")";
  const Error& e = status.error();
  if (e.scope != scope || e.path != path || e.rule != rule) {
    return ::testing::AssertionFailure() << "got scope '" << e.scope << "' path '" << e.path << "' rule '" << e.rule
                                         << "': " << e.ToString();
  }
  return ::testing::AssertionSuccess();
}

template <class T>
::testing::AssertionResult Accepted(const Result<T>& status) {
  if (status.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << status.error().ToString();
}

// One rejecting case of a table-driven validation test: a change to a valid desc, and the error's
// path and rule it must produce.
template <class Desc>
struct Mutation {
  const char* name;
  std::function<void(Desc&)> mutate;
  const char* path;
  const char* rule;
};

// `base` validates; each mutation of it is rejected by `validate` with scope, path and rule.
template <class Desc, class Validate>
void ExpectEachRejected(const Desc& base, const std::vector<Mutation<Desc>>& cases, Validate validate,
                        const std::string& scope) {
  ASSERT_TRUE(Accepted(validate(base)));
  for (const Mutation<Desc>& c : cases) {
    SCOPED_TRACE(c.name);
    Desc desc = base;
    c.mutate(desc);
    EXPECT_TRUE(Rejected(validate(desc), scope, c.path, c.rule));
  }
}

}  // namespace dmlc::ops::testing
