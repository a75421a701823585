// DXC (dxcompiler.dll on Windows, libdxcompiler.so on WSL): shader model 6, which 64-bit integer and
// native 16-bit kernels need. Its COM interfaces are declared here, only the methods called, because
// neither DirectX-Headers nor mingw ship dxcapi.h; the IIDs are DXC's published ones.
#include <cstring>
#include <string>

#include "backends/d3d12/d3d12_api.h"
#include "backends/d3d12/shader_compiler.h"
#include "backends/d3d12/shared_library.h"

namespace dmlc::backends::d3d12 {
// The interfaces are declared outside the anonymous namespace on purpose: DXC implements them, not this
// program, and a class with internal linkage that nothing here derives from lets GCC prove that every
// call of its pure virtual methods reaches __cxa_pure_virtual (the mingw build called address 0 on the
// first compile). With external linkage, the calls go through DXC's vtables.
namespace dxc_abi {

constexpr GUID kClsidDxcCompiler = {0x73e22d93, 0xe6ce, 0x47f3, {0xb5, 0xbf, 0xf0, 0x66, 0x4f, 0x39, 0xc1, 0xb0}};
constexpr GUID kIidDxcCompiler3 = {0x228b4687, 0x5a6a, 0x4730, {0x90, 0x0c, 0x97, 0x02, 0xb2, 0x20, 0x3f, 0x54}};
constexpr GUID kIidDxcOperationResult = {0xcedb484a, 0xd4e9, 0x445a, {0xb9, 0x91, 0xca, 0x21, 0xca, 0x15, 0x7d, 0xc2}};

struct DxcUnknown {
  virtual HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) = 0;
  virtual ULONG STDMETHODCALLTYPE AddRef() = 0;
  virtual ULONG STDMETHODCALLTYPE Release() = 0;
#ifndef _WIN32
  // libdxcompiler.so's IUnknown declares a virtual destructor after Release: two Itanium ABI vtable
  // slots that every derived interface's methods follow. Never called.
  virtual void ReservedDestructor() = 0;
  virtual void ReservedDeletingDestructor() = 0;
#endif
};
struct DxcBlob : DxcUnknown {
  virtual void* STDMETHODCALLTYPE GetBufferPointer() = 0;
  virtual SIZE_T STDMETHODCALLTYPE GetBufferSize() = 0;
};
struct DxcOperationResult : DxcUnknown {
  virtual HRESULT STDMETHODCALLTYPE GetStatus(HRESULT* status) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetResult(DxcBlob** result) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetErrorBuffer(DxcBlob** errors) = 0;  // an IDxcBlobEncoding
};
struct DxcBuffer {
  const void* Ptr;
  SIZE_T Size;
  UINT Encoding;  // DXC_CP_UTF8
};
struct DxcCompiler3 : DxcUnknown {
  virtual HRESULT STDMETHODCALLTYPE Compile(const DxcBuffer* source, const wchar_t** arguments, UINT32 count,
                                            void* include_handler, REFIID riid, void** result) = 0;
};
using DxcCreateInstanceFn = HRESULT(WINAPI*)(REFCLSID clsid, REFIID iid, void** object);
constexpr UINT kCpUtf8 = 65001;

}  // namespace dxc_abi

namespace {

// DXC's arguments are wide strings; on WSL wchar_t is 32-bit, which libdxcompiler.so expects too.
std::wstring Widen(std::string_view text) { return std::wstring(text.begin(), text.end()); }

std::string BlobText(dxc_abi::DxcBlob* blob) {
  if (blob == nullptr || blob->GetBufferSize() == 0) return {};
  std::string text(static_cast<const char*>(blob->GetBufferPointer()), blob->GetBufferSize());
  while (!text.empty() && (text.back() == '\0' || text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

class DxcCompiler final : public ShaderCompiler {
 public:
  DxcCompiler(SharedLibrary library, ComPtr<dxc_abi::DxcCompiler3> compiler)
      : library_(std::move(library)), compiler_(std::move(compiler)), name_(library_.name() + " (cs_6_2)") {}

  const std::string& Name() const override { return name_; }
  std::string Identity() const override { return name_ + " -O3 " + std::to_string(library_.FileBytes()); }
  bool Targets(std::string_view) const override { return true; }  // cs_6_2 has all the kernels use

  Result<std::vector<uint8_t>> Compile(std::string_view source, std::string_view file,
                                       const Defines& defines) const override {
    const std::string file_name(file);
    // -enable-16bit-types is left out: the kernels use 32-bit words and f16tof32, as under cs_5_1.
    std::vector<std::wstring> args = {Widen(file_name), L"-E", L"main", L"-T", L"cs_6_2", L"-O3"};
    for (const auto& [name, value] : defines) args.push_back(L"-D" + Widen(name) + L"=" + Widen(value));
    std::vector<const wchar_t*> argv;
    for (const std::wstring& a : args) argv.push_back(a.c_str());
    const dxc_abi::DxcBuffer buffer{source.data(), source.size(), dxc_abi::kCpUtf8};
    ComPtr<dxc_abi::DxcOperationResult> result;
    HRESULT hr = compiler_->Compile(&buffer, argv.data(), static_cast<UINT32>(argv.size()), nullptr,
                                    dxc_abi::kIidDxcOperationResult, reinterpret_cast<void**>(result.GetAddressOf()));
    HRESULT status = hr;
    if (SUCCEEDED(hr)) result->GetStatus(&status);
    if (FAILED(status)) {
      ComPtr<dxc_abi::DxcBlob> errors;
      if (result != nullptr) result->GetErrorBuffer(errors.GetAddressOf());
      const std::string message = BlobText(errors.Get());
      return MakeError("d3d12", file_name, name_ + " cannot compile " + file_name + ": " +
                       (message.empty() ? HresultName(status) : message), "the kernel compiles for this system");
    }
    ComPtr<dxc_abi::DxcBlob> code;
    hr = result->GetResult(code.GetAddressOf());
    if (FAILED(hr) || code == nullptr) {
      return MakeError("d3d12", file_name, name_ + " returned no object code: " + HresultName(hr), "DXC returns DXIL");
    }
    const auto* bytes = static_cast<const uint8_t*>(code->GetBufferPointer());
    return std::vector<uint8_t>(bytes, bytes + code->GetBufferSize());
  }

 private:
  SharedLibrary library_;
  ComPtr<dxc_abi::DxcCompiler3> compiler_;
  std::string name_;
};

}  // namespace

Result<std::unique_ptr<ShaderCompiler>> LoadDxc() {
#ifdef _WIN32
  Result<SharedLibrary> library = SharedLibrary::Open({"dxcompiler.dll"});
#else
  Result<SharedLibrary> library = SharedLibrary::Open({"libdxcompiler.so", "/usr/lib/wsl/lib/libdxcompiler.so"});
#endif
  if (!library.ok()) return library.error();
  Result<dxc_abi::DxcCreateInstanceFn> create = library->Function<dxc_abi::DxcCreateInstanceFn>("DxcCreateInstance");
  if (!create.ok()) return create.error();
  ComPtr<dxc_abi::DxcCompiler3> compiler;
  HRESULT hr = (*create)(dxc_abi::kClsidDxcCompiler, dxc_abi::kIidDxcCompiler3, reinterpret_cast<void**>(compiler.GetAddressOf()));
  if (FAILED(hr)) {
    return MakeError("d3d12", "", library->name() + ": DxcCreateInstance(IDxcCompiler3) failed: " + HresultName(hr),
                     "DXC 1.4 or later");
  }
  return std::unique_ptr<ShaderCompiler>(std::make_unique<DxcCompiler>(std::move(*library), std::move(compiler)));
}

}  // namespace dmlc::backends::d3d12
