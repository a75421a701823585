// FLOAT32 subnormals flushed to zero: the one latitude the comparison grants a backend's arithmetic on
// the values it computes, beside the tolerances.
//
// Direct3D's floating-point rules let a GPU flush 32-bit float subnormals to sign-preserved zero on the
// input and the output of any arithmetic (D3D11.3 functional spec, "32-bit floating point"; shader model
// 6.2's default fp32 denorm mode is "any"), and Vulkan drivers do so unless a shader asks to preserve
// them. DirectML's REDUCE on such a GPU inherits that. FLOAT16 and FLOAT64 subnormals must be preserved
// (shader model 6.2 preserves 16-bit denormals), and data movement copies bits, so neither gets this.
//
// So for a REDUCE over FLOAT32 input, an output element also passes when it matches, under the same
// tolerance, the "flushed reference": the reference computed from the inputs with every subnormal
// flushed, its FLOAT32 outputs flushed too. That admits ARGMAX choosing the first of {0, 2^-149} (equal
// once flushed), MIN/MAX/MULTIPLY answering 0 for a subnormal, and an output flushed to 0. Flushes in
// the middle of a sum (a partial sum or a square below 2^-126) are the data bounds' part: error_bound.h
// charges 2^-126 per operation for FLOAT32.
//
// Thread-safe (pure functions).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "ops/operator_desc.h"

namespace dmlc::app {

// Whether the comparison admits the flushed reference for `desc`: a REDUCE whose input is FLOAT32.
bool AdmitsFlushToZero(const ops::OperatorDesc& desc);

// `bits` (a FLOAT32) as a flushing backend sees it: a subnormal becomes a zero of its sign.
uint32_t FlushedFloat32(uint32_t bits);
// Whether `buffer`, read as consecutive 4-byte floats (a trailing partial word left out), holds a subnormal.
bool HasFloat32Subnormal(std::span<const std::byte> buffer);
// Replaces every FLOAT32 subnormal in `buffer` (read as above) by a zero of its sign.
void FlushFloat32Subnormals(std::span<std::byte> buffer);

}  // namespace dmlc::app
