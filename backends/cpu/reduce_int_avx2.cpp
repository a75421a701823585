// The integer REDUCE span kernels compiled for AVX2: the same templates as the baseline set
// (reduce_int_kernels.inc) under a target pragma, so the rest of the build stays baseline x86-64.
// Avx2IntKernels() hands them out only when the CPU reports AVX2. Everything this file includes comes
// before the pragma: no library code is compiled for AVX2 here.
#include "backends/cpu/reduce_int_kernels.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)

#pragma GCC push_options
#pragma GCC target("avx2")
namespace dmlc::backends::cpu::intk {
namespace {
#include "backends/cpu/reduce_int_kernels.inc"
}  // namespace
}  // namespace dmlc::backends::cpu::intk
#pragma GCC pop_options

namespace dmlc::backends::cpu::intk {

template <class T>
const IntKernels<T>* Avx2IntKernels() {
  static const bool supported = __builtin_cpu_supports("avx2");
  if (!supported) return nullptr;
  static const IntKernels<T> kernels = MakeIntKernels<T>("avx2");
  return &kernels;
}

}  // namespace dmlc::backends::cpu::intk

#else  // not x86-64 GCC: the baseline kernels are the only ones

namespace dmlc::backends::cpu::intk {
template <class T>
const IntKernels<T>* Avx2IntKernels() {
  return nullptr;
}
}  // namespace dmlc::backends::cpu::intk

#endif

namespace dmlc::backends::cpu::intk {
#define DMLC_INT_KERNELS(T) template const IntKernels<T>* Avx2IntKernels<T>();
DMLC_FOR_EACH_INT_TYPE(DMLC_INT_KERNELS)
#undef DMLC_INT_KERNELS
}  // namespace dmlc::backends::cpu::intk
