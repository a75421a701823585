#include "app/policy/run_tags.h"

#include <gtest/gtest.h>

#include "app/policy/tag_set.h"

namespace dmlc::app::policy {
namespace {

TEST(RunTags, TagValueAndDriverVersionFromRealStrings) {
  EXPECT_EQ(TagValue("llvmpipe (LLVM 15.0.6, 256 bits)"), "llvmpipe-llvm-15.0.6-256-bits");
  EXPECT_EQ(TagValue("NVIDIA GeForce RTX 4090"), "nvidia-geforce-rtx-4090");
  EXPECT_EQ(TagValue("  Microsoft Basic Render Driver "), "microsoft-basic-render-driver");
  EXPECT_EQ(TagValue("6_2"), "6_2");
  EXPECT_EQ(DriverVersion("llvmpipe Mesa 25.0.7 (driverVersion 0.0.1)"), "25.0.7");
  EXPECT_EQ(DriverVersion("31.0.15.3623"), "31.0.15.3623");
  EXPECT_EQ(DriverVersion("build 42, then 7"), "42");
  EXPECT_EQ(DriverVersion("none."), "");
}

TEST(RunTags, DerivedFromTheContextWithGivenTagsOver) {
  RunContext c;
  c.backend = "directml";
  c.device = "llvmpipe (LLVM 15.0.6, 256 bits)";
  c.driver = "31.0.15.3623";
  c.feature_level = "highest";
  const RunTags tags = DeriveRunTags(c, {{"runtime", "wine-vkd3d-1.6"}});
#ifdef _WIN32
  const std::string os = "windows";
#else
  const std::string os = "linux";
#endif
  EXPECT_EQ(FormatTags(tags), "backend=directml vendor=mesa device=llvmpipe-llvm-15.0.6-256-bits driver=31.0.15.3623 os=" +
                                  os + " runtime=wine-vkd3d-1.6 feature-level=highest");
  c.device = "AMD Radeon RX 7900 XTX (RADV NAVI31)";
  c.driver = "radv Mesa 24.2.8";
  EXPECT_EQ(*FindTag(DeriveRunTags(c, {}), "vendor"), "amd");
  EXPECT_EQ(*FindTag(DeriveRunTags(c, {}), "runtime"), "native");
  c.device = "host CPU (2 threads)";
  c.driver = "";
  const RunTags cpu = DeriveRunTags(c, {});
  EXPECT_EQ(FindTag(cpu, "vendor"), nullptr);
  EXPECT_EQ(FindTag(cpu, "driver"), nullptr);
  EXPECT_EQ(*FindTag(DeriveRunTags(c, {{"vendor", "intel"}}), "vendor"), "intel");
  EXPECT_EQ(FindTag(cpu, "reference"), nullptr) << "judged by the files' values";
  c.reference = "directml:NPU";
  EXPECT_EQ(*FindTag(DeriveRunTags(c, {}), "reference"), "directml-npu");
}

TEST(RunTags, GivenTagsAreCheckedAndNamed) {
  const std::vector<std::string> good{"runtime=vkd3d-proton", "vendor=nvidia"};
  Result<RunTags> ok = ParseGivenTags(good);
  ASSERT_TRUE(ok.ok()) << ok.error().ToString();
  EXPECT_EQ(FormatTags(*ok), "runtime=vkd3d-proton vendor=nvidia");
  const std::pair<std::string, std::string> bad[] = {
      {"runtime", "--tag: runtime: expected KEY=VALUE"},
      {"rt=x", "--tag: rt=x: 'rt' is not a tag key (backend, vendor, device, driver, os, runtime, feature-level)"},
      {"runtime=", "--tag: runtime=: the value is empty"},
      {"runtime=Wine 8", "--tag: runtime=Wine 8: 'Wine 8' is not a tag value (lower case [a-z0-9._+-]; 'wine-8' is)"},
  };
  for (const auto& [option, message] : bad) {
    const std::vector<std::string> options{option};
    Result<RunTags> r = ParseGivenTags(options);
    ASSERT_FALSE(r.ok()) << option;
    EXPECT_EQ(r.error().ToString(), message);
  }
  const std::vector<std::string> twice{"runtime=a", "runtime=b"};
  EXPECT_EQ(ParseGivenTags(twice).error().ToString(), "--tag: runtime=b: 'runtime' is given twice");
}

TEST(TagSet, VersionsCompareNumberByNumber) {
  EXPECT_EQ(CompareVersions("1.10", "1.9"), 1);
  EXPECT_EQ(CompareVersions("31.0.15", "31.0.15.0"), 0);
  EXPECT_EQ(CompareVersions("2", "31.0"), -1);
  EXPECT_EQ(CompareVersions("1..2", "1"), std::nullopt);
  EXPECT_EQ(CompareVersions("v1", "1"), std::nullopt);
}

TEST(TagSet, OverlapIsRefusedOnlyWhereSomeKeyCannotHold) {
  auto set = [](const char* group) {
    TagSet s;
    size_t consumed = 0;
    EXPECT_FALSE(ParseTagGroup(group, s, consumed).has_value()) << group;
    return s;
  };
  EXPECT_TRUE(MayOverlap(set("[ ]"), set("[ backend=d3d12 ]")));
  EXPECT_FALSE(MayOverlap(set("[ backend=directml ]"), set("[ backend=d3d12 ]")));
  EXPECT_TRUE(MayOverlap(set("[ backend=directml ]"), set("[ runtime=native ]")));
  EXPECT_FALSE(MayOverlap(set("[ driver<2 ]"), set("[ driver>=2.0 ]")));
  EXPECT_TRUE(MayOverlap(set("[ driver<2.0.1 ]"), set("[ driver>=2 ]")));
  EXPECT_FALSE(MayOverlap(set("[ device=llvmpipe ]"), set("[ device~=radeon ]")));
  EXPECT_TRUE(MayOverlap(set("[ device=nvidia-rtx ]"), set("[ device~=rtx ]")));
  EXPECT_FALSE(MayOverlap(set("[ driver=1.5 ]"), set("[ driver>=2 ]")));
}

}  // namespace
}  // namespace dmlc::app::policy
