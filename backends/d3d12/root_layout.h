// The D3D12 binding model of the shared GPU kernels, derived from a dispatch plan (backends/gpu): one
// root signature per kernel interface and one descriptor table per dispatch. The kernels read their
// parameter block from `cbuffer Params : register(b0)`, inputs as ByteAddressBuffer t1..tN and the
// output as RWByteAddressBuffer u(N+1). Here b0 is a root constant buffer view, each dispatch's block
// at its own 256-byte slot of one buffer per operator, and the buffers are raw views in a descriptor
// table. Not root constants: the kernels index the block with run-time values (a loop over dimensions),
// which DXIL allows but vkd3d-proton's DXIL translator refuses for root constants ("Cannot dynamically
// index into root constants", dxil-spirv's dxil_resources.cpp), failing every pipeline there; a
// constant buffer is indexable on every runtime. Pure: builds descs, calls nothing, so it is unit-tested
// without a runtime.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "backends/d3d12/d3d12_api.h"
#include "backends/gpu/dispatch_plan.h"

namespace dmlc::backends::d3d12 {

inline constexpr uint32_t kParamsParameter = 0;  // the root CBV of the dispatch's parameter block
inline constexpr uint32_t kDescriptorTableParameter = 1;
// Dispatch i's parameter block starts at i * kParamBlockStride in the operator's parameter buffer: a
// constant buffer view must start at a multiple of 256 bytes (D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT).
inline constexpr uint64_t kParamBlockStride = 256;
static_assert(gpu::kParamWords * 4 <= kParamBlockStride, "a parameter block fits its slot");

// The root signature of kernels with `input_count` inputs and one output. Holds the arrays its desc
// points into, so it neither copies nor moves.
class RootSignatureLayout {
 public:
  explicit RootSignatureLayout(uint32_t input_count);
  RootSignatureLayout(const RootSignatureLayout&) = delete;
  RootSignatureLayout& operator=(const RootSignatureLayout&) = delete;

  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC& desc() const { return desc_; }
  uint32_t input_count() const { return input_count_; }
  // 32-bit words the root signature takes of the 64 D3D12 allows.
  uint32_t RootWords() const;

 private:
  uint32_t input_count_;
  std::array<D3D12_DESCRIPTOR_RANGE1, 2> ranges_{};
  std::array<D3D12_ROOT_PARAMETER1, 2> parameters_{};
  D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc_{};
};

// One descriptor of a dispatch's table, in table order: the inputs' SRVs, then the output's UAV.
struct DescriptorSlot {
  uint32_t binding;          // the plan's buffer index: a tensor (ops::Bindings order) or a scratch buffer
  bool writable;             // UAV (the output) or SRV (an input)
  uint32_t shader_register;  // t<n> or u<n>
};

// Where each dispatch's table lies in one shader-visible heap for the whole plan.
struct DescriptorLayout {
  std::vector<std::vector<DescriptorSlot>> tables;  // per dispatch
  std::vector<uint32_t> table_offsets;              // per dispatch, in descriptors from the heap start
  uint32_t descriptor_count = 0;                    // heap size; at least 1 (a heap cannot be empty)
};
DescriptorLayout LayoutDescriptors(std::span<const gpu::Dispatch> plan);

// Raw (ByteAddressBuffer) views of a buffer of `bytes` bytes, a multiple of 4.
D3D12_SHADER_RESOURCE_VIEW_DESC RawSrvDesc(uint64_t bytes);
D3D12_UNORDERED_ACCESS_VIEW_DESC RawUavDesc(uint64_t bytes);

// A tensor's bytes rounded up to whole 32-bit words, at least one word: raw views address words, and a
// zero-sized buffer cannot be created.
uint64_t RawBufferBytes(uint64_t tensor_bytes);

}  // namespace dmlc::backends::d3d12
