// The twelve REDUCE functions as accumulator policies for the kernels in reduce.cpp. Each policy has
//   In (input storage type), Out (output storage type), Acc, Init(), Update(acc, x, r), Store(p, acc, n)
// where r is the row-major position of x within the reduced axes and n the number of reduced elements.
// Policies are plain structs with static inline functions: no virtual calls, no type switches per element.
//
// Numerics (decided in issue 2, pinned by tests/backends):
// - Floating-point functions accumulate in double and round once to the output type (FLOAT16 through
//   ops::DoubleToHalf). AVERAGE = sum / n, L1 = sum |x|, L2 = sqrt(sum x^2), LOG_SUM = log(sum),
//   LOG_SUM_EXP = log(sum exp(x)) computed stably with a running maximum, in double.
//   FLOAT32 and FLOAT16 inputs usually take reduce_fast.h instead: the same double accumulation in a
//   fixed blocked order (and LOG_SUM_EXP from the maximum first), independent of the thread count.
// - Integer SUM, MULTIPLY, L1 and SUM_SQUARE compute in uint64 and truncate: they wrap modulo 2^n
//   (L1 of INT_MIN wraps to INT_MIN).
// - NaN, as DirectML 1.15.4 answers (docs/semantics.md, "Answers DirectML decides"): MIN and MAX give the smallest or
//   largest element that is a number (+inf or -inf when none is); ARGMIN and ARGMAX give 0 when the
//   run's first element is NaN, else the first position of that extreme. Ties go to the first occurrence.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "backends/cpu/element.h"

namespace dmlc::backends::cpu::reduce {

template <class T>
inline uint64_t Wrap(T x) {
  return static_cast<uint64_t>(x);  // negative values convert modulo 2^64, as the wrap rule needs
}

// Floating-point functions: a double accumulator and a final transform before the one rounding.
enum class FloatKind { kSum, kAverage, kL1, kL2, kLogSum, kSumSquare, kMultiply };

template <class T, FloatKind kKind>
struct FloatReduce {
  using In = T;
  using Out = T;
  using Acc = double;
  static Acc Init() { return kKind == FloatKind::kMultiply ? 1.0 : 0.0; }
  static void Update(Acc& a, ValueOf<T> x, uint64_t) {
    const double d = x;
    if constexpr (kKind == FloatKind::kMultiply) {
      a *= d;
    } else if constexpr (kKind == FloatKind::kL1) {
      a += std::fabs(d);
    } else if constexpr (kKind == FloatKind::kL2 || kKind == FloatKind::kSumSquare) {
      a += d * d;
    } else {
      a += d;
    }
  }
  static void Store(std::byte* p, const Acc& a, uint64_t n) {
    double r = a;
    if constexpr (kKind == FloatKind::kAverage) r = a / static_cast<double>(n);
    if constexpr (kKind == FloatKind::kL2) r = std::sqrt(a);
    if constexpr (kKind == FloatKind::kLogSum) r = std::log(a);
    StoreRounded<T>(p, r);
  }
};

// log(sum exp(x)) = m + log(sum exp(x - m)) with m the running maximum; the sum is rescaled when m grows.
template <class T>
struct LogSumExp {
  using In = T;
  using Out = T;
  struct Acc {
    double max;
    double sum;
  };
  static Acc Init() { return {-std::numeric_limits<double>::infinity(), 0.0}; }
  static void Update(Acc& a, ValueOf<T> x, uint64_t) {
    const double d = x;
    if (d > a.max) {
      a.sum = a.sum * std::exp(a.max - d) + 1.0;
      a.max = d;
    } else if (d == a.max) {  // also covers repeated infinities, where d - max would be NaN
      a.sum += 1.0;
    } else {
      a.sum += std::exp(d - a.max);  // a NaN d makes the sum NaN, and so the result
    }
  }
  static void Store(std::byte* p, const Acc& a, uint64_t) {
    // Every term -inf gives -inf; a NaN among them has made the sum NaN, and NaN it stays.
    const bool all_minus_inf = a.max == -std::numeric_limits<double>::infinity() && !std::isnan(a.sum);
    const double r = all_minus_inf ? a.max : a.max + std::log(a.sum);
    StoreRounded<T>(p, r);
  }
};

// Integer SUM, MULTIPLY, L1, SUM_SQUARE, wrapping modulo 2^n.
enum class IntKind { kSum, kL1, kSumSquare, kMultiply };

template <class T, IntKind kKind>
struct IntReduce {
  using In = T;
  using Out = T;
  using Acc = uint64_t;
  static Acc Init() { return kKind == IntKind::kMultiply ? 1 : 0; }
  static void Update(Acc& a, T x, uint64_t) {
    const uint64_t u = Wrap(x);
    if constexpr (kKind == IntKind::kMultiply) {
      a *= u;
    } else if constexpr (kKind == IntKind::kL1) {
      if constexpr (std::is_signed_v<T>) {
        a += x < 0 ? uint64_t{0} - u : u;
      } else {
        a += u;
      }
    } else if constexpr (kKind == IntKind::kSumSquare) {
      a += u * u;
    } else {
      a += u;
    }
  }
  static void Store(std::byte* p, const Acc& a, uint64_t) { StoreRaw(p, static_cast<T>(a)); }
};

// MIN and MAX. Floating types compare in their value type; a NaN is never better, so never taken.
template <class T, bool kMax>
struct MinMax {
  using In = T;
  using Out = T;
  using Acc = ValueOf<T>;
  static Acc Init() {
    if constexpr (kIsFloating<T>) {
      return kMax ? -std::numeric_limits<Acc>::infinity() : std::numeric_limits<Acc>::infinity();
    } else {
      return kMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
    }
  }
  static void Update(Acc& a, Acc x, uint64_t) {
    if (kMax ? x > a : x < a) a = x;
  }
  static void Store(std::byte* p, const Acc& a, uint64_t) {
    if constexpr (kIsFloating<T>) {
      StoreRounded<T>(p, a);  // a is a T value: the rounding is exact
    } else {
      StoreRaw(p, a);
    }
  }
};

// ARGMIN and ARGMAX: a running best seeded with the first element, replaced only by a strictly better
// one. So the first position of the extreme value, or 0 when the first element is NaN (no compare
// beats a NaN best, and a NaN element beats nothing). Update takes the positions in order from 0.
template <class T, class I, bool kMax>
struct ArgMinMax {
  using In = T;
  using Out = I;
  struct Acc {
    ValueOf<T> best;
    uint64_t position;
  };
  static Acc Init() { return {MinMax<T, kMax>::Init(), 0}; }
  static void Update(Acc& a, ValueOf<T> x, uint64_t r) {
    if (r == 0 || (kMax ? x > a.best : x < a.best)) {
      a.best = x;
      a.position = r;
    }
  }
  static void Store(std::byte* p, const Acc& a, uint64_t) { StoreRaw(p, static_cast<I>(a.position)); }
};

}  // namespace dmlc::backends::cpu::reduce
