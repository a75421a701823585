// Every embedded kernel variant compiled by each real compiler the d3d12 backend can load: DXC
// (dxcompiler.dll beside the test, as scripts/fetch_runtimes.sh puts it; libdxcompiler.so on WSL) to
// cs_6_2 DXIL, and FXC (d3dcompiler_47.dll, fetched likewise) to cs_5_1 DXBC, which Wine's vkd3d 1.6
// runs. Needs no GPU. A missing compiler skips, unless DMLC_REQUIRE_DXC=1 or DMLC_REQUIRE_FXC=1 (set by
// scripts/windows_ci.sh) makes it a failure.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backends/d3d12/kernel_catalog.h"
#include "backends/d3d12/shader_compiler.h"

namespace dmlc::backends::d3d12 {
namespace {

struct CompilerCase {
  const char* name;  // the suite's suffix
  Result<std::unique_ptr<ShaderCompiler>> (*load)();
  const char* require_variable;  // "1" there makes a missing compiler a failure
  // The bytecode part the container must hold ("DXIL"; cs_5_1's is "SHEX", SM4's "SHDR" accepted too).
  std::vector<std::string> code_parts;
  // Kernels needing this device feature are the ones the compiler's target refuses ("" for none).
  const char* refused_feature;
};

bool Required(const char* variable) {
  const char* value = std::getenv(variable);
  return value != nullptr && std::string(value) == "1";
}

uint32_t Word(const std::vector<uint8_t>& code, size_t at) {
  uint32_t word = 0;
  std::memcpy(&word, code.data() + at, 4);
  return word;
}

// The four-character codes of a DXBC container's parts ("DXBC", a 16-byte digest, a version, the total
// size, the part count, then each part's offset; a part starts with its code and size), or nothing
// when `code` is no well-formed container: checked rather than trusted, so that a compiler returning
// some other blob fails here.
std::vector<std::string> ContainerParts(const std::vector<uint8_t>& code) {
  if (code.size() < 32 || std::memcmp(code.data(), "DXBC", 4) != 0 || Word(code, 24) != code.size()) return {};
  const uint32_t count = Word(code, 28);
  if (count > (code.size() - 32) / 4) return {};
  std::vector<std::string> parts;
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t at = Word(code, 32 + 4 * i);
    if (at > code.size() - 8 || Word(code, at + 4) > code.size() - at - 8) return {};
    parts.emplace_back(reinterpret_cast<const char*>(code.data() + at), 4);
  }
  return parts;
}

bool HoldsAny(const std::vector<std::string>& parts, const std::vector<std::string>& wanted) {
  for (const std::string& part : parts) {
    for (const std::string& w : wanted) {
      if (part == w) return true;
    }
  }
  return false;
}

class Compiler : public ::testing::TestWithParam<CompilerCase> {
 protected:
  void SetUp() override {
    Result<std::unique_ptr<ShaderCompiler>> compiler = GetParam().load();
    if (!compiler.ok()) {
      if (Required(GetParam().require_variable)) FAIL() << compiler.error().ToString();
      GTEST_SKIP() << compiler.error().ToString();
    }
    compiler_ = std::move(*compiler);
  }
  std::unique_ptr<ShaderCompiler> compiler_;
};

TEST_P(Compiler, CompilesEveryKernelVariantItsTargetHas) {
  ASSERT_FALSE(HlslKernels().empty());
  std::vector<std::string> refused, expected_refused;
  for (const HlslKernel& kernel : HlslKernels()) {
    SCOPED_TRACE(std::string(kernel.name));
    if (!kernel.feature.empty() && kernel.feature == GetParam().refused_feature) {
      expected_refused.emplace_back(kernel.name);
    }
    if (!compiler_->Targets(kernel.feature)) {
      refused.emplace_back(kernel.name);
      continue;
    }
    Result<std::string> source = ExpandedSource(kernel);
    ASSERT_TRUE(source.ok()) << source.error().ToString();
    Result<std::vector<uint8_t>> code = compiler_->Compile(*source, kernel.source, KernelDefines(kernel));
    ASSERT_TRUE(code.ok()) << code.error().ToString();
    const std::vector<std::string> parts = ContainerParts(*code);
    EXPECT_TRUE(HoldsAny(parts, GetParam().code_parts))
        << code->size() << " bytes, " << parts.size() << " parts, none " << GetParam().code_parts[0];
  }
  // Exactly the variants needing what the target lacks are refused (FXC: the 64-bit integer ones).
  EXPECT_EQ(refused, expected_refused);
  if (*GetParam().refused_feature != '\0') {
    EXPECT_FALSE(expected_refused.empty());
  }
}

TEST_P(Compiler, ReportsTheCompilersOwnMessageForBadSource) {
  Result<std::vector<uint8_t>> code =
      compiler_->Compile("[numthreads(1, 1, 1)] void main() { undeclared = 1; }", "broken.hlsl", {});
  ASSERT_FALSE(code.ok());
  EXPECT_NE(code.error().message.find("broken.hlsl"), std::string::npos) << code.error().message;
  EXPECT_NE(code.error().message.find("undeclared"), std::string::npos) << code.error().message;
}

INSTANTIATE_TEST_SUITE_P(RealCompilers, Compiler,
                         ::testing::Values(CompilerCase{"Dxc", LoadDxc, "DMLC_REQUIRE_DXC", {"DXIL"}, ""},
                                           CompilerCase{"Fxc", LoadFxc, "DMLC_REQUIRE_FXC", {"SHEX", "SHDR"},
                                                        "shaderInt64"}),
                         [](const ::testing::TestParamInfo<CompilerCase>& info) { return info.param.name; });

}  // namespace
}  // namespace dmlc::backends::d3d12
