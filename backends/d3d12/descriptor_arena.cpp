#include "backends/d3d12/descriptor_arena.h"

#include <algorithm>

#include "backends/d3d12/d3d12_device.h"
#include "ops/check.h"

namespace dmlc::backends::d3d12 {
namespace {

Result<ComPtr<ID3D12DescriptorHeap>> CreateHeap(const Device& device, uint32_t count) {
  D3D12_DESCRIPTOR_HEAP_DESC desc{};
  desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
  desc.NumDescriptors = count;
  desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
  ComPtr<ID3D12DescriptorHeap> heap;
  const HRESULT hr = device.device()->CreateDescriptorHeap(&desc, __uuidof(ID3D12DescriptorHeap),
                                                           reinterpret_cast<void**>(heap.GetAddressOf()));
  if (FAILED(hr)) return device.DeviceError("CreateDescriptorHeap(" + std::to_string(count) + " descriptors)", hr);
  return heap;
}

}  // namespace

DescriptorRange& DescriptorRange::operator=(DescriptorRange&& other) noexcept {
  if (this == &other) return *this;
  Release();
  arena_ = std::exchange(other.arena_, nullptr);
  heap_ = std::move(other.heap_);
  offset_ = other.offset_;
  count_ = std::exchange(other.count_, 0);
  cpu_ = other.cpu_;
  gpu_ = other.gpu_;
  increment_ = other.increment_;
  return *this;
}

void DescriptorRange::Release() {
  if (arena_ != nullptr) arena_->Free(offset_, count_);
  arena_ = nullptr;
  heap_.Reset();
  count_ = 0;
}

DescriptorArena::~DescriptorArena() {
  DMLC_CHECK(ranges_.in_use() == 0) << ranges_.in_use() << " descriptors still held by an operator outliving its device";
}

Result<DescriptorRange> DescriptorArena::Allocate(uint32_t count) {
  count = std::max(count, 1u);
  DescriptorRange range;
  range.count_ = count;
  range.increment_ = device_.device()->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  {
    std::lock_guard lock(mutex_);
    if (!heap_) {
      Result<ComPtr<ID3D12DescriptorHeap>> heap = CreateHeap(device_, ranges_.capacity());
      if (!heap.ok()) return heap.error();
      heap_ = *heap;
    }
    if (std::optional<uint32_t> offset = ranges_.Allocate(count)) {
      range.arena_ = this;
      range.heap_ = heap_;
      range.offset_ = *offset;
    }
  }
  if (!range.heap_) {
    Result<ComPtr<ID3D12DescriptorHeap>> own = CreateHeap(device_, count);
    if (!own.ok()) return own.error();
    range.heap_ = *own;
  }
  range.cpu_ = range.heap_->GetCPUDescriptorHandleForHeapStart();
  range.gpu_ = range.heap_->GetGPUDescriptorHandleForHeapStart();
  return range;
}

uint32_t DescriptorArena::in_use() const {
  std::lock_guard lock(mutex_);
  return ranges_.in_use();
}

void DescriptorArena::Free(uint32_t offset, uint32_t count) {
  std::lock_guard lock(mutex_);
  ranges_.Free(offset, count);
}

}  // namespace dmlc::backends::d3d12
