#include "backends/d3d12/runtime.h"

#include <memory>

namespace dmlc::backends::d3d12 {
namespace {

#ifdef _WIN32
constexpr std::initializer_list<const char*> kD3d12Names = {"d3d12.dll"};
constexpr std::initializer_list<const char*> kAdapterNames = {"dxgi.dll"};
constexpr const char* kAdapterFactory = "CreateDXGIFactory1";
#else
// WSL puts the runtime in /usr/lib/wsl/lib and lists it for the loader; the full path covers a
// process started without that search path.
constexpr std::initializer_list<const char*> kD3d12Names = {"libd3d12.so", "/usr/lib/wsl/lib/libd3d12.so"};
constexpr std::initializer_list<const char*> kAdapterNames = {"libdxcore.so", "/usr/lib/wsl/lib/libdxcore.so"};
constexpr const char* kAdapterFactory = "DXCoreCreateAdapterFactory";
#endif

Result<std::unique_ptr<Runtime>> Load() {
  Result<SharedLibrary> d3d12 = SharedLibrary::Open(kD3d12Names);
  if (!d3d12.ok()) return d3d12.error();
  Result<SharedLibrary> adapters = SharedLibrary::Open(kAdapterNames);
  if (!adapters.ok()) return adapters.error();
  auto runtime = std::make_unique<Runtime>(Runtime{std::move(*d3d12), {}, {}, {}, std::move(*adapters), {}});
  auto create = runtime->d3d12.Function<PFN_D3D12_CREATE_DEVICE>("D3D12CreateDevice");
  if (!create.ok()) return create.error();
  auto serialize = runtime->d3d12.Function<PFN_D3D12_SERIALIZE_VERSIONED_ROOT_SIGNATURE>(
      "D3D12SerializeVersionedRootSignature");
  if (!serialize.ok()) return serialize.error();
  auto factory = runtime->adapters.Function<decltype(Runtime::CreateAdapterFactory)>(kAdapterFactory);
  if (!factory.ok()) return factory.error();
  runtime->CreateDevice = *create;
  runtime->SerializeVersionedRootSignature = *serialize;
  runtime->CreateAdapterFactory = *factory;
  runtime->GetDebugInterface =
      reinterpret_cast<PFN_D3D12_GET_DEBUG_INTERFACE>(runtime->d3d12.Symbol("D3D12GetDebugInterface"));
  return runtime;
}

}  // namespace

Result<const Runtime*> LoadRuntime() {
  static const Result<std::unique_ptr<Runtime>> runtime = Load();
  if (!runtime.ok()) return runtime.error();
  return runtime.value().get();
}

}  // namespace dmlc::backends::d3d12
