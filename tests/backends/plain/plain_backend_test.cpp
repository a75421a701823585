// The plain backend as the registry hands it out, and its buffer checks.
#include "backends/plain/plain_backend.h"

#include <gtest/gtest.h>

#include "backends/registry.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

TEST(PlainBackend, IsRegisteredWithOneDevice) {
  Result<std::unique_ptr<Backend>> backend = CreateBackend("plain", BackendOptions{});
  ASSERT_TRUE(backend.ok()) << backend.error().ToString();
  EXPECT_EQ((*backend)->Name(), "plain");
  EXPECT_TRUE((*backend)->ThreadSafe());
  EXPECT_FALSE(CreateBackend("plain", BackendOptions{.device = "7"}).ok());
  Result<std::vector<DeviceInfo>> devices = BuiltinRegistry().Find("plain")->enumerate();
  ASSERT_TRUE(devices.ok());
  EXPECT_EQ(devices->size(), 1u);
}

TEST(PlainBackend, ShortOrMissingBuffersAreErrors) {
  const ops::JoinDesc desc{{Desc(DataType::kInt32, {1, 2}), Desc(DataType::kInt32, {1, 3})},
                           Desc(DataType::kInt32, {1, 5}), 1};
  plain::PlainBackend backend;
  Result<std::unique_ptr<PreparedOperator>> op = backend.Prepare(desc);
  ASSERT_TRUE(op.ok());
  std::vector<std::byte> a(8), b(8), out(20);  // b holds 2 of its 3 elements
  std::vector<ConstBuffer> inputs = {a, b};
  std::vector<MutableBuffer> outputs = {out};
  Result<Timing> short_buffer = (*op)->Execute(inputs, outputs);
  ASSERT_FALSE(short_buffer.ok());
  EXPECT_EQ(short_buffer.error().message, "InputTensors[1] buffer has 8 bytes but its tensor desc needs 12");
  inputs.pop_back();
  Result<Timing> missing = (*op)->Execute(inputs, outputs);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "JOIN has no buffer for InputTensors[1]");
}

}  // namespace
}  // namespace dmlc::backends::testing
