// DML_EXECUTION_FLAGS, which a case compiles its operator with (IDMLDevice::CompileOperator): the bits
// and names are DirectML's. Only the directml backend acts on them; backends that run their own kernels
// have no metacommands and compute at the tensors' own precision, so the flags change nothing there.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace dmlc::ops {

using ExecutionFlags = uint32_t;

inline constexpr ExecutionFlags kExecutionFlagNone = 0x0;
// FLOAT16 operators may compute in half precision: a tolerance for FLOAT16 outputs (app/engine/tolerance).
inline constexpr ExecutionFlags kExecutionFlagAllowHalfPrecisionComputation = 0x1;
// DirectML's own shaders instead of the driver's metacommands (the A/B of `run --ab-metacommands`).
inline constexpr ExecutionFlags kExecutionFlagDisableMetaCommands = 0x2;
inline constexpr ExecutionFlags kExecutionFlagDescriptorsVolatile = 0x4;
inline constexpr ExecutionFlags kAllExecutionFlags = 0x7;

// The names without "DML_EXECUTION_FLAG_", NONE first.
std::span<const std::string_view> ExecutionFlagNames();
// One name, with or without the "DML_EXECUTION_FLAG_" prefix ("NONE" is 0); nullopt when unknown.
std::optional<ExecutionFlags> ParseExecutionFlag(std::string_view name);
// "ALLOW_HALF_PRECISION_COMPUTATION|DISABLE_META_COMMANDS"; "NONE" for 0.
std::string ExecutionFlagsText(ExecutionFlags flags);

}  // namespace dmlc::ops
