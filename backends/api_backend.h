// What a backend over an API that compiles and validates descs itself (directml: IDMLDevice::CreateOperator
// and CompileOperator) offers besides backend.h's Backend: operators compiled with the API's execution
// flags, and the API's own verdict on a desc. Backends that run their own kernels have neither, and
// implement only Backend. A backend offers this by deriving from ApiBackend as well as from Backend;
// ApiOf() asks, as COM's QueryInterface asks an object for an interface. Its registry entry says which
// execution flags it honours (BackendTraits::execution_flags). Called like Backend::Prepare(): one
// thread at a time unless the backend is ThreadSafe().
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "backends/backend.h"
#include "ops/error.h"
#include "ops/execution_flags.h"
#include "ops/operator_desc.h"

namespace dmlc::backends {

// What the API made of one desc, valid or not by the spec: the runner compares it with the spec's
// verdict (docs/backends.md, "Validation findings").
struct ApiVerdict {
  bool accepted = false;
  std::string detail;  // on refusal: the API's result by name and value, then its debug messages
  // The refusal came from a lost or removed device, not from the desc: no verdict on it. The case is an
  // error, and the worker is replaced, as for a device lost while executing.
  bool device_lost = false;
};

class ApiBackend {
 public:
  virtual ~ApiBackend() = default;
  // Backend::Prepare() with DirectML's execution flags (ops/execution_flags.h); Prepare(desc) is this
  // with none. Takes a desc Supports() accepted, as Prepare() does.
  virtual Result<std::unique_ptr<PreparedOperator>> PrepareWithFlags(const ops::OperatorDesc& desc,
                                                                     ops::ExecutionFlags flags) = 0;
  // The API's verdict on `desc`, which need not be valid (the runner asks it about must-reject cases
  // too); nullopt where the desc cannot be put to the API at all.
  virtual std::optional<ApiVerdict> JudgeDesc(const ops::OperatorDesc& desc) = 0;
};

// `backend`'s ApiBackend; nullptr for a backend that runs its own kernels.
inline ApiBackend* ApiOf(Backend& backend) { return dynamic_cast<ApiBackend*>(&backend); }

}  // namespace dmlc::backends
