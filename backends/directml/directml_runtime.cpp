#include "backends/directml/directml_runtime.h"

#include <memory>
#include <system_error>
#include <vector>

#ifdef _WIN32
#include <winver.h>  // GetFileVersionInfo, which WIN32_LEAN_AND_MEAN leaves out
#endif

namespace dmlc::backends::directml {
namespace {

#ifdef _WIN32
constexpr const char* kLibraryName = "DirectML.dll";
constexpr const char* kSystemNames[] = {"DirectML.dll"};

std::filesystem::path ExecutableDir() {
  wchar_t path[32768];
  const DWORD length = GetModuleFileNameW(nullptr, path, static_cast<DWORD>(std::size(path)));
  if (length == 0 || length >= std::size(path)) return {};
  return std::filesystem::path(std::wstring(path, length)).parent_path();
}

// The VS_FIXEDFILEINFO version of the loaded DirectML.dll, "1.15.4.0".
std::string FileVersion() {
  wchar_t path[32768];
  HMODULE module = GetModuleHandleA(kLibraryName);
  const DWORD length = module == nullptr ? 0 : GetModuleFileNameW(module, path, static_cast<DWORD>(std::size(path)));
  if (length == 0 || length >= std::size(path)) return "unknown";
  DWORD ignored = 0;
  const DWORD size = GetFileVersionInfoSizeW(path, &ignored);
  if (size == 0) return "unknown";
  std::vector<unsigned char> data(size);
  VS_FIXEDFILEINFO* info = nullptr;
  UINT info_size = 0;
  if (!GetFileVersionInfoW(path, 0, size, data.data()) ||
      !VerQueryValueW(data.data(), L"\\", reinterpret_cast<void**>(&info), &info_size) || info == nullptr) {
    return "unknown";
  }
  return std::to_string(HIWORD(info->dwFileVersionMS)) + "." + std::to_string(LOWORD(info->dwFileVersionMS)) + "." +
         std::to_string(HIWORD(info->dwFileVersionLS)) + "." + std::to_string(LOWORD(info->dwFileVersionLS));
}
#else
constexpr const char* kLibraryName = "libdirectml.so";
// The pip packages that ship DirectML for WSL put libdirectml.so beside their own libraries; the
// loader's path covers them, and /usr/lib/wsl/lib is where WSL keeps its own runtime.
constexpr const char* kSystemNames[] = {"libdirectml.so", "/usr/lib/wsl/lib/libdirectml.so"};

std::filesystem::path ExecutableDir() {
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::filesystem::path() : exe.parent_path();
}

std::string FileVersion() { return "unknown"; }  // a shared object carries no version resource
#endif

Result<std::unique_ptr<DirectmlRuntime>> Load() {
  Result<const d3d12::Runtime*> d3d12 = d3d12::LoadRuntime();
  if (!d3d12.ok()) return d3d12.error();
  Result<d3d12::SharedLibrary> library = d3d12::SharedLibrary::Open(DirectmlLibraryNames(ExecutableDir()));
  if (!library.ok()) {
    Error missing = library.error();
    missing.scope = "directml";
    missing.rule = "DirectML.dll beside the executable or on the system (docs/backends.md: Getting DirectML)";
    return missing;
  }
  auto runtime = std::make_unique<DirectmlRuntime>(DirectmlRuntime{*d3d12, std::move(*library), nullptr, ""});
  auto create = runtime->library.Function<PFN_DML_CREATE_DEVICE1>("DMLCreateDevice1");
  if (!create.ok()) return create.error();  // DirectML before 1.1 (feature level 2_0) lacks it
  runtime->CreateDevice1 = *create;
  runtime->version = FileVersion();
  return runtime;
}

}  // namespace

std::vector<std::string> DirectmlLibraryNames(const std::filesystem::path& executable_dir) {
  std::vector<std::string> names;
  if (!executable_dir.empty()) names.push_back((executable_dir / kLibraryName).string());
  for (const char* name : kSystemNames) names.emplace_back(name);
  return names;
}

Result<const DirectmlRuntime*> LoadDirectml() {
  static const Result<std::unique_ptr<DirectmlRuntime>> runtime = Load();
  if (!runtime.ok()) return runtime.error();
  return runtime.value().get();
}

}  // namespace dmlc::backends::directml
