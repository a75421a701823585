// Span kernels of the integer REDUCE fast paths (reduce_int.cpp), for the eight integer types. One set of
// templates (reduce_int_kernels.inc, plain loops the compiler vectorises) is compiled three times: for
// the baseline ISA (reduce_int_portable.cpp), with AVX2 and with AVX-512 (reduce_int_x86.cpp, target
// pragmas, never -march); ActiveIntKernels<T>() picks the widest the CPU has once at run time.
//
// Exactness: integer SUM, MULTIPLY, L1 and SUM_SQUARE wrap modulo 2^n (reduce_functions.h's IntReduce
// computes in uint64 and truncates). Arithmetic modulo 2^n is associative and commutative, so the kernels
// accumulate in the n-bit unsigned type, in any order and in any number of lanes, and every order gives
// the same bits. MIN and MAX are order-free; ARGMIN and ARGMAX find the extreme first, then its first
// position. Pointers need no alignment beyond T's. Thread-safe: no state.
#pragma once

#include <cstdint>
#include <type_traits>

#include "backends/cpu/reduce_plan.h"

namespace dmlc::backends::cpu::intk {

template <class T>
using Unsigned = std::make_unsigned_t<T>;

template <class T>
struct IntKernels {
  const char* name;
  // [Accumulate]: the wrapped sum (or product) of op(x[k]) over k < n; 0 (1 for kProduct) when n is 0.
  Unsigned<T> (*row[kAccumulates])(const T* x, uint64_t n);
  // [0] the minimum, [1] the maximum of x[0..n), n >= 1.
  T (*row_extreme[2])(const T* x, uint64_t n);
  // The first k with x[k] == v; n when there is none.
  uint64_t (*find)(const T* x, uint64_t n, T v);
  // [Accumulate]: for rows r < rows (row r at x + r * stride) and c < n: acc[c] (+ or *)= op(x[r * stride + c]).
  void (*column[kAccumulates])(const T* x, uint64_t rows, uint64_t stride, uint64_t n, Unsigned<T>* acc);
  // [0] min, [1] max: acc[c] = the extreme of acc[c] and x[r * stride + c] over rows r < rows.
  void (*column_extreme[2])(const T* x, uint64_t rows, uint64_t stride, uint64_t n, T* acc);
};

// X(T) for each of the eight integer types: the explicit instantiations of the two kernel sets.
#define DMLC_FOR_EACH_INT_TYPE(X) X(int8_t) X(int16_t) X(int32_t) X(int64_t) X(uint8_t) X(uint16_t) X(uint32_t) X(uint64_t)

// Defined for the types of DMLC_FOR_EACH_INT_TYPE.
template <class T>
const IntKernels<T>& PortableIntKernels();
// nullptr where this build or CPU has no AVX2.
template <class T>
const IntKernels<T>* Avx2IntKernels();
// nullptr where this build or CPU has no AVX-512 F/BW/VL/DQ (or no AVX2).
template <class T>
const IntKernels<T>* Avx512IntKernels();

// The widest set the CPU has, decided once.
template <class T>
const IntKernels<T>& ActiveIntKernels() {
  static const IntKernels<T>& active = Avx512IntKernels<T>() ? *Avx512IntKernels<T>()
                                       : Avx2IntKernels<T>() ? *Avx2IntKernels<T>()
                                                             : PortableIntKernels<T>();
  return active;
}

}  // namespace dmlc::backends::cpu::intk
