// The integer REDUCE span kernels compiled for AVX2 and for AVX-512: the same templates as the baseline
// set (reduce_int_kernels.inc) under target pragmas, so the rest of the build stays baseline x86-64.
// Each set is handed out only when the CPU reports its features. Everything this file includes comes
// before the pragmas: no library code is compiled for AVX2 or AVX-512 here.
// AVX-512 adds what AVX2 lacks for 64-bit lanes (multiply, unsigned compares, min and max: INT64 and
// UINT64 MULTIPLY, MIN, MAX, ARGMIN and ARGMAX fell well short of the copy on AVX2) and twice the width.
#include "backends/cpu/reduce_int_kernels.h"
#include "backends/cpu/reduce_simd.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)

#pragma GCC push_options
#pragma GCC target("avx2")
namespace dmlc::backends::cpu::intk::avx2 {
namespace {
#include "backends/cpu/reduce_int_kernels.inc"
}  // namespace
}  // namespace dmlc::backends::cpu::intk::avx2
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512vl,avx512dq,avx2,prefer-vector-width=512")
namespace dmlc::backends::cpu::intk::avx512 {
namespace {
#include "backends/cpu/reduce_int_kernels.inc"
}  // namespace
}  // namespace dmlc::backends::cpu::intk::avx512
#pragma GCC pop_options

namespace dmlc::backends::cpu::intk {

template <class T>
const IntKernels<T>* Avx2IntKernels() {
  static const bool supported = __builtin_cpu_supports("avx2");
  if (!supported) return nullptr;
  static const IntKernels<T> kernels = avx2::MakeIntKernels<T>("avx2");
  return &kernels;
}

template <class T>
const IntKernels<T>* Avx512IntKernels() {
  static const bool supported = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") &&
                                __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
                                __builtin_cpu_supports("avx512dq");
  if (!supported) return nullptr;
  static const IntKernels<T> kernels = avx512::MakeIntKernels<T>("avx512");
  return &kernels;
}

}  // namespace dmlc::backends::cpu::intk

#else  // not x86-64 GCC: the baseline kernels are the only ones

namespace dmlc::backends::cpu::intk {
template <class T>
const IntKernels<T>* Avx2IntKernels() {
  return nullptr;
}
template <class T>
const IntKernels<T>* Avx512IntKernels() {
  return nullptr;
}
}  // namespace dmlc::backends::cpu::intk

#endif

namespace dmlc::backends::cpu::intk {
#define DMLC_INT_KERNELS(T) \
  template const IntKernels<T>* Avx2IntKernels<T>(); \
  template const IntKernels<T>* Avx512IntKernels<T>();
DMLC_FOR_EACH_INT_TYPE(DMLC_INT_KERNELS)
#undef DMLC_INT_KERNELS
}  // namespace dmlc::backends::cpu::intk
