// The integer REDUCE span kernels for the baseline ISA (SSE2 on x86-64), and the run-time choice.
#include "backends/cpu/reduce_int_kernels.h"
#include "backends/cpu/reduce_simd.h"

namespace dmlc::backends::cpu::intk {
namespace {
#include "backends/cpu/reduce_int_kernels.inc"
}  // namespace

template <class T>
const IntKernels<T>& PortableIntKernels() {
  static const IntKernels<T> kernels = MakeIntKernels<T>("portable");
  return kernels;
}

#define DMLC_INT_KERNELS(T) template const IntKernels<T>& PortableIntKernels<T>();
DMLC_FOR_EACH_INT_TYPE(DMLC_INT_KERNELS)
#undef DMLC_INT_KERNELS

}  // namespace dmlc::backends::cpu::intk
