// The embedded HLSL catalogue: include expansion, defines, and completeness against the dispatch plan.
#include "backends/d3d12/kernel_catalog.h"

#include <gtest/gtest.h>

#include "backends/gpu/dispatch_plan.h"

namespace dmlc::backends::d3d12 {
namespace {

// Looks files up in the lookup's own copy of `files`, which lives as long as the returned function.
HlslLookup Files(const std::vector<HlslFile>& files) {
  return [files](std::string_view name) -> const HlslFile* {
    for (const HlslFile& f : files) {
      if (f.name == name) return &f;
    }
    return nullptr;
  };
}

TEST(ExpandIncludes, InlinesNestedIncludesWithLineDirectives) {
  const std::vector<HlslFile> files = {
      {"main.hlsl", "#include \"a.hlsli\"\nvoid main() {}\n"},
      {"a.hlsli", "  #include \"b.h\"\nuint a;\n"},
      {"b.h", "#define B 1\n"},
  };
  Result<std::string> out = ExpandIncludes("main.hlsl", Files(files));
  ASSERT_TRUE(out.ok()) << out.error().ToString();
  EXPECT_EQ(*out,
            "#line 1 \"main.hlsl\"\n"
            "#line 1 \"a.hlsli\"\n"
            "#line 1 \"b.h\"\n"
            "#define B 1\n"
            "#line 2 \"a.hlsli\"\n"
            "uint a;\n"
            "#line 2 \"main.hlsl\"\n"
            "void main() {}\n");
}

TEST(ExpandIncludes, KeepsAnglebracketAndCommentedLinesAsText) {
  const std::vector<HlslFile> files = {{"k.hlsl", "// see #include \"x\" below\n#include <system>\n"}};
  Result<std::string> out = ExpandIncludes("k.hlsl", Files(files));
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(*out, "#line 1 \"k.hlsl\"\n// see #include \"x\" below\n#include <system>\n");
}

TEST(ExpandIncludes, MissingFileNamesIt) {
  const std::vector<HlslFile> files = {{"k.hlsl", "#include \"gone.hlsli\"\n"}};
  Result<std::string> out = ExpandIncludes("k.hlsl", Files(files));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().path, "gone.hlsli");
  EXPECT_EQ(out.error().message, "no embedded kernel file gone.hlsli");
}

TEST(ExpandIncludes, SelfIncludeStopsAtTheDepthLimit) {
  const std::vector<HlslFile> files = {{"loop.hlsli", "#include \"loop.hlsli\"\n"}};
  Result<std::string> out = ExpandIncludes("loop.hlsli", Files(files));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().message, "includes nest deeper than 16");
}

TEST(KernelDefines, ParsesNameValueAndBareNames) {
  const HlslKernel kernel{"k", "k.hlsl", "ELEM_BYTES=4,REDUCE_F16,,X=a=b", ""};
  const auto defines = KernelDefines(kernel);
  ASSERT_EQ(defines.size(), 3u);
  EXPECT_EQ(defines[0], (std::pair<std::string, std::string>{"ELEM_BYTES", "4"}));
  EXPECT_EQ(defines[1], (std::pair<std::string, std::string>{"REDUCE_F16", "1"}));
  EXPECT_EQ(defines[2], (std::pair<std::string, std::string>{"X", "a=b"}));
  EXPECT_TRUE(KernelDefines(HlslKernel{"k", "k.hlsl", "", ""}).empty());
}

TEST(HlslCatalogue, HoldsEveryKernelThePlanProducesSelfContained) {
  for (const std::string& name : gpu::AllKernelNames()) {
    const HlslKernel* kernel = FindHlslKernel(name);
    ASSERT_NE(kernel, nullptr) << name;
    Result<std::string> source = ExpandedSource(*kernel);
    ASSERT_TRUE(source.ok()) << name << ": " << source.error().ToString();
    EXPECT_EQ(source->find("#include \""), std::string::npos) << name;
    EXPECT_NE(source->find("void main("), std::string::npos) << name;
    EXPECT_NE(source->find("#define DMLC_P_WORDS 60"), std::string::npos) << name;
  }
  EXPECT_EQ(FindHlslKernel("no_such_kernel"), nullptr);
}

TEST(HlslCatalogue, Int64ReductionNeedsShaderInt64) {
  const HlslKernel* kernel = FindHlslKernel("reduce_i64");
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(kernel->feature, "shaderInt64");
  EXPECT_EQ(kernel->source, "reduce.hlsl");
  EXPECT_EQ(FindHlslKernel("copy_b2")->defines, "ELEM_BYTES=2");
}

}  // namespace
}  // namespace dmlc::backends::d3d12
