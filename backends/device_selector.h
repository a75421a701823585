// The one `--device` rule of every backend: "" is the first device, digits its index, anything else the
// first device whose name contains it, ignoring ASCII case ("h200" finds "NVIDIA H200"). Digits are
// always an index: "1" on a backend with one device is an error even where its name holds a 1. The error
// names the backend and lists its devices. Pure.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ops/error.h"

namespace dmlc::backends {

// `names` in the backend's device order; `backend` names the error's source ("vulkan").
Result<size_t> SelectDevice(std::string_view backend, std::string_view selector, const std::vector<std::string>& names);

}  // namespace dmlc::backends
