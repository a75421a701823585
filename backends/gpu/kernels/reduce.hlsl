// REDUCE, all twelve functions, one thread per output element walking its reduced elements in
// row-major order of the reduced axes. Variants by accumulator:
//   REDUCE_F32, REDUCE_F16: float accumulation (compensated sums), FLOAT16 through f16tof32/f32tof16;
//   REDUCE_I32: 8/16/32-bit integers in a 32-bit word (signedness and width from the parameters);
//   REDUCE_I64: 64-bit integers (needs shaderInt64).
// Integer sums and products wrap modulo 2^n; comparisons honour signedness by flipping the sign bit.
// ARGMIN/ARGMAX keep the first occurrence; NaN wins MIN/MAX and ARGMIN/ARGMAX (the first NaN), matching
// the CPU reference.
#include "common.hlsli"

#define FN_ARGMAX 0
#define FN_ARGMIN 1
#define FN_AVERAGE 2
#define FN_L1 3
#define FN_L2 4
#define FN_LOG_SUM 5
#define FN_LOG_SUM_EXP 6
#define FN_MAX 7
#define FN_MIN 8
#define FN_MULTIPLY 9
#define FN_SUM 10
#define FN_SUM_SQUARE 11

ByteAddressBuffer g_input : register(t1);
RWByteAddressBuffer g_output : register(u2);
DEFINE_ELEMENT_LOADER(LoadInput, g_input)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)

// Input element offset (in elements) of the j-th reduced element relative to the output element's base.
uint ReducedOffset(uint j) {
  uint offset = 0;
  uint rank = Scalar(DMLC_S_REDUCE_RANK);
  for (uint k = 0; k < rank; ++k) {
    uint d = rank - 1 - k;
    uint size = Param(DMLC_P_ARRAY_A + d);
    offset += (j % size) * Param(DMLC_P_ARRAY_B + d);
    j /= size;
  }
  return offset;
}

#if defined(REDUCE_F32) || defined(REDUCE_F16)

float LoadValue(uint element) {
#ifdef REDUCE_F16
  return f16tof32(LoadInput(element * 2, 2).x);
#else
  return asfloat(LoadInput(element * 4, 4).x);
#endif
}

uint2 ValueBits(float v) {
#ifdef REDUCE_F16
  return uint2(f32tof16(v), 0);
#else
  return uint2(asuint(v), 0);
#endif
}

// True when `x` replaces `best`: strictly better, or the first NaN.
bool Replaces(float x, float best, bool want_max) {
  if (isnan(best)) return false;
  if (isnan(x)) return true;
  return want_max ? x > best : x < best;
}

// Kahan-compensated sum: float accumulation stays within about one rounding of the exact sum, which
// keeps long reductions inside the tolerance of the double-accumulating reference.
struct Sum {
  precise float total;
  precise float compensation;
};

void Add(inout Sum s, float x) {
  precise float y = x - s.compensation;
  precise float t = s.total + y;
  // Past an infinity the correction would be inf - inf = NaN; the sum is then exact as it stands.
  s.compensation = isinf(t) ? 0.0 : (t - s.total) - y;
  s.total = t;
}

// Returns the result bits; ARGMIN/ARGMAX return the index.
uint2 ReduceOne(uint base, uint fn, uint count) {
  if (fn == FN_ARGMAX || fn == FN_ARGMIN || fn == FN_MAX || fn == FN_MIN) {
    bool want_max = fn == FN_ARGMAX || fn == FN_MAX;
    float best = LoadValue(base);
    uint best_j = 0;
    for (uint j = 1; j < count; ++j) {
      float x = LoadValue(base + ReducedOffset(j));
      if (Replaces(x, best, want_max)) {
        best = x;
        best_j = j;
      }
    }
    return (fn == FN_ARGMAX || fn == FN_ARGMIN) ? uint2(best_j, 0) : ValueBits(best);
  }
  if (fn == FN_MULTIPLY) {
    float product = 1.0;
    for (uint j = 0; j < count; ++j) product *= LoadValue(base + ReducedOffset(j));
    return ValueBits(product);
  }
  if (fn == FN_LOG_SUM_EXP) {
    // Shifted by the running maximum so that large inputs do not overflow exp() in float.
    float peak = asfloat(0xFF800000u);  // -inf
    Sum s;
    s.total = 0;
    s.compensation = 0;
    bool saw_nan = false;
    for (uint j = 0; j < count; ++j) {
      float x = LoadValue(base + ReducedOffset(j));
      saw_nan = saw_nan || isnan(x);
      if (isnan(x) || x == asfloat(0xFF800000u)) continue;  // exp(-inf) adds nothing
      if (x > peak) {
        float scale = isinf(peak) ? 0.0 : exp(peak - x);
        s.total *= scale;
        s.compensation *= scale;
        peak = x;
      }
      Add(s, isinf(x) ? 1.0 : exp(x - peak));
    }
    float result = isinf(peak) ? peak : peak + log(s.total);
    return ValueBits(saw_nan ? asfloat(0x7FC00000u) : result);
  }
  Sum s;
  s.total = 0;
  s.compensation = 0;
  for (uint j = 0; j < count; ++j) {
    float x = LoadValue(base + ReducedOffset(j));
    Add(s, fn == FN_L1 ? abs(x) : ((fn == FN_L2 || fn == FN_SUM_SQUARE) ? x * x : x));
  }
  float total = s.total;
  if (fn == FN_AVERAGE) total = total / (float)count;
  if (fn == FN_L2) total = sqrt(total);
  if (fn == FN_LOG_SUM) total = log(total);
  return ValueBits(total);
}

#else  // integer variants

#ifdef REDUCE_I64
#define ACC uint64_t
ACC Widen(uint2 bits) {
  ACC hi = bits.y;
  ACC lo = bits.x;
  return (hi << 32) | lo;
}
uint2 Narrow(ACC v) { return uint2((uint)v, (uint)(v >> 32)); }
ACC SignBit() {
  ACC one = 1;
  return one << 63;
}
#else
#define ACC uint
// Sign-extends signed 8/16-bit elements so that wrapping 32-bit arithmetic agrees modulo 2^n.
ACC Widen(uint2 bits) {
  uint bytes = Scalar(DMLC_S_REDUCE_IN_BYTES);
  if (Scalar(DMLC_S_REDUCE_SIGNED) == 0 || bytes == 4) return bits.x;
  uint shift = 32 - bytes * 8;
  return (uint)(((int)(bits.x << shift)) >> shift);
}
uint2 Narrow(ACC v) { return uint2(v, 0); }
ACC SignBit() { return 0x80000000u; }
#endif

ACC LoadValue(uint element) {
  uint bytes = Scalar(DMLC_S_REDUCE_IN_BYTES);
  return Widen(LoadInput(element * bytes, bytes));
}

// Ordering key: flipping the sign bit makes unsigned comparison order signed values.
ACC Key(ACC v) { return Scalar(DMLC_S_REDUCE_SIGNED) != 0 ? v ^ SignBit() : v; }

ACC Magnitude(ACC v) {
  ACC zero = 0;
  return (Scalar(DMLC_S_REDUCE_SIGNED) != 0 && (v & SignBit()) != 0) ? zero - v : v;
}

uint2 ReduceOne(uint base, uint fn, uint count) {
  if (fn == FN_ARGMAX || fn == FN_ARGMIN || fn == FN_MAX || fn == FN_MIN) {
    bool want_max = fn == FN_ARGMAX || fn == FN_MAX;
    ACC best = LoadValue(base);
    uint best_j = 0;
    for (uint j = 1; j < count; ++j) {
      ACC x = LoadValue(base + ReducedOffset(j));
      if (want_max ? Key(x) > Key(best) : Key(x) < Key(best)) {
        best = x;
        best_j = j;
      }
    }
    return (fn == FN_ARGMAX || fn == FN_ARGMIN) ? uint2(best_j, 0) : Narrow(best);
  }
  ACC acc = fn == FN_MULTIPLY ? 1 : 0;
  for (uint j = 0; j < count; ++j) {
    ACC x = LoadValue(base + ReducedOffset(j));
    if (fn == FN_MULTIPLY) {
      acc *= x;
    } else if (fn == FN_SUM_SQUARE) {
      acc += x * x;
    } else if (fn == FN_L1) {
      acc += Magnitude(x);
    } else {
      acc += x;
    }
  }
  return Narrow(acc);
}

#endif

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID) {
  uint fn = Scalar(DMLC_S_REDUCE_FUNCTION);
  uint count = Scalar(DMLC_S_REDUCE_COUNT);
  uint out_bytes = Scalar(DMLC_S_REDUCE_OUT_BYTES);
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkTo(i);
    StoreOutput(w.out_offset * out_bytes, out_bytes, ReduceOne(w.in_offset, fn, count));
  }
}
