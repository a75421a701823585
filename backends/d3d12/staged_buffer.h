// One tensor's buffers on a D3D12 device: the DEFAULT-heap buffer the GPU work reads and writes
// (unordered access allowed), an UPLOAD-heap buffer to fill it from the host, and for outputs a
// READBACK-heap buffer to read it back. Shared by the d3d12 and directml operators, which differ only in
// how large the bound buffer is (raw views of whole words). Not thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "backends/backend.h"
#include "backends/d3d12/d3d12_api.h"
#include "backends/d3d12/d3d12_device.h"
#include "ops/error.h"

namespace dmlc::backends::d3d12 {

struct StagedBuffer {
  // `buffer_bytes` >= `tensor_bytes`: what is bound; the bytes past the tensor are uploaded as zeros.
  static Result<StagedBuffer> Create(const Device& device, uint64_t tensor_bytes, uint64_t buffer_bytes, bool is_output);

  // Copies `tensor_bytes` from `source` into the upload buffer, zeros after them.
  Status Upload(const Device& device, const std::byte* source) const;
  // Copies `tensor_bytes` from the readback buffer into `destination`; outputs only.
  Status Download(const Device& device, std::byte* destination) const;

  uint64_t tensor_bytes = 0;  // TotalTensorSizeInBytes
  uint64_t buffer_bytes = 0;
  bool is_output = false;
  ComPtr<ID3D12Resource> device_buffer;  // DEFAULT heap
  ComPtr<ID3D12Resource> upload;         // UPLOAD heap
  ComPtr<ID3D12Resource> readback;       // READBACK heap; outputs only
};

// Uploads each binding's bytes, `inputs` then `outputs` in `buffers` order (ops::Bindings()): outputs
// too, so the stride gaps no kernel writes come back as the caller left them. The buffers were checked
// (gpu::CheckBuffers()).
Status UploadBindings(const Device& device, std::span<const StagedBuffer> buffers, std::span<const ConstBuffer> inputs,
                      std::span<const MutableBuffer> outputs);
// Reads each output of `buffers` back into `outputs`, in order.
Status DownloadOutputs(const Device& device, std::span<const StagedBuffer> buffers, std::span<const MutableBuffer> outputs);

}  // namespace dmlc::backends::d3d12
