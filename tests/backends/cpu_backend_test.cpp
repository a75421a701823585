// The cpu backend as the registry and the engine see it: registration, device info, Supports(), and
// buffer checks in Execute().
#include <gtest/gtest.h>

#include "backends/cpu/cpu_backend.h"
#include "backends/registry.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

TEST(CpuBackend, RegisteredAndCreatedWithThreads) {
  const BackendFactory* factory = BuiltinRegistry().Find("cpu");
  ASSERT_NE(factory, nullptr);
  Result<std::vector<DeviceInfo>> devices = factory->enumerate();
  ASSERT_TRUE(devices.ok());
  ASSERT_EQ(devices->size(), 1u);
  Result<std::unique_ptr<Backend>> backend = CreateBackend("cpu", BackendOptions{.threads = 3});
  ASSERT_TRUE(backend.ok());
  EXPECT_EQ((*backend)->Name(), "cpu");
  EXPECT_TRUE((*backend)->ThreadSafe());
  const DeviceInfo& info = (*backend)->Device();
  EXPECT_EQ(info.name, cpu::HostCpuModel() + " (3 threads)");
  ASSERT_GE(info.properties.size(), 2u);
  EXPECT_EQ(info.properties[1], (std::pair<std::string, std::string>{"threads", "3"}));
}

TEST(CpuBackend, RejectsUnknownDeviceAndNegativeThreads) {
  Result<std::unique_ptr<Backend>> r = CreateBackend("cpu", BackendOptions{.device = "7"});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().path, "--device");
  r = CreateBackend("cpu", BackendOptions{.threads = -1});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().path, "--threads");
  EXPECT_TRUE(CreateBackend("cpu", BackendOptions{.device = "0"}).ok());
}

// The reference runs whatever the model accepts; the engine validates each desc once, before any
// backend sees it, so Supports() does not validate again.
TEST(CpuBackend, SupportsWhatTheModelAcceptsWithoutValidatingAgain) {
  cpu::CpuBackend backend(1);
  ops::ReduceDesc sum{ops::ReduceFunction::kSum, Desc(DataType::kInt64, {2, 2}), Desc(DataType::kInt64, {1, 2}), {0}};
  ASSERT_TRUE(ops::ValidateAt(sum, ops::kHighestFeatureLevel).ok());
  EXPECT_TRUE(backend.Supports(sum).supported);
  ops::ReduceDesc average = sum;
  average.Function = ops::ReduceFunction::kAverage;
  average.InputTensor.DataType = average.OutputTensor.DataType = DataType::kFloat16;
  ASSERT_TRUE(ops::ValidateAt(average, ops::kHighestFeatureLevel).ok());
  EXPECT_TRUE(backend.Supports(average).supported);
}

TEST(CpuBackend, ShortBuffersAndWrongCountsAreErrorsNotAccesses) {
  cpu::CpuBackend backend(1);
  ops::JoinDesc join{{Desc(DataType::kFloat32, {2, 2})}, Desc(DataType::kFloat32, {2, 2}), 0};
  Result<std::unique_ptr<PreparedOperator>> op = backend.Prepare(join);
  ASSERT_TRUE(op.ok());
  std::vector<std::byte> in(16), out(12);
  std::vector<ConstBuffer> inputs = {in};
  std::vector<MutableBuffer> outputs = {out};
  Result<Timing> r = (*op)->Execute(inputs, outputs);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "JOIN output buffer 0 has 12 bytes but its tensor desc needs 16");
  r = (*op)->Execute({}, outputs);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "one buffer per binding");
}

TEST(CpuBackend, ExecuteReportsCpuTime) {
  Tensor in = MakeTensor(Desc(DataType::kFloat32, {4}), {1, 2, 3, 4});
  Tensor out = MakeOutput(Desc(DataType::kFloat32, {4}));
  ops::JoinDesc join{{in.desc}, out.desc, 0};
  Result<Timing> r = RunOnCpu(join, {&in}, {&out});
  ASSERT_TRUE(r.ok());
  EXPECT_GE(r->cpu_ms, 0.0);
  EXPECT_FALSE(r->gpu_ms.has_value());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{1, 2, 3, 4}));
}

}  // namespace
}  // namespace dmlc::backends::testing
