// The invariant check aborts with file:line, the condition and the message, and builds the message only
// when it fails; the error-return macro adds context on the way out and only then.
#include "ops/check.h"

#include <gtest/gtest.h>

#include "ops/error.h"

namespace dmlc {
namespace {

TEST(CheckDeathTest, AbortsNamingFileLineConditionAndMessage) {
  const int size = 3;
  EXPECT_DEATH(DMLC_CHECK(size > 4) << "size " << size << " is too small",
               "check_test.cpp:.+ check failed: size > 4: size 3 is too small");
  EXPECT_DEATH(DMLC_CHECK(false), "check_test.cpp:.+ check failed: false\n");
}

TEST(Check, PassingCheckEvaluatesNoMessage) {
  int evaluated = 0;
  DMLC_CHECK(true) << ++evaluated;
  EXPECT_EQ(evaluated, 0);
}

Status Failing() { return MakeError("npy", "", "cannot write out.npy"); }
Status Passing() { return OkStatus(); }

Status Dump(Status (*write)(), int& contexts) {
  DMLC_RETURN_IF_ERROR_WITH(write(), (++contexts, "dumping OutputTensor of a/b"));
  return OkStatus();
}

TEST(ReturnIfErrorWith, PrefixesTheMessageOnlyOnFailure) {
  int contexts = 0;
  const Status failed = Dump(Failing, contexts);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().ToString(), "npy: dumping OutputTensor of a/b: cannot write out.npy");
  EXPECT_EQ(contexts, 1);
  EXPECT_TRUE(Dump(Passing, contexts).ok());
  EXPECT_EQ(contexts, 1);
}

}  // namespace
}  // namespace dmlc
