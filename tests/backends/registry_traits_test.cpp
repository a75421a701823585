// Each built-in backend's traits, as its registry entry declares them: what the programs read instead of
// comparing names (backends/registry.h, BackendTraits).
#include <gtest/gtest.h>

#include "backends/registry.h"

namespace dmlc::backends {
namespace {

TEST(RegistryTraits, TheReferencesAreHostBackendsWithAWorkerPerCore) {
  for (const char* name : {"cpu", "plain"}) {
    const BackendTraits traits = TraitsOf(name);
    EXPECT_TRUE(traits.reference) << name;
    EXPECT_FALSE(traits.device) << name;
    EXPECT_EQ(traits.default_workers, 0) << name;
    EXPECT_EQ(traits.execution_flags, ops::kExecutionFlagNone) << name;
    EXPECT_FALSE(traits.HasMetacommands()) << name;
  }
  EXPECT_TRUE(TraitsOf("cpu").benchmarked_by_default);
  EXPECT_FALSE(TraitsOf("plain").benchmarked_by_default);  // far slower: timed only when named
  EXPECT_EQ(BuiltinRegistry().Names([](const BackendTraits& t) { return t.reference; }),
            (std::vector<std::string>{"cpu", "plain"}));
}

TEST(RegistryTraits, DevicesGetFourWorkersAndOnlyDirectmlHonoursExecutionFlags) {
  for (const char* name : {"vulkan", "d3d12", "directml"}) {
    if (BuiltinRegistry().Find(name) == nullptr) continue;  // not in this build
    const BackendTraits traits = TraitsOf(name);
    EXPECT_FALSE(traits.reference) << name;
    EXPECT_TRUE(traits.device) << name;
    EXPECT_EQ(traits.default_workers, 4) << name;
    EXPECT_TRUE(traits.benchmarked_by_default) << name;
    EXPECT_EQ(traits.HasMetacommands(), std::string(name) == "directml") << name;
  }
  if (BuiltinRegistry().Find("directml") != nullptr) {
    EXPECT_EQ(TraitsOf("directml").execution_flags, ops::kAllExecutionFlags);
  }
}

TEST(RegistryTraits, ANameNotRegisteredGetsADevicesDefaults) {
  const BackendTraits traits = TraitsOf("no-such-backend");
  EXPECT_FALSE(traits.reference);
  EXPECT_TRUE(traits.device);
  EXPECT_EQ(traits.default_workers, 4);
}

}  // namespace
}  // namespace dmlc::backends
