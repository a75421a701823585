// Test helper: every REDUCE span kernel set this CPU has, widest last (portable, then AVX2 and AVX-512
// where the CPU and the build have them), so a test can run each set and compare it with the first.
#pragma once

#include <vector>

#include "backends/cpu/reduce_int_kernels.h"
#include "backends/cpu/reduce_simd.h"

namespace dmlc::backends::testing {

// E = float or cpu::Half.
template <class E>
std::vector<const cpu::simd::ReduceKernelsOf<E>*> FloatKernelSets() {
  std::vector<const cpu::simd::ReduceKernelsOf<E>*> sets{&cpu::simd::PortableReduceKernels<E>()};
  if (cpu::simd::Avx2ReduceKernels<E>() != nullptr) sets.push_back(cpu::simd::Avx2ReduceKernels<E>());
  if (cpu::simd::Avx512ReduceKernels<E>() != nullptr) sets.push_back(cpu::simd::Avx512ReduceKernels<E>());
  return sets;
}

// T = one of the eight integer types.
template <class T>
std::vector<const cpu::intk::IntKernels<T>*> IntKernelSets() {
  std::vector<const cpu::intk::IntKernels<T>*> sets{&cpu::intk::PortableIntKernels<T>()};
  if (cpu::intk::Avx2IntKernels<T>() != nullptr) sets.push_back(cpu::intk::Avx2IntKernels<T>());
  if (cpu::intk::Avx512IntKernels<T>() != nullptr) sets.push_back(cpu::intk::Avx512IntKernels<T>());
  return sets;
}

}  // namespace dmlc::backends::testing
