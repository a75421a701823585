// The D3D12 smoke test: creates the device, round-trips buffers of every element size through upload,
// a device-local copy and readback in a command list recorded as operators record theirs
// (RecordedCommands), reads timestamps around the copy, and checks the struct-returning
// methods the operator's descriptor setup calls. Needs a D3D12 runtime (Windows,
// WSL, or Wine's vkd3d in CI); without one it skips, unless DMLC_REQUIRE_D3D12=1 (set by
// scripts/windows_ci.sh) makes a missing runtime a failure.
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "backends/d3d12/d3d12_device.h"
#include "backends/d3d12/recorded_commands.h"
#include "backends/d3d12/resource_states.h"
#include "backends/d3d12/root_layout.h"
#include "backends/gpu/execution_timings.h"
#include "backends/registry.h"

namespace dmlc::backends::d3d12 {
namespace {

bool Required() {
  const char* value = std::getenv("DMLC_REQUIRE_D3D12");
  return value != nullptr && std::string(value) == "1";
}

class D3D12Smoke : public ::testing::Test {
 protected:
  void SetUp() override {
    Result<std::unique_ptr<Device>> device = Device::Create("", false);
    if (!device.ok()) {
      if (Required()) FAIL() << device.error().ToString();
      GTEST_SKIP() << device.error().ToString();
    }
    device_ = std::move(*device);
  }

  // Copies `bytes` through UPLOAD -> DEFAULT -> READBACK and returns what came back and the GPU time.
  std::vector<uint8_t> RoundTrip(const std::vector<uint8_t>& bytes, double& gpu_ms) {
    const uint64_t size = RawBufferBytes(bytes.size());
    auto upload = device_->CreateBuffer(size, D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ);
    auto local = device_->CreateBuffer(size, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON);
    auto readback = device_->CreateBuffer(size, D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST);
    EXPECT_TRUE(upload.ok() && local.ok() && readback.ok());
    if (!upload.ok() || !local.ok() || !readback.ok()) return {};
    void* mapped = nullptr;
    EXPECT_TRUE(SUCCEEDED((*upload)->Map(0, nullptr, &mapped)));
    std::memset(mapped, 0xEE, size);  // the padding word's tail must not leak into the result
    std::memcpy(mapped, bytes.data(), bytes.size());
    (*upload)->Unmap(0, nullptr);

    Result<std::unique_ptr<RecordedCommands>> commands = RecordedCommands::Create(*device_, 1);
    EXPECT_TRUE(commands.ok()) << (commands.ok() ? "" : commands.error().ToString());
    if (!commands.ok()) return {};
    Status recorded = (*commands)->Record([&](ID3D12GraphicsCommandList* list) -> Status {
      ResourceStates states;
      states.Track(local->Get(), D3D12_RESOURCE_STATE_COMMON);
      states.Require(local->Get(), D3D12_RESOURCE_STATE_COPY_DEST);
      auto barriers = states.TakeBarriers();
      list->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
      (*commands)->WriteTimestamp(list, 0, false);
      list->CopyBufferRegion(local->Get(), 0, upload->Get(), 0, size);
      states.Require(local->Get(), D3D12_RESOURCE_STATE_COPY_SOURCE);
      barriers = states.TakeBarriers();
      list->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
      list->CopyBufferRegion(readback->Get(), 0, local->Get(), 0, size);
      (*commands)->WriteTimestamp(list, 0, true);
      states.Require(local->Get(), D3D12_RESOURCE_STATE_COMMON);
      barriers = states.TakeBarriers();
      list->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
      return OkStatus();
    });
    EXPECT_TRUE(recorded.ok()) << (recorded.ok() ? "" : recorded.error().ToString());
    if (!recorded.ok()) return {};
    Result<std::vector<uint64_t>> ticks = (*commands)->Submit();
    EXPECT_TRUE(ticks.ok()) << (ticks.ok() ? "" : ticks.error().ToString());
    if (!ticks.ok()) return {};
    const std::vector<Timing> timings = gpu::ExecutionTimings(1, 0, *ticks, device_->timestamp_clock());
    gpu_ms = timings[0].gpu_ms.value_or(0);  // none where the queue reports no timestamp frequency
    std::vector<uint8_t> out(bytes.size());
    const D3D12_RANGE read{0, static_cast<SIZE_T>(size)};
    EXPECT_TRUE(SUCCEEDED((*readback)->Map(0, &read, &mapped)));
    std::memcpy(out.data(), mapped, out.size());
    const D3D12_RANGE written{0, 0};
    (*readback)->Unmap(0, &written);
    return out;
  }

  std::unique_ptr<Device> device_;
};

TEST_F(D3D12Smoke, DeviceReportsNameDriverAndFeatures) {
  const DeviceInfo& info = device_->info();
  EXPECT_FALSE(info.name.empty());
  std::vector<std::string> keys;
  for (const auto& [key, value] : info.properties) keys.push_back(key);
  const std::vector<std::string> expected = {"software adapter", "dedicated memory", "shader model",
                                             "doubles (DoublePrecisionFloatShaderOps)",
                                             "64-bit shader ops (Int64ShaderOps)",
                                             "16-bit shader ops (Native16BitShaderOpsSupported)", "wave lanes",
                                             "timestamp frequency"};
  EXPECT_EQ(keys, expected);
  std::printf("d3d12 device: %s [%s]\n", info.name.c_str(), info.driver.c_str());
  for (const auto& [key, value] : info.properties) std::printf("  %s: %s\n", key.c_str(), value.c_str());
}

TEST_F(D3D12Smoke, BuffersOfEveryElementSizeRoundTripWithTimestamps) {
  // 37 elements: an odd count, so 1- and 2-byte tensors end inside a padding word.
  constexpr size_t kElements = 37;
  for (const size_t element_size : {1u, 2u, 4u, 8u}) {
    std::vector<uint8_t> bytes(kElements * element_size);
    for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 31 + element_size);
    double gpu_ms = -1;
    const std::vector<uint8_t> back = RoundTrip(bytes, gpu_ms);
    EXPECT_EQ(back, bytes) << element_size << "-byte elements";
    EXPECT_TRUE(std::isfinite(gpu_ms) && gpu_ms >= 0) << gpu_ms;
    std::printf("  %zu-byte elements: %zu bytes round-tripped, GPU copy time %.6f ms\n", element_size, bytes.size(), gpu_ms);
  }
}

// Methods returning a struct (the descriptor heap's starts, a resource's desc) follow MSVC's ABI in every
// D3D12 runtime; a mismatched caller reads garbage or faults (d3d12_api.h). Prepare() writes its views
// exactly like this.
TEST_F(D3D12Smoke, StructReturningMethodsFollowTheRuntimesAbi) {
  D3D12_DESCRIPTOR_HEAP_DESC heap_desc{};
  heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
  heap_desc.NumDescriptors = 2;
  heap_desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
  ComPtr<ID3D12DescriptorHeap> heap;
  ASSERT_TRUE(SUCCEEDED(device_->device()->CreateDescriptorHeap(&heap_desc, __uuidof(ID3D12DescriptorHeap),
                                                                reinterpret_cast<void**>(heap.GetAddressOf()))));
  EXPECT_EQ(heap->GetDesc().NumDescriptors, 2u);
  const D3D12_CPU_DESCRIPTOR_HANDLE cpu = heap->GetCPUDescriptorHandleForHeapStart();
  const D3D12_GPU_DESCRIPTOR_HANDLE gpu = heap->GetGPUDescriptorHandleForHeapStart();
  EXPECT_NE(cpu.ptr, 0u);
  EXPECT_NE(gpu.ptr, 0u);
  EXPECT_EQ(heap->GetCPUDescriptorHandleForHeapStart().ptr, cpu.ptr);
  EXPECT_EQ(heap->GetGPUDescriptorHandleForHeapStart().ptr, gpu.ptr);

  constexpr uint64_t kBytes = 64;
  Result<ComPtr<ID3D12Resource>> buffer = device_->CreateBuffer(kBytes, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON);
  ASSERT_TRUE(buffer.ok()) << buffer.error().ToString();
  const D3D12_RESOURCE_DESC desc = (*buffer)->GetDesc();
  EXPECT_EQ(desc.Dimension, D3D12_RESOURCE_DIMENSION_BUFFER);
  EXPECT_EQ(desc.Width, kBytes);
  EXPECT_EQ(desc.Flags, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
  const UINT increment = device_->device()->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  EXPECT_GT(increment, 0u);
  const D3D12_UNORDERED_ACCESS_VIEW_DESC uav = RawUavDesc(kBytes);
  device_->device()->CreateUnorderedAccessView(buffer->Get(), nullptr, &uav, cpu);
  const D3D12_SHADER_RESOURCE_VIEW_DESC srv = RawSrvDesc(kBytes);
  device_->device()->CreateShaderResourceView(buffer->Get(), &srv, {cpu.ptr + increment});
  EXPECT_TRUE(SUCCEEDED(device_->device()->GetDeviceRemovedReason()));
}

TEST_F(D3D12Smoke, OperatorsShareOneDescriptorHeapAndGiveTheirRangesBack) {
  DescriptorArena& arena = device_->descriptors();
  const uint32_t before = arena.in_use();
  Result<DescriptorRange> a = arena.Allocate(5);
  Result<DescriptorRange> b = arena.Allocate(3);
  ASSERT_TRUE(a.ok() && b.ok()) << (a.ok() ? b.error().ToString() : a.error().ToString());
  EXPECT_TRUE(a->shared() && b->shared());
  EXPECT_EQ(a->heap(), b->heap());
  const UINT increment = device_->device()->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  EXPECT_EQ(b->Cpu(0).ptr - a->Cpu(0).ptr, SIZE_T{5} * increment);  // side by side, first fit
  EXPECT_EQ(b->Gpu(2).ptr - a->Gpu(0).ptr, uint64_t{7} * increment);
  EXPECT_EQ(arena.in_use(), before + 8);
  const SIZE_T first = a->Cpu(0).ptr;
  *a = DescriptorRange();  // given back
  EXPECT_EQ(arena.in_use(), before + 3);
  Result<DescriptorRange> again = arena.Allocate(4);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->Cpu(0).ptr, first);

  // More than the shared heap holds: a heap of its own, which views can be written to.
  Result<DescriptorRange> big = arena.Allocate(70000);
  ASSERT_TRUE(big.ok()) << big.error().ToString();
  EXPECT_FALSE(big->shared());
  EXPECT_NE(big->heap(), b->heap());
  EXPECT_EQ(big->count(), 70000u);
  EXPECT_EQ(big->heap()->GetDesc().NumDescriptors, 70000u);
  EXPECT_EQ(b->heap()->GetDesc().NumDescriptors, 65536u);
  EXPECT_EQ(big->Cpu(69999).ptr - big->Cpu(0).ptr, SIZE_T{69999} * increment);
}

TEST_F(D3D12Smoke, BackendCreatesThroughTheRegistry) {
  Result<std::unique_ptr<Backend>> backend = CreateBackend("d3d12", BackendOptions{});
  ASSERT_TRUE(backend.ok()) << backend.error().ToString();
  EXPECT_EQ((*backend)->Name(), "d3d12");
  EXPECT_EQ((*backend)->Device().name, device_->info().name);
  const auto& props = (*backend)->Device().properties;
  ASSERT_FALSE(props.empty());
  EXPECT_EQ(props.back().first, "HLSL compiler");
  std::printf("  HLSL compiler: %s\n", props.back().second.c_str());
}

}  // namespace
}  // namespace dmlc::backends::d3d12
