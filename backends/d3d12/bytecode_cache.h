// Compiled kernels kept between runs and shared by the processes of one machine, one file per kernel
// variant in the backends' cache folder (`--pipeline-cache DIR`): FXC takes minutes over a REDUCE
// variant and DXC a fraction of a second, and without it each worker of each run compiled each kernel it
// met again. A file is named by the kernel and a key over everything its bytecode depends on (the
// compiler's identity, the expanded source, the defines), so a changed kernel or compiler never reads an
// old file. The compile and the write happen under a lock file beside it: of several workers that want
// one kernel, one compiles and the others wait and read. A file that is not what it claims (truncated,
// corrupt, another key) is ignored with one warning and replaced. Thread-safe: no state but the folder.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ops/error.h"

namespace dmlc::backends::d3d12 {

class BytecodeCache {
 public:
  // An empty `folder` turns the cache off: Get() compiles every time.
  explicit BytecodeCache(std::filesystem::path folder) : folder_(std::move(folder)) {}

  using CompileFn = std::function<Result<std::vector<uint8_t>>()>;
  // Kernel `name`'s bytecode: the file keyed by `key` (BytecodeKey()) when it holds it, else `compile`'s,
  // which is then saved. A compile error is returned and nothing saved. A folder that cannot be written
  // costs a warning once per process, and the bytecode is compiled as without a cache.
  Result<std::vector<uint8_t>> Get(std::string_view name, uint64_t key, const CompileFn& compile) const;

  // The file Get() reads and writes for `name` and `key`.
  std::filesystem::path FileFor(std::string_view name, uint64_t key) const;

 private:
  std::filesystem::path folder_;
};

// FNV-1a over each part with its length: the compiler's identity (name, target, the library's size),
// the expanded source and each define.
uint64_t BytecodeKey(const std::vector<std::string_view>& parts);

}  // namespace dmlc::backends::d3d12
