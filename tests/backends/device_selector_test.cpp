// The one --device rule (backends/device_selector.h), and every backend that has a device list taking it.
#include "backends/device_selector.h"

#include <gtest/gtest.h>

#include "backends/registry.h"

namespace dmlc::backends {
namespace {

const std::vector<std::string> kTwo = {"NVIDIA GeForce RTX 4090", "Microsoft Basic Render Driver"};

TEST(SelectDevice, EmptyIsTheFirstDigitsAnIndexAnythingElseANamePart) {
  EXPECT_EQ(*SelectDevice("d3d12", "", kTwo), 0u);
  EXPECT_EQ(*SelectDevice("d3d12", "1", kTwo), 1u);
  EXPECT_EQ(*SelectDevice("d3d12", "0", kTwo), 0u);
  EXPECT_EQ(*SelectDevice("d3d12", "Basic Render", kTwo), 1u);
  EXPECT_EQ(*SelectDevice("d3d12", "rtx", kTwo), 0u);  // ASCII case ignored
  EXPECT_EQ(*SelectDevice("d3d12", "o", kTwo), 0u);    // the first name that holds it
}

TEST(SelectDevice, AnUnknownIndexOrNameIsTheBackendsErrorListingItsDevices) {
  Result<size_t> index = SelectDevice("vulkan", "2", kTwo);
  ASSERT_FALSE(index.ok());
  EXPECT_EQ(index.error().scope, "vulkan");
  EXPECT_EQ(index.error().path, "--device");
  EXPECT_EQ(index.error().message, "no device with index 2");
  EXPECT_EQ(index.error().rule,
            "an index or a substring of a device's name; devices: 0: NVIDIA GeForce RTX 4090, 1: Microsoft Basic "
            "Render Driver");
  // Longer than any integer type: still "no such index", not an overflow to a valid one.
  EXPECT_FALSE(SelectDevice("vulkan", "184467440737095516161", kTwo).ok());
  Result<size_t> name = SelectDevice("vulkan", "Radeon", kTwo);
  ASSERT_FALSE(name.ok());
  EXPECT_EQ(name.error().message, "no device name contains 'Radeon'");
  EXPECT_FALSE(SelectDevice("vulkan", "", {}).ok());
}

// A digit in a single device's name never selects it: "1" is an index, and the one device is 0.
TEST(SelectDevice, DigitsAreAnIndexEvenWhereTheNameHoldsThem) {
  EXPECT_FALSE(SelectDevice("cpu", "1", {"AMD EPYC 9R14 1-Core (1 threads)"}).ok());
  EXPECT_EQ(*SelectDevice("cpu", "epyc", {"AMD EPYC 9R14 1-Core (1 threads)"}), 0u);
}

// cpu and plain, the backends every build has, take the rule through the registry.
TEST(SelectDevice, TheReferenceBackendsTakeIt) {
  for (const char* backend : {"cpu", "plain"}) {
    EXPECT_TRUE(CreateBackend(backend, BackendOptions{.device = "0"}).ok()) << backend;
    Result<std::unique_ptr<Backend>> one = CreateBackend(backend, BackendOptions{.device = "1"});
    ASSERT_FALSE(one.ok()) << backend;
    EXPECT_EQ(one.error().scope, backend);
    EXPECT_EQ(one.error().message, "no device with index 1");
    Result<std::unique_ptr<Backend>> name = CreateBackend(backend, BackendOptions{.device = "no such device"});
    ASSERT_FALSE(name.ok()) << backend;
    EXPECT_EQ(name.error().path, "--device");
  }
}

}  // namespace
}  // namespace dmlc::backends
