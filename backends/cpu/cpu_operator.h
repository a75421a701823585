// The base of every CPU prepared operator: checks the buffers against the descs (count and size, so a
// short buffer is an error rather than an out-of-bounds access), times the work, and hands the kernel
// its buffers. One virtual call per Execute; kernels do their type dispatch once inside Run().
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "backends/thread_pool.h"
#include "ops/error.h"
#include "ops/tensor_desc.h"

namespace dmlc::backends::cpu {

// Below this many elements a task is not worth a thread hand-off; small cases stay single-threaded.
inline constexpr uint64_t kMinElementsPerTask = uint64_t{1} << 15;

// Rows per task so that each task covers at least kMinElementsPerTask elements.
inline uint64_t RowGrain(uint64_t row_length) {
  return row_length >= kMinElementsPerTask ? 1 : kMinElementsPerTask / row_length;
}

class CpuOperator : public PreparedOperator {
 public:
  // `inputs` and `outputs` in ops::Bindings() order; `scope` names the operator in errors ("JOIN").
  CpuOperator(std::string scope, const std::vector<const ops::TensorDesc*>& inputs,
              const std::vector<const ops::TensorDesc*>& outputs, std::shared_ptr<ThreadPool> pool);

  Result<Timing> Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) final;

 protected:
  // Buffers are checked: as many as bindings, each large enough for every logical element.
  virtual Status Run(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) = 0;
  ThreadPool& pool() const { return *pool_; }
  const std::string& scope() const { return scope_; }

 private:
  Status CheckBuffers(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) const;

  std::string scope_;
  std::vector<uint64_t> input_bytes_;
  std::vector<uint64_t> output_bytes_;
  std::shared_ptr<ThreadPool> pool_;
};

}  // namespace dmlc::backends::cpu
