// Typed element access for the CPU kernels: one C++ storage type per DataType, loads and stores through
// memcpy (buffers carry no alignment promise), and the dispatchers that turn a runtime DataType into a
// template argument once per Execute, so inner loops are monomorphic and free of type switches.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ops/data_type.h"
#include "ops/float16.h"

namespace dmlc::backends::cpu {

// FLOAT16 storage: the IEEE binary16 bits. A distinct type so templates can tell it from UINT16.
struct Half {
  uint16_t bits;
};

template <class T>
inline constexpr bool kIsHalf = std::is_same_v<T, Half>;
template <class T>
inline constexpr bool kIsFloating = std::is_floating_point_v<T> || kIsHalf<T>;

// The type arithmetic sees: float for Half (exact), the storage type otherwise.
template <class T>
using ValueOf = std::conditional_t<kIsHalf<T>, float, T>;

template <class T>
inline ValueOf<T> Load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  if constexpr (kIsHalf<T>) {
    return ops::HalfToFloat(v.bits);
  } else {
    return v;
  }
}

template <class T>
inline void StoreRaw(std::byte* p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

// Rounds a double once to T's precision (round to nearest even); integers are not stored this way.
template <class T>
inline void StoreRounded(std::byte* p, double d) {
  if constexpr (kIsHalf<T>) {
    StoreRaw(p, Half{ops::DoubleToHalf(d)});
  } else {
    static_assert(std::is_floating_point_v<T>);
    StoreRaw(p, static_cast<T>(d));
  }
}

// Fills n unit-stride elements at p with v. An all-zero pattern goes through memset, whose large-size
// paths (rep stosb) write whole lines without reading them first; other values take a plain loop that
// the compiler vectorises.
template <class E>
inline void FillRow(std::byte* p, E v, uint64_t n) {
  E zero{};
  if (std::memcmp(&v, &zero, sizeof(E)) == 0) {
    std::memset(p, 0, n * sizeof(E));
    return;
  }
  for (uint64_t j = 0; j < n; ++j) StoreRaw(p + j * sizeof(E), v);
}

template <class T>
struct TypeTag {
  using type = T;
};

// Calls fn(TypeTag<T>{}) with T the storage type of `type`. The caller guarantees a known type.
template <class Fn>
decltype(auto) DispatchType(ops::DataType type, Fn&& fn) {
  using ops::DataType;
  switch (type) {
    case DataType::kFloat64: return fn(TypeTag<double>{});
    case DataType::kFloat32: return fn(TypeTag<float>{});
    case DataType::kFloat16: return fn(TypeTag<Half>{});
    case DataType::kInt64: return fn(TypeTag<int64_t>{});
    case DataType::kInt32: return fn(TypeTag<int32_t>{});
    case DataType::kInt16: return fn(TypeTag<int16_t>{});
    case DataType::kInt8: return fn(TypeTag<int8_t>{});
    case DataType::kUint64: return fn(TypeTag<uint64_t>{});
    case DataType::kUint32: return fn(TypeTag<uint32_t>{});
    case DataType::kUint16: return fn(TypeTag<uint16_t>{});
    case DataType::kUint8: return fn(TypeTag<uint8_t>{});
    case DataType::kUnknown: break;
  }
  return fn(TypeTag<uint8_t>{});  // unreachable for validated descs; keeps every path defined
}

// The four index types (GATHER_ND1 and ONE_HOT indices, ARGMIN/ARGMAX outputs).
template <class Fn>
decltype(auto) DispatchIndexType(ops::DataType type, Fn&& fn) {
  using ops::DataType;
  switch (type) {
    case DataType::kInt64: return fn(TypeTag<int64_t>{});
    case DataType::kUint64: return fn(TypeTag<uint64_t>{});
    case DataType::kInt32: return fn(TypeTag<int32_t>{});
    default: return fn(TypeTag<uint32_t>{});
  }
}

// Data movement only cares about width: one unsigned type per element size.
template <class Fn>
decltype(auto) DispatchElementSize(uint32_t size, Fn&& fn) {
  switch (size) {
    case 8: return fn(TypeTag<uint64_t>{});
    case 4: return fn(TypeTag<uint32_t>{});
    case 2: return fn(TypeTag<uint16_t>{});
    default: return fn(TypeTag<uint8_t>{});
  }
}

}  // namespace dmlc::backends::cpu
