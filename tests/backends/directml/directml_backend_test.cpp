// The directml backend where DirectML or the D3D12 runtime is missing (Linux, Wine): registered,
// listed unavailable with the reason, and every case a skip with it. Where DirectML loads, these skip.
#include "backends/directml/directml_backend.h"

#include <gtest/gtest.h>

#include "backends/registry.h"

namespace dmlc::backends::directml {
namespace {

TEST(DirectmlRuntime, BesideTheExecutableFirstThenTheSystems) {
#ifdef _WIN32
  EXPECT_EQ(DirectmlLibraryNames("C:/tools"), (std::vector<std::string>{
                                                  (std::filesystem::path("C:/tools") / "DirectML.dll").string(), "DirectML.dll"}));
  EXPECT_EQ(DirectmlLibraryNames(""), (std::vector<std::string>{"DirectML.dll"}));
#else
  EXPECT_EQ(DirectmlLibraryNames("/opt/dmlc"), (std::vector<std::string>{"/opt/dmlc/libdirectml.so", "libdirectml.so",
                                                                         "/usr/lib/wsl/lib/libdirectml.so"}));
  EXPECT_EQ(DirectmlLibraryNames("").front(), "libdirectml.so");
#endif
}

TEST(DirectmlBackend, UnavailableHereIsASkipWithTheReason) {
  Result<const DirectmlRuntime*> runtime = LoadDirectml();
  if (runtime.ok()) GTEST_SKIP() << "DirectML is installed here";
  const BackendFactory* factory = BuiltinRegistry().Find("directml");
  ASSERT_NE(factory, nullptr);
  Result<std::vector<DeviceInfo>> devices = factory->enumerate();
  ASSERT_FALSE(devices.ok());
  EXPECT_EQ(devices.error().message, runtime.error().message);

  Result<std::unique_ptr<Backend>> backend = CreateBackend("directml", {});
  ASSERT_TRUE(backend.ok()) << backend.error().ToString();
  EXPECT_EQ((*backend)->Name(), "directml");
  ops::DiagonalMatrixDesc d;
  d.OutputTensor.DataType = ops::DataType::kFloat32;
  d.OutputTensor.Sizes = {2, 2};
  d.OutputTensor.TotalTensorSizeInBytes = 16;
  const Support support = (*backend)->Supports(d);
  EXPECT_FALSE(support.supported);
  EXPECT_EQ(support.reason, "unavailable: " + runtime.error().message);
  EXPECT_EQ(ApiOf(**backend), nullptr);  // an UnavailableBackend: no API to ask, no validation finding
  EXPECT_FALSE((*backend)->Prepare(d).ok());
}

}  // namespace
}  // namespace dmlc::backends::directml
