// Adapter selection by --device and driver version formatting; and, where no D3D12 runtime exists,
// the backend reporting itself unavailable instead of failing.
#include "backends/d3d12/adapters.h"

#include <gtest/gtest.h>

#include "backends/d3d12/shared_library.h"
#include "backends/registry.h"

namespace dmlc::backends::d3d12 {
namespace {

std::vector<Adapter> TwoAdapters() {
  std::vector<Adapter> adapters(2);
  adapters[0].name = "NVIDIA GeForce RTX 4090";
  adapters[1].name = "Microsoft Basic Render Driver";
  adapters[1].software = true;
  return adapters;
}

TEST(SelectAdapter, EmptyPicksTheFirst) {
  Result<size_t> index = SelectAdapter(TwoAdapters(), "");
  ASSERT_TRUE(index.ok());
  EXPECT_EQ(*index, 0u);
}

TEST(SelectAdapter, ByIndexAndByNameSubstring) {
  EXPECT_EQ(*SelectAdapter(TwoAdapters(), "1"), 1u);
  EXPECT_EQ(*SelectAdapter(TwoAdapters(), "0"), 0u);
  EXPECT_EQ(*SelectAdapter(TwoAdapters(), "Basic Render"), 1u);
  EXPECT_EQ(*SelectAdapter(TwoAdapters(), "RTX"), 0u);
}

// The rule itself is device_selector_test.cpp's; an adapter list takes it, as the d3d12 backend's error.
TEST(SelectAdapter, UnknownIndexIsTheD3d12BackendsError) {
  Result<size_t> index = SelectAdapter(TwoAdapters(), "2");
  ASSERT_FALSE(index.ok());
  EXPECT_EQ(index.error().scope, "d3d12");
  EXPECT_EQ(index.error().path, "--device");
  EXPECT_FALSE(SelectAdapter({}, "").ok());
}

TEST(DriverVersionString, FourSixteenBitParts) {
  EXPECT_EQ(DriverVersionString(0x001F00000F000E27ull), "31.0.3840.3623");
  EXPECT_EQ(DriverVersionString(0), "0.0.0.0");
}

#ifndef _WIN32
// Linux outside WSL has no libd3d12.so: listed, but unavailable with the loader's reason.
TEST(D3D12Registration, UnavailableWithoutTheRuntime) {
  const BackendFactory* factory = BuiltinRegistry().Find("d3d12");
  ASSERT_NE(factory, nullptr);
  if (SharedLibrary::Open({"libd3d12.so", "/usr/lib/wsl/lib/libd3d12.so"}).ok()) GTEST_SKIP() << "a WSL runtime is present";
  Result<std::vector<DeviceInfo>> devices = factory->enumerate();
  ASSERT_FALSE(devices.ok());
  EXPECT_NE(devices.error().message.find("cannot load libd3d12.so"), std::string::npos) << devices.error().message;
  Result<std::unique_ptr<Backend>> backend = CreateBackend("d3d12", BackendOptions{});
  ASSERT_FALSE(backend.ok());
  EXPECT_EQ(backend.error().scope, "d3d12");
}
#endif

}  // namespace
}  // namespace dmlc::backends::d3d12
