// Buffers for a workload: 64-byte-aligned, touched once before timing (so page faults are not
// measured), inputs filled with deterministic data every operator accepts. Owned by the caller.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>
#include <vector>

#include "app/bench/workloads.h"
#include "backends/backend.h"

namespace dmlc::app::bench {

class AlignedBuffer {
 public:
  AlignedBuffer() = default;
  explicit AlignedBuffer(size_t bytes);  // zero-filled
  std::byte* data() { return data_.get(); }
  const std::byte* data() const { return data_.get(); }
  size_t size() const { return size_; }
  std::span<std::byte> span() { return {data_.get(), size_}; }
  std::span<const std::byte> span() const { return {data_.get(), size_}; }

 private:
  struct Free {
    void operator()(std::byte* p) const { std::free(p); }
  };
  std::unique_ptr<std::byte, Free> data_;
  size_t size_ = 0;
};

// Buffers for every binding of a workload, in ops::Bindings() order.
struct WorkloadBuffers {
  std::vector<AlignedBuffer> inputs;
  std::vector<AlignedBuffer> outputs;
  std::vector<backends::ConstBuffer> input_spans;
  std::vector<backends::MutableBuffer> output_spans;
};

// Inputs: IndicesTensor values in [0, index_limit) (a permutation of the rows for GATHER_ND1, seeded
// random for ONE_HOT); ValuesTensor {0, 1}; floats exp(u) with u uniform in [-0.1, 0.1] (positive for
// LOG_SUM, products that neither overflow nor reach subnormals); integers in {-1, 0, 1}.
WorkloadBuffers MakeBuffers(const Workload& workload);

}  // namespace dmlc::app::bench
