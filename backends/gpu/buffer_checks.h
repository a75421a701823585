// The checks every GPU backend makes on the buffers handed to Execute() before it stages them: one
// buffer per binding of the desc, each at least TotalTensorSizeInBytes long. The runner passes well-formed buffers; these catch a caller's mistake
// (dml-bench, a test) as an error instead of a read past the end. Pure, thread-safe.
#pragma once

#include <span>
#include <string>

#include "backends/backend.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::backends::gpu {

// `scope` names the backend in the error ("vulkan"); a short buffer's error has the binding's name as
// its path. `desc` is validated.
Status CheckBuffers(const std::string& scope, const ops::OperatorDesc& desc, std::span<const ConstBuffer> inputs,
                    std::span<const MutableBuffer> outputs);

}  // namespace dmlc::backends::gpu
