// The DirectML COM interfaces this backend calls, declared from the facts of DirectML.h: each
// interface's IID, its base, and its methods in vtable order (the order is the ABI; names are
// DirectML's). Built where the D3D12 declarations are (backends/d3d12/d3d12_api.h: the Windows SDK or
// mingw-w64 headers, or DirectX-Headers on WSL). IIDs are passed explicitly (kIid* below) instead of
// through __uuidof, whose mechanism differs between MSVC, mingw-w64 and DirectX-Headers.
#pragma once

#include "backends/d3d12/d3d12_api.h"
#include "backends/directml/dml_types.h"

namespace dmlc::backends::directml {

using d3d12::ComPtr;

// {c8263aac-9e0c-4a2d-9b8e-007521a3317c} and so on, as DirectML.h declares them.
inline const GUID kIidIDMLObject = {0xc8263aac, 0x9e0c, 0x4a2d, {0x9b, 0x8e, 0x00, 0x75, 0x21, 0xa3, 0x31, 0x7c}};
inline const GUID kIidIDMLDevice = {0x6dbd6437, 0x96fd, 0x423f, {0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57, 0x3f}};
inline const GUID kIidIDMLDeviceChild = {0x27e83142, 0x8165, 0x49e3, {0x97, 0x4e, 0x2f, 0xd6, 0x6e, 0x4c, 0xb6, 0x9d}};
inline const GUID kIidIDMLPageable = {0xb1ab0825, 0x4542, 0x4a4b, {0x86, 0x17, 0x6d, 0xde, 0x6e, 0x8f, 0x62, 0x01}};
inline const GUID kIidIDMLOperator = {0x26caae7a, 0x3081, 0x4633, {0x95, 0x81, 0x22, 0x6f, 0xbe, 0x57, 0x69, 0x5d}};
inline const GUID kIidIDMLDispatchable = {0xdcb821a8, 0x1039, 0x441e, {0x9f, 0x1c, 0xb1, 0x75, 0x9c, 0x2f, 0x3c, 0xec}};
inline const GUID kIidIDMLCompiledOperator = {0x6b15e56a, 0xbf5c, 0x4902, {0x92, 0xd8, 0xda, 0x3a, 0x65, 0x0a, 0xfe, 0xa4}};
inline const GUID kIidIDMLOperatorInitializer = {0x427c1113, 0x435c, 0x469c, {0x86, 0x76, 0x4d, 0x5d, 0xd0, 0x72, 0xf8, 0x13}};
inline const GUID kIidIDMLBindingTable = {0x29c687dc, 0xde74, 0x4e3b, {0xab, 0x00, 0x11, 0x68, 0xf2, 0xfc, 0x3c, 0xfc}};
inline const GUID kIidIDMLCommandRecorder = {0xe6857a76, 0x2e3e, 0x4fdd, {0xbf, 0xf4, 0x5d, 0x2b, 0xa1, 0x0f, 0xb4, 0x53}};
inline const GUID kIidIDMLDebugDevice = {0x7d6f3ac9, 0x394a, 0x4ac3, {0x92, 0xa7, 0x39, 0x0c, 0xc5, 0x7a, 0x82, 0x17}};

struct IDMLDispatchable;
struct IDMLCompiledOperator;
struct IDMLPageable;
struct IDMLOperator;

struct DML_BINDING_TABLE_DESC {
  IDMLDispatchable* Dispatchable;
  D3D12_CPU_DESCRIPTOR_HANDLE CPUDescriptorHandle;
  D3D12_GPU_DESCRIPTOR_HANDLE GPUDescriptorHandle;
  UINT SizeInDescriptors;
};
static_assert(sizeof(DML_BINDING_TABLE_DESC) == 32, "DML_BINDING_TABLE_DESC size");
static_assert(offsetof(DML_BINDING_TABLE_DESC, CPUDescriptorHandle) == 8, "DML_BINDING_TABLE_DESC.CPUDescriptorHandle");
static_assert(offsetof(DML_BINDING_TABLE_DESC, GPUDescriptorHandle) == 16, "DML_BINDING_TABLE_DESC.GPUDescriptorHandle");
static_assert(offsetof(DML_BINDING_TABLE_DESC, SizeInDescriptors) == 24, "DML_BINDING_TABLE_DESC.SizeInDescriptors");

struct IDMLObject : public IUnknown {
  virtual HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* data_size, void* data) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT data_size, const void* data) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, IUnknown* data) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetName(PCWSTR name) = 0;
};

struct IDMLDevice : public IDMLObject {
  virtual HRESULT STDMETHODCALLTYPE CheckFeatureSupport(DML_FEATURE feature, UINT query_size, const void* query,
                                                        UINT support_size, void* support) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateOperator(const DML_OPERATOR_DESC* desc, REFIID riid, void** object) = 0;
  virtual HRESULT STDMETHODCALLTYPE CompileOperator(IDMLOperator* op, DML_EXECUTION_FLAGS flags, REFIID riid,
                                                    void** object) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateOperatorInitializer(UINT operator_count, IDMLCompiledOperator* const* operators,
                                                              REFIID riid, void** object) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateCommandRecorder(REFIID riid, void** object) = 0;
  virtual HRESULT STDMETHODCALLTYPE CreateBindingTable(const DML_BINDING_TABLE_DESC* desc, REFIID riid, void** object) = 0;
  virtual HRESULT STDMETHODCALLTYPE Evict(UINT count, IDMLPageable* const* objects) = 0;
  virtual HRESULT STDMETHODCALLTYPE MakeResident(UINT count, IDMLPageable* const* objects) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetDeviceRemovedReason() = 0;
  virtual HRESULT STDMETHODCALLTYPE GetParentDevice(REFIID riid, void** object) = 0;
};

struct IDMLDeviceChild : public IDMLObject {
  virtual HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** object) = 0;
};

struct IDMLPageable : public IDMLDeviceChild {};
struct IDMLOperator : public IDMLDeviceChild {};

struct IDMLDispatchable : public IDMLPageable {
#if defined(WIDL_EXPLICIT_AGGREGATE_RETURNS)
  // DirectML (built with MSVC) returns the struct through a hidden pointer after `this`; GCC's own
  // rule for a member function would differ, so the slot is declared as that pointer explicitly, as
  // mingw-w64's d3d12.h does for GetDesc (d3d12_api.h explains).
  virtual DML_BINDING_PROPERTIES* STDMETHODCALLTYPE GetBindingProperties(DML_BINDING_PROPERTIES* result) = 0;
  DML_BINDING_PROPERTIES BindingProperties() {
    DML_BINDING_PROPERTIES result{};
    GetBindingProperties(&result);
    return result;
  }
#else
  virtual DML_BINDING_PROPERTIES STDMETHODCALLTYPE GetBindingProperties() = 0;
  DML_BINDING_PROPERTIES BindingProperties() { return GetBindingProperties(); }
#endif
};

struct IDMLCompiledOperator : public IDMLDispatchable {};

struct IDMLOperatorInitializer : public IDMLDispatchable {
  virtual HRESULT STDMETHODCALLTYPE Reset(UINT operator_count, IDMLCompiledOperator* const* operators) = 0;
};

struct IDMLBindingTable : public IDMLDeviceChild {
  virtual void STDMETHODCALLTYPE BindInputs(UINT count, const DML_BINDING_DESC* bindings) = 0;
  virtual void STDMETHODCALLTYPE BindOutputs(UINT count, const DML_BINDING_DESC* bindings) = 0;
  virtual void STDMETHODCALLTYPE BindTemporaryResource(const DML_BINDING_DESC* binding) = 0;
  virtual void STDMETHODCALLTYPE BindPersistentResource(const DML_BINDING_DESC* binding) = 0;
  virtual HRESULT STDMETHODCALLTYPE Reset(const DML_BINDING_TABLE_DESC* desc) = 0;
};

struct IDMLCommandRecorder : public IDMLDeviceChild {
  virtual void STDMETHODCALLTYPE RecordDispatch(ID3D12CommandList* list, IDMLDispatchable* dispatchable,
                                                IDMLBindingTable* bindings) = 0;
};

// DMLCreateDevice1, DirectML.dll's entry point (feature level 2_0 and later).
using PFN_DML_CREATE_DEVICE1 = HRESULT(WINAPI*)(ID3D12Device* device, DML_CREATE_DEVICE_FLAGS flags,
                                                DML_FEATURE_LEVEL minimum_level, REFIID riid, void** object);

}  // namespace dmlc::backends::directml
