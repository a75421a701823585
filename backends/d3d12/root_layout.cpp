#include "backends/d3d12/root_layout.h"

namespace dmlc::backends::d3d12 {

RootSignatureLayout::RootSignatureLayout(uint32_t input_count) : input_count_(input_count) {
  // Inputs t1..tN (t0 is unused: the kernels number registers after b0), then the output u(N+1).
  D3D12_DESCRIPTOR_RANGE1& srvs = ranges_[0];
  srvs.RangeType = D3D12_DESCRIPTOR_RANGE_TYPE_SRV;
  srvs.NumDescriptors = input_count;
  srvs.BaseShaderRegister = 1;
  srvs.RegisterSpace = 0;
  // Buffers are written by uploads before the dispatch and not changed while it runs.
  srvs.Flags = D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE;
  srvs.OffsetInDescriptorsFromTableStart = 0;
  D3D12_DESCRIPTOR_RANGE1& uav = ranges_[1];
  uav.RangeType = D3D12_DESCRIPTOR_RANGE_TYPE_UAV;
  uav.NumDescriptors = 1;
  uav.BaseShaderRegister = input_count + 1;
  uav.RegisterSpace = 0;
  uav.Flags = D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE;
  uav.OffsetInDescriptorsFromTableStart = input_count;

  D3D12_ROOT_PARAMETER1& params = parameters_[kParamsParameter];
  params.ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  params.Descriptor.ShaderRegister = 0;
  params.Descriptor.RegisterSpace = 0;
  // Written once when the operator is made, never while a command list that reads it is in flight.
  params.Descriptor.Flags = D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC;
  params.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;

  D3D12_ROOT_PARAMETER1& table = parameters_[kDescriptorTableParameter];
  table.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  // A kernel without inputs (DIAGONAL_MATRIX) has only the UAV range: an empty range is invalid.
  table.DescriptorTable.NumDescriptorRanges = input_count > 0 ? 2 : 1;
  table.DescriptorTable.pDescriptorRanges = input_count > 0 ? ranges_.data() : &ranges_[1];
  table.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;

  desc_.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
  desc_.Desc_1_1.NumParameters = static_cast<UINT>(parameters_.size());
  desc_.Desc_1_1.pParameters = parameters_.data();
  desc_.Desc_1_1.NumStaticSamplers = 0;
  desc_.Desc_1_1.pStaticSamplers = nullptr;
  desc_.Desc_1_1.Flags = D3D12_ROOT_SIGNATURE_FLAG_NONE;
}

uint32_t RootSignatureLayout::RootWords() const {
  // A root descriptor costs two words, a descriptor table one (D3D12's root signature limits).
  return 2 + 1;
}

DescriptorLayout LayoutDescriptors(std::span<const gpu::Dispatch> plan) {
  DescriptorLayout layout;
  for (const gpu::Dispatch& d : plan) {
    std::vector<DescriptorSlot> table;
    for (size_t i = 0; i < d.inputs.size(); ++i) {
      table.push_back({d.inputs[i], false, static_cast<uint32_t>(i + 1)});
    }
    table.push_back({d.output, true, static_cast<uint32_t>(d.inputs.size() + 1)});
    layout.table_offsets.push_back(layout.descriptor_count);
    layout.descriptor_count += static_cast<uint32_t>(table.size());
    layout.tables.push_back(std::move(table));
  }
  if (layout.descriptor_count == 0) layout.descriptor_count = 1;
  return layout;
}

D3D12_SHADER_RESOURCE_VIEW_DESC RawSrvDesc(uint64_t bytes) {
  D3D12_SHADER_RESOURCE_VIEW_DESC desc{};
  desc.Format = DXGI_FORMAT_R32_TYPELESS;
  desc.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
  desc.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  desc.Buffer.FirstElement = 0;
  desc.Buffer.NumElements = static_cast<UINT>(bytes / 4);
  desc.Buffer.StructureByteStride = 0;
  desc.Buffer.Flags = D3D12_BUFFER_SRV_FLAG_RAW;
  return desc;
}

D3D12_UNORDERED_ACCESS_VIEW_DESC RawUavDesc(uint64_t bytes) {
  D3D12_UNORDERED_ACCESS_VIEW_DESC desc{};
  desc.Format = DXGI_FORMAT_R32_TYPELESS;
  desc.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
  desc.Buffer.FirstElement = 0;
  desc.Buffer.NumElements = static_cast<UINT>(bytes / 4);
  desc.Buffer.StructureByteStride = 0;
  desc.Buffer.CounterOffsetInBytes = 0;
  desc.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
  return desc;
}

uint64_t RawBufferBytes(uint64_t tensor_bytes) {
  const uint64_t words = (tensor_bytes + 3) / 4;
  return (words == 0 ? 1 : words) * 4;
}

}  // namespace dmlc::backends::d3d12
