// The backend interface every backend implements (cpu, plain, vulkan, d3d12, directml). A backend receives
// descs that ops::ValidateAt() has accepted and does not validate them again; it says whether it supports
// a desc (and why not), prepares an executable operator once, and runs it on byte buffers laid out exactly
// as the tensor descs say (strides included). Mirrors IREE's driver/device split, kept to a few methods.
// A backend over an API that compiles descs itself (directml) adds api_backend.h's ApiBackend.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::backends {

// Read-only input buffer: TotalTensorSizeInBytes bytes of the binding's desc.
using ConstBuffer = std::span<const std::byte>;
// Output buffer: the backend writes only the logical elements' bytes, never stride gaps or beyond.
using MutableBuffer = std::span<std::byte>;

struct DeviceInfo {
  std::string name;    // "llvmpipe (LLVM 15.0.6, 256 bits)", "host CPU (2 threads)"
  std::string driver;  // driver name and version, "" where none applies
  // What matters for conformance, as key/value pairs in display order ("shaderFloat64": "yes").
  std::vector<std::pair<std::string, std::string>> properties;
};

// Whether a backend can run a desc; `reason` says why not ("shaderFloat64 not supported by device").
struct Support {
  bool supported = true;
  std::string reason;
  static Support Yes() { return {}; }
  static Support No(std::string why) { return {false, std::move(why)}; }
};

// One execution's timings, in milliseconds.
struct Timing {
  double cpu_ms = 0;                  // host time around the work (submit and wait on a GPU)
  std::optional<double> gpu_ms;       // device time from timestamp queries, when the backend has it
};

// A desc prepared for repeated execution. Not thread-safe: one Execute() at a time.
class PreparedOperator {
 public:
  virtual ~PreparedOperator() = default;
  // `inputs` and `outputs` follow ops::Bindings() order; each span holds at least
  // TotalTensorSizeInBytes bytes. Errors: a device failure (naming the API result) or buffers that break
  // that contract (a caller's mistake: dml-bench, a test).
  virtual Result<Timing> Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) = 0;

  // Steady-state timing, as conformance tools bind once and dispatch many times: uploads `inputs` (and
  // the outputs' current bytes) once, runs `iterations` (>= 1) back-to-back executions on the resident
  // buffers with no transfers between them, and downloads the outputs once at the end. The outputs equal
  // one Execute()'s. Returns one Timing per execution, in order: gpu_ms from timestamps around that
  // execution's dispatches where the backend has them; cpu_ms is the host time of the whole batch over
  // `iterations` where executions are not timed apart on the host. The default loops Execute(), which is
  // right for backends whose buffers are host memory (cpu). Errors: as Execute(), and iterations < 1.
  virtual Result<std::vector<Timing>> ExecuteRepeated(std::span<const ConstBuffer> inputs,
                                                      std::span<const MutableBuffer> outputs, int iterations);
};

// OkStatus() for iterations >= 1; else the error every ExecuteRepeated() returns.
Status CheckIterations(int iterations);

// A backend bound to one device. Thread-safety: Supports() may be called concurrently; Prepare() and
// the operators it returns are used by one thread at a time unless ThreadSafe() says otherwise.
class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string_view Name() const = 0;
  virtual const DeviceInfo& Device() const = 0;
  // True when several threads may each Prepare() and Execute() their own operators at once.
  virtual bool ThreadSafe() const = 0;
  virtual Support Supports(const ops::OperatorDesc& desc) const = 0;
  // Takes a desc Supports() accepted: the caller asks Supports() first, once, and a backend does not
  // ask it again (the GPU backends keep the verdict with the desc's plan, gpu::PlanCache; directml's API
  // refuses what it cannot run). A desc Supports() refused still gets an error here, never a crash.
  virtual Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::OperatorDesc& desc) = 0;
};

}  // namespace dmlc::backends
