// Every embedded kernel variant compiled by the real DXC (dxcompiler.dll beside the test, as
// scripts/fetch_runtimes.sh puts it; libdxcompiler.so on WSL). Needs no GPU. Without DXC it skips,
// unless DMLC_REQUIRE_DXC=1 (set by scripts/windows_ci.sh) makes a missing DXC a failure.
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "backends/d3d12/kernel_catalog.h"
#include "backends/d3d12/shader_compiler.h"

namespace dmlc::backends::d3d12 {
namespace {

bool Required() {
  const char* value = std::getenv("DMLC_REQUIRE_DXC");
  return value != nullptr && std::string(value) == "1";
}

// DXC's object code is a DXBC container ("DXBC" magic, then a digest, version and size) holding a
// "DXIL" part: checked rather than trusted, so that a compiler returning some other blob fails here.
bool IsDxilContainer(const std::vector<uint8_t>& code) {
  if (code.size() < 32 || std::memcmp(code.data(), "DXBC", 4) != 0) return false;
  uint32_t total = 0;
  std::memcpy(&total, code.data() + 24, 4);
  if (total != code.size()) return false;
  const std::string bytes(code.begin(), code.end());
  return bytes.find("DXIL") != std::string::npos;
}

class Dxc : public ::testing::Test {
 protected:
  void SetUp() override {
    Result<std::unique_ptr<ShaderCompiler>> dxc = LoadDxc();
    if (!dxc.ok()) {
      if (Required()) FAIL() << dxc.error().ToString();
      GTEST_SKIP() << dxc.error().ToString();
    }
    dxc_ = std::move(*dxc);
  }
  std::unique_ptr<ShaderCompiler> dxc_;
};

TEST_F(Dxc, CompilesEveryKernelVariantToDxil) {
  ASSERT_FALSE(HlslKernels().empty());
  for (const HlslKernel& kernel : HlslKernels()) {
    SCOPED_TRACE(std::string(kernel.name));
    Result<std::string> source = ExpandedSource(kernel);
    ASSERT_TRUE(source.ok()) << source.error().ToString();
    Result<std::vector<uint8_t>> code = dxc_->Compile(*source, kernel.source, KernelDefines(kernel));
    ASSERT_TRUE(code.ok()) << code.error().ToString();
    EXPECT_TRUE(IsDxilContainer(*code)) << code->size() << " bytes";
  }
}

TEST_F(Dxc, ReportsTheCompilersOwnMessageForBadSource) {
  Result<std::vector<uint8_t>> code = dxc_->Compile("[numthreads(1, 1, 1)] void main() { undeclared = 1; }",
                                                    "broken.hlsl", {});
  ASSERT_FALSE(code.ok());
  EXPECT_NE(code.error().message.find("broken.hlsl"), std::string::npos) << code.error().message;
  EXPECT_NE(code.error().message.find("undeclared"), std::string::npos) << code.error().message;
}

}  // namespace
}  // namespace dmlc::backends::d3d12
