// A shared library opened at run time (LoadLibrary on Windows, dlopen elsewhere), closed when the
// object goes. Lets the backend start where the D3D12 runtime or a shader compiler is missing and say so.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "ops/error.h"

namespace dmlc::backends::d3d12 {

class SharedLibrary {
 public:
  // Opens the first of `names` that loads; the error lists every name tried with the loader's reason.
  static Result<SharedLibrary> Open(std::initializer_list<const char*> names);
  // The same for names computed at run time (a path beside the executable).
  static Result<SharedLibrary> Open(const std::vector<std::string>& names);

  SharedLibrary(SharedLibrary&& other) noexcept : handle_(other.handle_), name_(std::move(other.name_)) {
    other.handle_ = nullptr;
  }
  SharedLibrary& operator=(SharedLibrary&& other) noexcept;
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;
  ~SharedLibrary();

  // The exported symbol, nullptr when the library has none.
  void* Symbol(const char* symbol) const;
  // Typed lookup; the error names the library and the symbol.
  template <class Fn>
  Result<Fn> Function(const char* symbol) const {
    void* address = Symbol(symbol);
    if (address == nullptr) {
      return MakeError("d3d12", "", name_ + " has no export " + symbol, "the runtime exports what the backend calls");
    }
    return reinterpret_cast<Fn>(address);
  }
  const std::string& name() const { return name_; }
  // The size of the file the library was loaded from; 0 when the loader does not say. Tells two builds of
  // one library apart where their names are the same (a compiler's cached kernels are keyed by it).
  uint64_t FileBytes() const;

 private:
  SharedLibrary(void* handle, std::string name) : handle_(handle), name_(std::move(name)) {}
  void* handle_ = nullptr;
  std::string name_;
};

}  // namespace dmlc::backends::d3d12
