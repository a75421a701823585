// When a process under Wine is told to set VKD3D_CONFIG=virtual_heaps, and how the option is read.
#include "backends/d3d12/wine_heaps.h"

#include <gtest/gtest.h>

namespace dmlc::backends::d3d12 {
namespace {

TEST(WineHeaps, VirtualHeapsIsFoundAmongVkd3dsSeparators) {
  struct Row {
    const char* config;
    bool names;
  };
  for (const Row& row : {Row{"virtual_heaps", true}, Row{"vk_debug,virtual_heaps", true},
                         Row{"virtual_heaps;vk_debug", true}, Row{"vk_debug virtual_heaps", true},
                         Row{"vk_debug\tvirtual_heaps,", true}, Row{"", false}, Row{"vk_debug", false},
                         Row{"virtual_heaps2", false}, Row{"no_virtual_heaps", false}, Row{"virtual", false}}) {
    EXPECT_EQ(NamesVirtualHeaps(row.config), row.names) << "VKD3D_CONFIG=" << row.config;
  }
}

TEST(WineHeaps, OnlyWineWithoutTheOptionIsWarned) {
  EXPECT_EQ(WineHeapWarning("", ""), std::nullopt);  // Windows, WSL: vkd3d is not there
  EXPECT_EQ(WineHeapWarning("8.0", "vk_debug,virtual_heaps"), std::nullopt);
  const std::optional<std::string> warning = WineHeapWarning("8.0", "vk_debug");
  ASSERT_TRUE(warning.has_value());
  EXPECT_EQ(*warning,
            "d3d12: under Wine 8.0, vkd3d's first shader-visible descriptor heap costs seconds in each process "
            "(more on lavapipe); VKD3D_CONFIG=virtual_heaps avoids that (scripts/fetch_runtimes.sh exports it)");
}

TEST(WineHeaps, WineVersionIsEmptyOffWine) {
  // Under Wine (CI's Windows part) ntdll names its version; elsewhere there is none.
  const std::string version = WineVersion();
#ifdef _WIN32
  if (version.empty()) GTEST_SKIP() << "not under Wine";
  EXPECT_NE(version.find('.'), std::string::npos) << version;
#else
  EXPECT_EQ(version, "");
#endif
}

}  // namespace
}  // namespace dmlc::backends::d3d12
