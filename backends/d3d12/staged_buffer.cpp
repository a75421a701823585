#include "backends/d3d12/staged_buffer.h"

#include <cstring>

namespace dmlc::backends::d3d12 {

Result<StagedBuffer> StagedBuffer::Create(const Device& device, uint64_t tensor_bytes, uint64_t buffer_bytes, bool is_output) {
  StagedBuffer b;
  b.tensor_bytes = tensor_bytes;
  b.buffer_bytes = buffer_bytes;
  b.is_output = is_output;
  Result<ComPtr<ID3D12Resource>> gpu = device.CreateBuffer(buffer_bytes, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON);
  if (!gpu.ok()) return gpu.error();
  Result<ComPtr<ID3D12Resource>> upload = device.CreateBuffer(buffer_bytes, D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ);
  if (!upload.ok()) return upload.error();
  b.device_buffer = *gpu;
  b.upload = *upload;
  if (is_output) {
    Result<ComPtr<ID3D12Resource>> readback = device.CreateBuffer(buffer_bytes, D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST);
    if (!readback.ok()) return readback.error();
    b.readback = *readback;
  }
  return b;
}

Status StagedBuffer::Upload(const Device& device, const std::byte* source) const {
  void* mapped = nullptr;
  HRESULT hr = upload->Map(0, nullptr, &mapped);
  if (FAILED(hr)) return device.DeviceError("Map(upload)", hr);
  std::memcpy(mapped, source, tensor_bytes);
  std::memset(static_cast<std::byte*>(mapped) + tensor_bytes, 0, buffer_bytes - tensor_bytes);
  upload->Unmap(0, nullptr);
  return OkStatus();
}

Status StagedBuffer::Download(const Device& device, std::byte* destination) const {
  void* mapped = nullptr;
  const D3D12_RANGE read{0, static_cast<SIZE_T>(tensor_bytes)};
  HRESULT hr = readback->Map(0, &read, &mapped);
  if (FAILED(hr)) return device.DeviceError("Map(readback)", hr);
  std::memcpy(destination, mapped, tensor_bytes);
  const D3D12_RANGE written{0, 0};
  readback->Unmap(0, &written);
  return OkStatus();
}

Status UploadBindings(const Device& device, std::span<const StagedBuffer> buffers, std::span<const ConstBuffer> inputs,
                      std::span<const MutableBuffer> outputs) {
  for (size_t i = 0; i < buffers.size(); ++i) {
    const std::byte* source = i < inputs.size() ? inputs[i].data() : outputs[i - inputs.size()].data();
    DMLC_RETURN_IF_ERROR(buffers[i].Upload(device, source));
  }
  return OkStatus();
}

Status DownloadOutputs(const Device& device, std::span<const StagedBuffer> buffers, std::span<const MutableBuffer> outputs) {
  size_t next = 0;
  for (const StagedBuffer& t : buffers) {
    if (t.is_output) DMLC_RETURN_IF_ERROR(t.Download(device, outputs[next++].data()));
  }
  return OkStatus();
}

}  // namespace dmlc::backends::d3d12
