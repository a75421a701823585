// Element access for the plain backend, one obvious step at a time: a logical (row-major) element
// number becomes coordinates, coordinates become a byte offset through the strides, and values travel
// as double (floating-point types, exact for all three) or as 64 bits (integer types: signed ones
// sign-extended, so that arithmetic modulo 2^64 followed by StoreInteger wraps modulo 2^n).
// Buffers carry no alignment promise: every access goes through memcpy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "ops/tensor_desc.h"

namespace dmlc::backends::plain {

using Coordinates = std::vector<uint64_t>;

// The product of Sizes (validated descs keep it within 32 bits).
uint64_t ElementCount(const ops::TensorDesc& desc);
// Logical element `index` as coordinates, the last dimension changing fastest.
Coordinates CoordinatesOf(const ops::TensorDesc& desc, uint64_t index);
// sum(coord[d] * Strides[d]) elements, in bytes; packed strides where the desc gives none.
uint64_t ByteOffset(const ops::TensorDesc& desc, const Coordinates& coord);
// Bytes from the buffer's start to the end of the element farthest from it.
uint64_t SpannedBytes(const ops::TensorDesc& desc);

// The element at `coord`; aborts (an internal bug) when it lies outside the buffer.
const std::byte* ElementAt(const ops::TensorDesc& desc, ConstBuffer buffer, const Coordinates& coord);
std::byte* ElementAt(const ops::TensorDesc& desc, MutableBuffer buffer, const Coordinates& coord);
// Copies one element's bytes: data movement keeps every bit, NaN payloads included.
void CopyElement(std::byte* to, const std::byte* from, ops::DataType type);

// FLOAT16, FLOAT32, FLOAT64 to double, exactly.
double LoadFloat(const std::byte* p, ops::DataType type);
// Rounds `value` once to the type, to nearest even (FLOAT16 through ops::DoubleToHalf).
void StoreFloat(std::byte* p, ops::DataType type, double value);
// An integer element widened to 64 bits: sign-extended for signed types, zero-extended otherwise.
uint64_t LoadInteger(const std::byte* p, ops::DataType type);
// The low bits of `value` that the type holds: value modulo 2^n.
void StoreInteger(std::byte* p, ops::DataType type, uint64_t value);

// An index into a dimension of `size` elements (GATHER_ND1, ONE_HOT): for signed types a negative
// index counts from the end; nullopt when the result lies outside [0, size).
std::optional<uint64_t> ResolveIndex(uint64_t loaded, ops::DataType type, uint64_t size);

}  // namespace dmlc::backends::plain
