// Test helper: every REDUCE span kernel set this CPU has, widest last (portable, then AVX2 and AVX-512
// where the CPU and the build have them), so a test can run each set and compare it with the first.
#pragma once

#include <vector>

#include "backends/cpu/reduce_int_kernels.h"
#include "backends/cpu/reduce_simd.h"

namespace dmlc::backends::testing {

// The portable set, then each wider one the CPU has (non-null).
template <class Set>
std::vector<const Set*> AvailableSets(const Set& portable, const Set* avx2, const Set* avx512) {
  std::vector<const Set*> sets{&portable};
  for (const Set* wider : {avx2, avx512}) {
    if (wider != nullptr) sets.push_back(wider);
  }
  return sets;
}

// E = float or cpu::Half.
template <class E>
std::vector<const cpu::simd::ReduceKernelsOf<E>*> FloatKernelSets() {
  return AvailableSets(cpu::simd::PortableReduceKernels<E>(), cpu::simd::Avx2ReduceKernels<E>(),
                       cpu::simd::Avx512ReduceKernels<E>());
}

// T = one of the eight integer types.
template <class T>
std::vector<const cpu::intk::IntKernels<T>*> IntKernelSets() {
  return AvailableSets(cpu::intk::PortableIntKernels<T>(), cpu::intk::Avx2IntKernels<T>(),
                       cpu::intk::Avx512IntKernels<T>());
}

}  // namespace dmlc::backends::testing
