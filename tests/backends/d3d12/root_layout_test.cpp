// The binding model derived from dispatch plans: root signature, descriptor tables and raw views.
#include "backends/d3d12/root_layout.h"

#include <gtest/gtest.h>

namespace dmlc::backends::d3d12 {
namespace {

gpu::Dispatch MakeDispatch(std::vector<uint32_t> inputs, uint32_t output) {
  gpu::Dispatch d;
  d.kernel = "copy_b4";
  d.inputs = std::move(inputs);
  d.output = output;
  return d;
}

TEST(RootSignatureLayout, TwoInputsTakeT1T2AndTheOutputU3) {
  const RootSignatureLayout layout(2);
  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC& desc = layout.desc();
  ASSERT_EQ(desc.Version, D3D_ROOT_SIGNATURE_VERSION_1_1);
  ASSERT_EQ(desc.Desc_1_1.NumParameters, 2u);
  EXPECT_EQ(desc.Desc_1_1.NumStaticSamplers, 0u);
  // A root CBV, not root constants: vkd3d-proton refuses run-time indexing of root constants.
  const D3D12_ROOT_PARAMETER1& params = desc.Desc_1_1.pParameters[kParamsParameter];
  EXPECT_EQ(params.ParameterType, D3D12_ROOT_PARAMETER_TYPE_CBV);
  EXPECT_EQ(params.Descriptor.ShaderRegister, 0u);
  EXPECT_EQ(params.Descriptor.RegisterSpace, 0u);
  EXPECT_EQ(params.Descriptor.Flags, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC);
  const D3D12_ROOT_PARAMETER1& table = desc.Desc_1_1.pParameters[kDescriptorTableParameter];
  EXPECT_EQ(table.ParameterType, D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE);
  ASSERT_EQ(table.DescriptorTable.NumDescriptorRanges, 2u);
  const D3D12_DESCRIPTOR_RANGE1& srvs = table.DescriptorTable.pDescriptorRanges[0];
  EXPECT_EQ(srvs.RangeType, D3D12_DESCRIPTOR_RANGE_TYPE_SRV);
  EXPECT_EQ(srvs.NumDescriptors, 2u);
  EXPECT_EQ(srvs.BaseShaderRegister, 1u);
  EXPECT_EQ(srvs.OffsetInDescriptorsFromTableStart, 0u);
  const D3D12_DESCRIPTOR_RANGE1& uav = table.DescriptorTable.pDescriptorRanges[1];
  EXPECT_EQ(uav.RangeType, D3D12_DESCRIPTOR_RANGE_TYPE_UAV);
  EXPECT_EQ(uav.NumDescriptors, 1u);
  EXPECT_EQ(uav.BaseShaderRegister, 3u);
  EXPECT_EQ(uav.OffsetInDescriptorsFromTableStart, 2u);
  EXPECT_EQ(layout.RootWords(), 3u);  // a root descriptor's 2 and the table's 1, of D3D12's 64
}

TEST(RootSignatureLayout, NoInputsLeaveOnlyTheUavRangeAtU1) {
  const RootSignatureLayout layout(0);
  const D3D12_ROOT_PARAMETER1& table = layout.desc().Desc_1_1.pParameters[kDescriptorTableParameter];
  ASSERT_EQ(table.DescriptorTable.NumDescriptorRanges, 1u);
  const D3D12_DESCRIPTOR_RANGE1& uav = table.DescriptorTable.pDescriptorRanges[0];
  EXPECT_EQ(uav.RangeType, D3D12_DESCRIPTOR_RANGE_TYPE_UAV);
  EXPECT_EQ(uav.BaseShaderRegister, 1u);
  EXPECT_EQ(uav.OffsetInDescriptorsFromTableStart, 0u);
}

TEST(LayoutDescriptors, JoinPlanGetsOneTablePerDispatch) {
  // JOIN of three inputs: one copy per input into the output, binding 3.
  const std::vector<gpu::Dispatch> plan = {MakeDispatch({0}, 3), MakeDispatch({1}, 3), MakeDispatch({2}, 3)};
  const DescriptorLayout layout = LayoutDescriptors(plan);
  ASSERT_EQ(layout.tables.size(), 3u);
  EXPECT_EQ(layout.table_offsets, (std::vector<uint32_t>{0, 2, 4}));
  EXPECT_EQ(layout.descriptor_count, 6u);
  for (uint32_t i = 0; i < 3; ++i) {
    ASSERT_EQ(layout.tables[i].size(), 2u);
    EXPECT_EQ(layout.tables[i][0].binding, i);
    EXPECT_FALSE(layout.tables[i][0].writable);
    EXPECT_EQ(layout.tables[i][0].shader_register, 1u);
    EXPECT_EQ(layout.tables[i][1].binding, 3u);
    EXPECT_TRUE(layout.tables[i][1].writable);
    EXPECT_EQ(layout.tables[i][1].shader_register, 2u);
  }
}

TEST(LayoutDescriptors, GatherBindsInputIndicesThenOutput) {
  const std::vector<gpu::Dispatch> plan = {MakeDispatch({0, 1}, 2)};
  const DescriptorLayout layout = LayoutDescriptors(plan);
  ASSERT_EQ(layout.tables.size(), 1u);
  const std::vector<DescriptorSlot>& t = layout.tables[0];
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].binding, 0u);
  EXPECT_EQ(t[0].shader_register, 1u);
  EXPECT_EQ(t[1].binding, 1u);
  EXPECT_EQ(t[1].shader_register, 2u);
  EXPECT_EQ(t[2].binding, 2u);
  EXPECT_TRUE(t[2].writable);
  EXPECT_EQ(t[2].shader_register, 3u);
  EXPECT_EQ(layout.descriptor_count, 3u);
}

TEST(LayoutDescriptors, DiagonalMatrixBindsOnlyItsOutputAtU1) {
  const DescriptorLayout layout = LayoutDescriptors(std::vector<gpu::Dispatch>{MakeDispatch({}, 0)});
  ASSERT_EQ(layout.tables.size(), 1u);
  ASSERT_EQ(layout.tables[0].size(), 1u);
  EXPECT_EQ(layout.tables[0][0].binding, 0u);
  EXPECT_TRUE(layout.tables[0][0].writable);
  EXPECT_EQ(layout.tables[0][0].shader_register, 1u);
  EXPECT_EQ(layout.descriptor_count, 1u);
}

TEST(LayoutDescriptors, EmptyPlanStillSizesTheHeapToOne) {
  const DescriptorLayout layout = LayoutDescriptors({});
  EXPECT_TRUE(layout.tables.empty());
  EXPECT_EQ(layout.descriptor_count, 1u);
}

TEST(RawViews, AddressWholeWords) {
  const D3D12_SHADER_RESOURCE_VIEW_DESC srv = RawSrvDesc(40);
  EXPECT_EQ(srv.Format, DXGI_FORMAT_R32_TYPELESS);
  EXPECT_EQ(srv.ViewDimension, D3D12_SRV_DIMENSION_BUFFER);
  EXPECT_EQ(srv.Shader4ComponentMapping, static_cast<UINT>(D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING));
  EXPECT_EQ(srv.Buffer.FirstElement, 0u);
  EXPECT_EQ(srv.Buffer.NumElements, 10u);
  EXPECT_EQ(srv.Buffer.StructureByteStride, 0u);
  EXPECT_EQ(srv.Buffer.Flags, D3D12_BUFFER_SRV_FLAG_RAW);
  const D3D12_UNORDERED_ACCESS_VIEW_DESC uav = RawUavDesc(8);
  EXPECT_EQ(uav.Format, DXGI_FORMAT_R32_TYPELESS);
  EXPECT_EQ(uav.ViewDimension, D3D12_UAV_DIMENSION_BUFFER);
  EXPECT_EQ(uav.Buffer.NumElements, 2u);
  EXPECT_EQ(uav.Buffer.Flags, D3D12_BUFFER_UAV_FLAG_RAW);
}

TEST(RawBufferBytes, RoundsUpToWordsAndNeverZero) {
  EXPECT_EQ(RawBufferBytes(0), 4u);
  EXPECT_EQ(RawBufferBytes(1), 4u);
  EXPECT_EQ(RawBufferBytes(3), 4u);
  EXPECT_EQ(RawBufferBytes(4), 4u);
  EXPECT_EQ(RawBufferBytes(5), 8u);
  EXPECT_EQ(RawBufferBytes(37), 40u);
  EXPECT_EQ(RawBufferBytes(uint64_t{1} << 33), uint64_t{1} << 33);
}

}  // namespace
}  // namespace dmlc::backends::d3d12
