#include "backends/d3d12/shared_library.h"

#include <filesystem>
#include <utility>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <dlfcn.h>
#include <link.h>
#endif

namespace dmlc::backends::d3d12 {
namespace {

#ifdef _WIN32
void* OpenOne(const char* name, std::string& why) {
  HMODULE module = LoadLibraryA(name);
  if (module == nullptr) why = "LoadLibrary error " + std::to_string(GetLastError());
  return reinterpret_cast<void*>(module);
}
void CloseOne(void* handle) { FreeLibrary(static_cast<HMODULE>(handle)); }
void* Lookup(void* handle, const char* symbol) {
  return reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(handle), symbol));
}
std::filesystem::path LoadedFrom(void* handle) {
  wchar_t path[32768];
  const DWORD length = GetModuleFileNameW(static_cast<HMODULE>(handle), path, 32768);
  return length == 0 || length >= 32768 ? std::filesystem::path() : std::filesystem::path(path);
}
#else
void* OpenOne(const char* name, std::string& why) {
  void* handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* message = dlerror();
    why = message != nullptr ? message : "dlopen failed";
  }
  return handle;
}
void CloseOne(void* handle) { dlclose(handle); }
void* Lookup(void* handle, const char* symbol) { return dlsym(handle, symbol); }
std::filesystem::path LoadedFrom(void* handle) {
  link_map* map = nullptr;
  return dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map != nullptr && map->l_name != nullptr
             ? std::filesystem::path(map->l_name) : std::filesystem::path();
}
#endif

}  // namespace

Result<SharedLibrary> SharedLibrary::Open(std::initializer_list<const char*> names) {
  return Open(std::vector<std::string>(names.begin(), names.end()));
}

Result<SharedLibrary> SharedLibrary::Open(const std::vector<std::string>& names) {
  std::string tried;
  for (const std::string& name : names) {
    std::string why;
    if (void* handle = OpenOne(name.c_str(), why)) return SharedLibrary(handle, name);
    tried += (tried.empty() ? "" : "; ") + name + ": " + why;
  }
  return MakeError("d3d12", "", "cannot load " + tried, "the runtime library is installed");
}

SharedLibrary& SharedLibrary::operator=(SharedLibrary&& other) noexcept {
  if (this != &other) {
    if (handle_ != nullptr) CloseOne(handle_);
    handle_ = std::exchange(other.handle_, nullptr);
    name_ = std::move(other.name_);
  }
  return *this;
}

SharedLibrary::~SharedLibrary() {
  if (handle_ != nullptr) CloseOne(handle_);
}

void* SharedLibrary::Symbol(const char* symbol) const { return handle_ == nullptr ? nullptr : Lookup(handle_, symbol); }

uint64_t SharedLibrary::FileBytes() const {
  if (handle_ == nullptr) return 0;
  std::error_code error;
  const uintmax_t bytes = std::filesystem::file_size(LoadedFrom(handle_), error);
  return error ? 0 : bytes;
}

}  // namespace dmlc::backends::d3d12
