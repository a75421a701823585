// REDUCE, all twelve functions. A workgroup takes 256 / lanes output elements at a time; the `lanes`
// threads of one output walk its reduced elements (row-major order of the reduced axes) with a stride
// of `lanes`, each keeping a state, and the states are combined in groupshared memory in a fixed tree,
// so results do not depend on timing. Lane-major layouts (reduced axis contiguous) make neighbouring
// threads read neighbouring elements; output-major ones (outputs contiguous) make neighbouring threads
// take neighbouring outputs: both coalesce. Long reductions over few outputs are cut into spans:
// MODE_PARTIAL writes one 16-byte state per (span, output) to a scratch buffer, MODE_COMBINE folds them
// in span order and writes the output. Variants by accumulator and input width (compile-time, so that
// every load is one unconditional word load: with the width a parameter, the loader's branches kept
// the eight loads of a batch from being in flight together, and INT32 over the outer axis ran far
// behind FLOAT32 on the H200):
//   REDUCE_F32, REDUCE_F16: float accumulation (compensated sums), FLOAT16 through f16tof32/f32tof16;
//   REDUCE_I8, REDUCE_I16, REDUCE_I32: 8/16/32-bit integers in a 32-bit accumulator (signedness from
//   the parameters);
//   REDUCE_I64: 64-bit integers (needs shaderInt64).
// Integer sums and products wrap modulo 2^n; comparisons honour signedness by flipping the sign bit.
// ARGMIN/ARGMAX and MIN/MAX keep the first occurrence (states carry the element's position, and ties
// go to the earlier one). NaN as DirectML answers it, as the CPU reference does (docs/semantics.md): MIN
// and MAX take the extreme of the numbers (+inf or -inf when none is); ARGMIN and ARGMAX too, but give
// 0 when the run's first element is NaN.
//
// variant: reduce_f32|REDUCE_F32|-
// variant: reduce_f16|REDUCE_F16|-
// variant: reduce_i8|REDUCE_I8|-
// variant: reduce_i16|REDUCE_I16|-
// variant: reduce_i32|REDUCE_I32|-
// variant: reduce_f16_words|REDUCE_F16,REDUCE_OUTPUT_WORDS|-
// variant: reduce_i8_words|REDUCE_I8,REDUCE_OUTPUT_WORDS|-
// variant: reduce_i16_words|REDUCE_I16,REDUCE_OUTPUT_WORDS|-
// variant: reduce_i64|REDUCE_I64|shaderInt64
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

// A selection state's position before it has seen an element.
#define NO_POSITION 0xFFFFFFFFu

// Input element width, and the 16-byte vectors (DMLC_REDUCE_VECTORS) a lane loads: VECTOR_ELEMENTS
// elements each, VECTOR_BATCH of them in flight per batch (16 or 32 elements).
#if defined(REDUCE_F32) || defined(REDUCE_I32)
#define IN_BYTES 4
#define VECTOR_BATCH 4
#elif defined(REDUCE_F16) || defined(REDUCE_I16)
#define IN_BYTES 2
#define VECTOR_BATCH 2
#elif defined(REDUCE_I8)
#define IN_BYTES 1
#define VECTOR_BATCH 2
#else  // REDUCE_I64
#define IN_BYTES 8
#define VECTOR_BATCH 4
#endif
#define VECTOR_ELEMENTS (16 / IN_BYTES)

// Element `k` of a 16-byte vector as raw bits; `k` is a constant wherever the loops below unroll.
uint2 VectorBits(uint4 v, uint k) { return GetElement(v, k, IN_BYTES); }

ByteAddressBuffer g_input : register(t1);
RWByteAddressBuffer g_output : register(u2);
DEFINE_ELEMENT_LOADER(LoadInput, g_input)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)

groupshared uint4 g_states[DMLC_GPU_THREADS_PER_GROUP];

bool IsSelection(uint fn) { return fn == FN_ARGMAX || fn == FN_ARGMIN || fn == FN_MAX || fn == FN_MIN; }
bool WantsMax(uint fn) { return fn == FN_ARGMAX || fn == FN_MAX; }

// Input element offset (in elements) of the j-th reduced element relative to the output element's base.
uint ReducedOffset(uint j) {
  uint rank = Scalar(DMLC_S_REDUCE_RANK);
  if (rank == 1) return j * Param(DMLC_P_ARRAY_B);  // the common case: one (merged) reduced axis
  uint offset = 0;
  for (uint k = 0; k < rank; ++k) {
    uint d = rank - 1 - k;
    uint size = Param(DMLC_P_ARRAY_A + d);
    offset += (j % size) * Param(DMLC_P_ARRAY_B + d);
    j /= size;
  }
  return offset;
}

#if defined(REDUCE_F32) || defined(REDUCE_F16)

// States: sums (total, compensation); MULTIPLY (product); LOG_SUM_EXP (peak, total, compensation,
// saw NaN); selections (value, position, 1 when the run's first element is NaN: SelectionState).
#define VALUE float

VALUE BitsValue(uint2 bits) {
#ifdef REDUCE_F16
  return f16tof32(bits.x);
#else
  return asfloat(bits.x);
#endif
}

uint2 ValueBits(float v) {
#ifdef REDUCE_F16
  return uint2(f32tof16(v), 0);
#else
  return uint2(asuint(v), 0);
#endif
}

// True when `x` replaces `best`: strictly better, or a number where best is NaN (a lane of NaN alone).
bool Replaces(float x, float best, bool want_max) {
  if (isnan(x)) return false;
  if (isnan(best)) return true;
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

Sum ToSum(float total, float compensation) {
  Sum s;
  s.total = total;
  s.compensation = compensation;
  return s;
}

#define NEG_INF asfloat(0xFF800000u)

uint4 Identity(uint fn) {
  if (IsSelection(fn)) return uint4(0, NO_POSITION, 0, 0);
  if (fn == FN_MULTIPLY) return uint4(asuint(1.0), 0, 0, 0);
  if (fn == FN_LOG_SUM_EXP) return uint4(asuint(NEG_INF), 0, 0, 0);
  return uint4(0, 0, 0, 0);
}

// Selection states of either variant: a has seen earlier positions of its own lane, b of another.
bool SelectionTakes(uint4 a, uint4 b, uint fn) {
  if (b.y == NO_POSITION) return false;
  if (a.y == NO_POSITION) return true;
  if (fn == FN_ARGMAX || fn == FN_ARGMIN) {  // a leading NaN wins
    if (a.z != 0) return false;
    if (b.z != 0) return true;
  }
  bool want_max = WantsMax(fn);
  float va = asfloat(a.x);
  float vb = asfloat(b.x);
  if (Replaces(vb, va, want_max)) return true;
  return !Replaces(va, vb, want_max) && b.y < a.y;  // equal (or both NaN): the earlier position
}

// Per-lane accumulation, one function per family so that the element loop holds no function switch.
uint4 AccumulateProduct(uint4 st, float x) { return uint4(asuint(asfloat(st.x) * x), 0, 0, 0); }

uint4 AccumulateSum(uint4 st, float x) {
  Sum s = ToSum(asfloat(st.x), asfloat(st.y));
  Add(s, x);
  return uint4(asuint(s.total), asuint(s.compensation), 0, 0);
}

#include "reduce_log_sum_exp.hlsli"

uint4 Combine(uint4 a, uint4 b, uint fn) {
  if (IsSelection(fn)) return SelectionTakes(a, b, fn) ? b : a;
  if (fn == FN_MULTIPLY) return uint4(asuint(asfloat(a.x) * asfloat(b.x)), 0, 0, 0);
  if (fn == FN_LOG_SUM_EXP) {
    float pa = asfloat(a.x);
    float pb = asfloat(b.x);
    float peak = max(pa, pb);
    // A state at the common peak (infinite ones included) keeps its scale; exp(-inf) = 0 drops empty ones.
    float sa = pa == peak ? 1.0 : exp(pa - peak);
    float sb = pb == peak ? 1.0 : exp(pb - peak);
    Sum s = ToSum(asfloat(a.y) * sa, asfloat(a.z) * sa);
    Add(s, asfloat(b.y) * sb);
    Add(s, -asfloat(b.z) * sb);
    return uint4(asuint(peak), asuint(s.total), asuint(s.compensation), a.w | b.w);
  }
  Sum s = ToSum(asfloat(a.x), asfloat(a.y));
  Add(s, asfloat(b.x));
  Add(s, -asfloat(b.y));
  return uint4(asuint(s.total), asuint(s.compensation), 0, 0);
}

uint2 Finalize(uint4 st, uint fn, uint count) {
  if (IsSelection(fn)) {
    if (fn == FN_ARGMAX || fn == FN_ARGMIN) return uint2(st.y == NO_POSITION || st.z != 0 ? 0 : st.y, 0);
    float value = asfloat(st.x);  // NaN only where every element is
    return ValueBits(isnan(value) ? (WantsMax(fn) ? NEG_INF : -NEG_INF) : value);
  }
  if (fn == FN_MULTIPLY) return ValueBits(asfloat(st.x));
  if (fn == FN_LOG_SUM_EXP) {
    float peak = asfloat(st.x);
    float result = isinf(peak) ? peak : peak + log(asfloat(st.y));
    return ValueBits(st.w != 0 || isnan(asfloat(st.y)) ? asfloat(0x7FC00000u) : result);
  }
  float total = asfloat(st.x);
  if (fn == FN_AVERAGE) total = total / (float)count;
  if (fn == FN_L2) total = sqrt(total);
  if (fn == FN_LOG_SUM) total = log(total);
  return ValueBits(total);
}

#else  // integer variants

// States: accumulator (words x, y); selections (value in x, y, position in z).
#ifdef REDUCE_I64
#define VALUE uint64_t
VALUE Widen(uint2 bits) {
  VALUE hi = bits.y;
  VALUE lo = bits.x;
  return (hi << 32) | lo;
}
uint2 Narrow(VALUE v) { return uint2((uint)v, (uint)(v >> 32)); }
VALUE SignBit() {
  VALUE one = 1;
  return one << 63;
}
#else
#define VALUE uint
// Sign-extends signed 8/16-bit elements so that wrapping 32-bit arithmetic agrees modulo 2^n (selection
// states hold an element's widened value, which widens to itself).
VALUE Widen(uint2 bits) {
#if IN_BYTES == 4
  return bits.x;
#else
  uint shift = 32 - IN_BYTES * 8;
  uint extended = (uint)(((int)(bits.x << shift)) >> shift);
  return Scalar(DMLC_S_REDUCE_SIGNED) != 0 ? extended : bits.x;
#endif
}
uint2 Narrow(VALUE v) { return uint2(v, 0); }
VALUE SignBit() { return 0x80000000u; }
#endif

VALUE BitsValue(uint2 bits) { return Widen(bits); }

// Ordering key: flipping the sign bit makes unsigned comparison order signed values.
VALUE Key(VALUE v) { return Scalar(DMLC_S_REDUCE_SIGNED) != 0 ? v ^ SignBit() : v; }

VALUE Magnitude(VALUE v) {
  VALUE zero = 0;
  return (Scalar(DMLC_S_REDUCE_SIGNED) != 0 && (v & SignBit()) != 0) ? zero - v : v;
}

uint4 Identity(uint fn) {
  if (IsSelection(fn)) return uint4(0, 0, NO_POSITION, 0);
  return uint4(fn == FN_MULTIPLY ? 1 : 0, 0, 0, 0);
}

bool SelectionTakes(uint4 a, uint4 b, uint fn) {
  if (b.z == NO_POSITION) return false;
  if (a.z == NO_POSITION) return true;
  VALUE ka = Key(Widen(a.xy));
  VALUE kb = Key(Widen(b.xy));
  if (WantsMax(fn) ? kb > ka : kb < ka) return true;
  return ka == kb && b.z < a.z;
}

VALUE Fold(VALUE acc, VALUE x, uint fn) {
  if (fn == FN_MULTIPLY) return acc * x;
  return acc + x;
}

// Per-lane accumulation, one function per family (see the float variant). Positions grow within a lane,
// so a selection (INT64's; the others are keyed below) takes a new element only when strictly better.
uint4 AccumulateSelection(uint4 st, bool want_max, VALUE x, uint j) {
  bool better = want_max ? Key(x) > Key(Widen(st.xy)) : Key(x) < Key(Widen(st.xy));
  return (st.z == NO_POSITION || better) ? uint4(Narrow(x), j, 0) : st;
}

uint4 AccumulateProduct(uint4 st, VALUE x) { return uint4(Narrow(Widen(st.xy) * x), 0, 0); }

uint4 AccumulateSum(uint4 st, VALUE x) { return uint4(Narrow(Widen(st.xy) + x), 0, 0); }

uint4 Combine(uint4 a, uint4 b, uint fn) {
  if (IsSelection(fn)) return SelectionTakes(a, b, fn) ? b : a;
  return uint4(Narrow(Fold(Widen(a.xy), Widen(b.xy), fn)), 0, 0);
}

uint2 Finalize(uint4 st, uint fn, uint count) {
  if (fn == FN_ARGMAX || fn == FN_ARGMIN) return uint2(st.z == NO_POSITION ? 0 : st.z, 0);
  return st.xy;
}

#endif

VALUE LoadValue(uint element) { return BitsValue(LoadInput(element * IN_BYTES, IN_BYTES)); }

uint4 LoadState(uint at) { return uint4(g_input.Load4(at)); }

#ifdef REDUCE_F32
#define MAGNITUDE(x) abs(x)
#elif defined(REDUCE_F16)
#define MAGNITUDE(x) abs(x)
#else
#define MAGNITUDE(x) Magnitude(x)
#endif

// The loop over this lane's reduced elements [j, end), a stride of `lanes` apart, with eight loads in
// flight (`batch`) before PRE runs and BATCH_STMT folds them in order; the tail folds one element at a
// time with STMT. The statements fold `x`, the element at position `at`, and FLUSH ends each batch
// (NOTHING for most functions). With vectors (DMLC_REDUCE_VECTORS) the lane takes the VECTOR_ELEMENTS
// neighbouring elements of a 16-byte load at a time, vectors `lanes` apart, VECTOR_BATCH loads in
// flight: positions still grow within a lane.
// FXC's preprocessor takes an argument that expands to nothing for a missing one (X1516), hence an
// empty block rather than an empty macro.
#define NOTHING {}
// ELEMENT_LOOP_OF loads each element as LOAD, an expression of `element` (the element's index) of type
// TYPE; ELEMENT_LOOP loads the elements' values. LOAD is an expression, not the name of a loader macro:
// FXC's preprocessor loses the arguments after a function-like macro's bare name in a macro body (X1516).
#define ELEMENT_LOOP_OF(TYPE, LOAD, PRE, BATCH_STMT, STMT, FLUSH)                                        \
  for (; j < end && end - j > 7 * lanes; j += 8 * lanes) {                                                \
    TYPE batch[8];                                                                                        \
    [unroll] for (uint u = 0; u < 8; ++u) {                                                               \
      uint element = base + ReducedOffset(j + u * lanes);                                                 \
      batch[u] = LOAD;                                                                                    \
    }                                                                                                     \
    PRE;                                                                                                  \
    [unroll] for (uint b = 0; b < 8; ++b) {                                                               \
      TYPE x = batch[b];                                                                                  \
      uint at = j + b * lanes;                                                                            \
      BATCH_STMT;                                                                                         \
    }                                                                                                     \
    FLUSH;                                                                                                \
  }                                                                                                       \
  for (; j < end; j += lanes) {                                                                           \
    uint element = base + ReducedOffset(j);                                                               \
    TYPE x = LOAD;                                                                                        \
    uint at = j;                                                                                          \
    STMT;                                                                                                 \
    FLUSH;                                                                                                \
  }
#define ELEMENT_LOOP(PRE, BATCH_STMT, STMT, FLUSH) \
  ELEMENT_LOOP_OF(VALUE, LoadValue(element), PRE, BATCH_STMT, STMT, FLUSH)

#define VECTOR_LOOP(PRE, BATCH_STMT, STMT, FLUSH)                                                         \
  uint q = j - lane + lane * VECTOR_ELEMENTS; /* the span's first element plus this lane's vector */     \
  uint step = lanes * VECTOR_ELEMENTS;                                                                    \
  for (; q < end && end - q > (VECTOR_BATCH - 1) * step; q += VECTOR_BATCH * step) {                      \
    uint4 batch[VECTOR_BATCH];                                                                            \
    [unroll] for (uint u = 0; u < VECTOR_BATCH; ++u) {                                                    \
      batch[u] = g_input.Load4(((base + q + u * step) * IN_BYTES) & ~15u);                                \
    }                                                                                                     \
    PRE;                                                                                                  \
    [unroll] for (uint k = 0; k < VECTOR_BATCH * VECTOR_ELEMENTS; ++k) {                                  \
      VALUE x = BitsValue(VectorBits(batch[k / VECTOR_ELEMENTS], k % VECTOR_ELEMENTS));                   \
      uint at = q + (k / VECTOR_ELEMENTS) * step + (k % VECTOR_ELEMENTS);                                 \
      BATCH_STMT;                                                                                         \
    }                                                                                                     \
    FLUSH;                                                                                                \
  }                                                                                                       \
  for (; q < end; q += step) {                                                                            \
    uint4 v = g_input.Load4(((base + q) * IN_BYTES) & ~15u);                                              \
    [unroll] for (uint k = 0; k < VECTOR_ELEMENTS; ++k) {                                                 \
      VALUE x = BitsValue(VectorBits(v, k));                                                              \
      uint at = q + k;                                                                                    \
      STMT;                                                                                               \
    }                                                                                                     \
    FLUSH;                                                                                                \
  }
#define SPAN_LOOP_BATCHED(PRE, BATCH_STMT, STMT, FLUSH) \
  if (vectors) {                                        \
    VECTOR_LOOP(PRE, BATCH_STMT, STMT, FLUSH)           \
  } else {                                              \
    ELEMENT_LOOP(PRE, BATCH_STMT, STMT, FLUSH)          \
  }
// In both loops' batches (`batch`), PRE runs first and BATCH_STMT folds each element; the tails fold
// with STMT alone.
#define SPAN_LOOP(STMT, FLUSH) SPAN_LOOP_BATCHED(NOTHING, STMT, STMT, FLUSH)

#if !defined(REDUCE_I64)
#include "reduce_select_keys.hlsli"
#endif

// This lane's state over its reduced elements; the function is chosen once, outside the loop.
// `st` is the function's identity (an empty state for selections).
uint4 AccumulateSpan(uint4 st, uint fn, uint base, uint j, uint end, uint lane, uint lanes, bool vectors) {
  if (IsSelection(fn)) {
#if defined(REDUCE_I64)
    SPAN_LOOP(st = AccumulateSelection(st, WantsMax(fn), x, at), NOTHING)
#else
    st = SelectSpan(st, fn, base, j, end, lane, lanes, vectors);
#endif
  } else if (fn == FN_MULTIPLY) {
    SPAN_LOOP(st = AccumulateProduct(st, x), NOTHING)
#if defined(REDUCE_F32) || defined(REDUCE_F16)
  } else if (fn == FN_LOG_SUM_EXP) {
    float part = 0;
    SPAN_LOOP_BATCHED(FoldLogSumExpBatch(st, part, batch),
                      {},  // the batch is folded: nothing more per element
                      AccumulateLogSumExp(st, part, x),
                      st = FlushLogSumExp(st, part); part = 0)
#endif
  } else if (fn == FN_L1) {
    SPAN_LOOP(st = AccumulateSum(st, MAGNITUDE(x)), NOTHING)
  } else if (fn == FN_L2 || fn == FN_SUM_SQUARE) {
    SPAN_LOOP(st = AccumulateSum(st, x * x), NOTHING)
  } else {
    SPAN_LOOP(st = AccumulateSum(st, x), NOTHING)
  }
  return st;
}

// Outputs a thread takes: 4 / IN_BYTES in the output-word variants (`reduce_f16_words`, `reduce_i8_words`,
// `reduce_i16_words`: output-major layouts whose neighbouring outputs' elements share a word), else 1. A
// variant of its own, so that the others carry no second state (a run-time choice cost the inner
// reductions of 8/16-bit types measurably on the H200).
#if defined(REDUCE_OUTPUT_WORDS)
#define WORD_OUTPUTS (4 / IN_BYTES)
#else
#define WORD_OUTPUTS 1
#endif

#if WORD_OUTPUTS > 1
// Output words: the WORD_OUTPUTS neighbouring outputs from `base` on, whose elements at each reduced
// position share one word: each lane's words [j, end), `lanes` apart, eight loads in flight, then one at
// a time; STMT runs for each output k of `word` (at position `at`), FLUSH after each batch or tail word
// (plan_reduce.cpp says why). Without a bounds test per load in the batches: with one, FLOAT16 MIN over
// columns ran far slower on the H200.
#define LOAD_WORD g_input.Load((element * IN_BYTES) & ~3u)
#define EACH_OUTPUT(STMT)                                 \
  [unroll] for (uint k = 0; k < WORD_OUTPUTS; ++k) {      \
    uint word = x;                                        \
    STMT;                                                 \
  }
#define WORD_LOOP_BATCHED(PRE, BATCH_STMT, STMT, FLUSH) \
  ELEMENT_LOOP_OF(uint, LOAD_WORD, PRE, EACH_OUTPUT(BATCH_STMT), EACH_OUTPUT(STMT), FLUSH)
#define WORD_LOOP(STMT, FLUSH) WORD_LOOP_BATCHED(NOTHING, STMT, STMT, FLUSH)

// Output k's element of a word, and its key under `flip` (KeyFlip).
VALUE WordValue(uint word, uint k) { return BitsValue(GetElement(uint4(word, 0, 0, 0), k, IN_BYTES)); }
KEY WordKey(uint word, uint flip, uint k) { return KeyAt(uint4(word ^ flip, 0, 0, 0), k); }

// WORD_LOOP's statement for the accumulating functions: STMT folds `x`, output k's element, into `st`,
// output k's state.
#define WORD_STATE(STMT)    \
  VALUE x = WordValue(word, k); \
  uint4 st = states[k];       \
  STMT;                       \
  states[k] = st

#if KEY_IS_FLOAT
// Folds a batch of words (word u at position j + u * lanes) into each output's best: the output's
// greatest key of the batch, and only where that beats the best, its keys in order. A NaN key loses
// every compare, but max() of one is undefined: a batch that holds one folds every key in order.
void SelectWordBatch(inout KEY best[WORD_OUTPUTS], inout uint position[WORD_OUTPUTS], uint batch[8], uint flip, uint j,
                     uint lanes) {
  uint nans = 0;
  [unroll] for (uint u = 0; u < 8; ++u) nans |= NanSigns(batch[u]);
  [unroll] for (uint k = 0; k < WORD_OUTPUTS; ++k) {
    KEY keys[8];
    [unroll] for (uint u = 0; u < 8; ++u) keys[u] = WordKey(batch[u], flip, k);
    KEY m = max(max(max(keys[0], keys[1]), max(keys[2], keys[3])), max(max(keys[4], keys[5]), max(keys[6], keys[7])));
    if (nans != 0 || m > best[k]) {
      [unroll] for (uint u = 0; u < 8; ++u) SelectKey(best[k], position[k], keys[u], j + u * lanes);
    }
  }
}
#endif

// Selections over output words: per output, a running best key and position in registers, as the
// element loop keeps them.
void SelectWords(inout uint4 states[WORD_OUTPUTS], uint fn, uint base, uint j, uint end, uint lanes) {
  uint flip = KeyFlip(WantsMax(fn));
  KEY best[WORD_OUTPUTS];
  uint position[WORD_OUTPUTS];
  [unroll] for (uint i = 0; i < WORD_OUTPUTS; ++i) {
    best[i] = LEAST_KEY;
    position[i] = NO_POSITION;
  }
  uint first = j;
  if (!TracksPosition(fn)) {
    WORD_LOOP(best[k] = max(best[k], WordKey(word, flip, k)), NOTHING)
#if IN_BYTES == 1
  } else if ((end >> firstbitlow(lanes)) < 0xFFFFFFu) {
    // ARGMIN/ARGMAX of bytes: an output's key and position in one word, the key in the top byte and below
    // it 2^24 - 1 less the position's count of lanes (at >> bits), which falls as the walk goes on, so
    // that max() keeps the first of equal keys: one max an element instead of a compare and two selects
    // (much faster for INT8 ARGMAX over columns on the H200; counting from 2^24 - 1 rather than from the
    // walk's first position saves a subtraction a word and reads a little faster again). A lane's
    // positions share their low bits (first's). Reductions whose end >> bits reaches 2^24 - 1 take the
    // loop below.
    uint bits = firstbitlow(lanes);  // lanes is a power of two
    uint packed[WORD_OUTPUTS];
    [unroll] for (uint i = 0; i < WORD_OUTPUTS; ++i) packed[i] = 0;
    WORD_LOOP(packed[k] = max(packed[k], (((word ^ flip) << (24 - 8 * k)) & 0xFF000000u) | (0xFFFFFFu - (at >> bits))),
              NOTHING)
    [unroll] for (uint k = 0; k < WORD_OUTPUTS; ++k) {
      if (packed[k] == 0) continue;  // no element
      best[k] = packed[k] >> 24;
      position[k] = ((0xFFFFFFu - (packed[k] & 0xFFFFFFu)) << bits) | (first & (lanes - 1u));
    }
#endif
  } else {
#if KEY_IS_FLOAT
    // Each output's batch folded as the vector loop folds a vector (its greatest key first, NaN looked
    // for once a batch in the bits), which beat a compare per element on the H200. The integer words
    // keep the element loop: batches measured no faster there.
    WORD_LOOP_BATCHED(SelectWordBatch(best, position, batch, flip, j, lanes),
                      {},  // the batch is folded: nothing more per element
                      SelectKey(best[k], position[k], WordKey(word, flip, k), at),
                      NOTHING)
#else
    WORD_LOOP(SelectKey(best[k], position[k], WordKey(word, flip, k), at), NOTHING)
#endif
  }
  [unroll] for (uint k = 0; k < WORD_OUTPUTS; ++k) {
    states[k] = SelectionState(states[k], best[k], position[k], first, end, base + k, flip);
  }
}

#if defined(REDUCE_F32) || defined(REDUCE_F16)
// LOG_SUM_EXP over output words folds each output's batch as the span loop does (FLOAT16 over columns
// on the H200: the batch's maximum first beat a per-element compare, and speculating beat both by far).
void FoldLogSumExpWords(inout uint4 states[WORD_OUTPUTS], inout float parts[WORD_OUTPUTS], uint batch[8]) {
  [unroll] for (uint k = 0; k < WORD_OUTPUTS; ++k) {
    float values[8];
    [unroll] for (uint u = 0; u < 8; ++u) values[u] = WordValue(batch[u], k);
    FoldLogSumExpBatch8(states[k], parts[k], values);
  }
}
#endif

void AccumulateWords(inout uint4 states[WORD_OUTPUTS], uint fn, uint base, uint j, uint end, uint lanes) {
  if (IsSelection(fn)) {
    SelectWords(states, fn, base, j, end, lanes);
  } else if (fn == FN_MULTIPLY) {
    WORD_LOOP(WORD_STATE(st = AccumulateProduct(st, x)), NOTHING)
#if defined(REDUCE_F32) || defined(REDUCE_F16)
  } else if (fn == FN_LOG_SUM_EXP) {
    float parts[WORD_OUTPUTS];
    [unroll] for (uint k = 0; k < WORD_OUTPUTS; ++k) parts[k] = 0;
    WORD_LOOP_BATCHED(FoldLogSumExpWords(states, parts, batch),
                      {},  // the batch is folded: nothing more per element
                      WORD_STATE(AccumulateLogSumExp(st, parts[k], x)),
                      [unroll] for (uint f = 0; f < WORD_OUTPUTS; ++f) {
                        states[f] = FlushLogSumExp(states[f], parts[f]);
                        parts[f] = 0;
                      })
#endif
  } else if (fn == FN_L1) {
    WORD_LOOP(WORD_STATE(st = AccumulateSum(st, MAGNITUDE(x))), NOTHING)
  } else if (fn == FN_L2 || fn == FN_SUM_SQUARE) {
    WORD_LOOP(WORD_STATE(st = AccumulateSum(st, x * x)), NOTHING)
  } else {
    WORD_LOOP(WORD_STATE(st = AccumulateSum(st, x)), NOTHING)
  }
}
#endif

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 group : SV_GroupID, uint3 local : SV_GroupThreadID) {
  uint fn = Scalar(DMLC_S_REDUCE_FUNCTION);
  uint count = Scalar(DMLC_S_REDUCE_COUNT);
  uint out_bytes = Scalar(DMLC_S_REDUCE_OUT_BYTES);
  uint layout = Scalar(DMLC_S_REDUCE_LAYOUT);
  uint splits = Scalar(DMLC_S_REDUCE_SPLITS);
  uint mode = layout & 3u;
  bool lane_major = (layout & DMLC_REDUCE_LANE_MAJOR) != 0;
  bool vectors = (layout & DMLC_REDUCE_VECTORS) != 0;
  uint lane_bits = (layout >> 8) & 0xFFu;
  uint lanes = 1u << lane_bits;
  uint per_group = DMLC_GPU_THREADS_PER_GROUP >> lane_bits;  // outputs a group reduces at a time
  uint t = local.x;
  uint lane = lane_major ? (t & (lanes - 1u)) : (t / per_group);
  uint slot = lane_major ? (t >> lane_bits) : (t & (per_group - 1u));
  uint partner_step = lane_major ? 1u : per_group;  // slot distance between neighbouring lanes
  uint outputs = Param(DMLC_P_COUNT);
  uint units = outputs / WORD_OUTPUTS;  // a thread's outputs (the plan makes outputs a multiple)
  uint output_groups = units / per_group + (units % per_group != 0 ? 1u : 0u);
  uint spans = mode == DMLC_REDUCE_MODE_PARTIAL ? splits : 1u;
  uint span = spans == 1 ? count : count / spans + (count % spans != 0 ? 1u : 0u);
  if (vectors) span = (span + VECTOR_ELEMENTS - 1u) & ~(VECTOR_ELEMENTS - 1u);  // of whole vectors, as count is
  uint work = output_groups * spans;  // the plan keeps this within 32 bits
  uint group_stride = Param(DMLC_P_THREAD_STRIDE) / DMLC_GPU_THREADS_PER_GROUP;
  // Uniform across the group, so the barriers inside are reached by every thread.
  for (uint g = group.x; g < work; g += group_stride) {
    uint split = g / output_groups;  // neighbouring groups share a span: they read neighbouring memory
    uint unit = (g % output_groups) * per_group + slot;
    uint o = unit * WORD_OUTPUTS;  // the first of this thread's outputs
    uint4 states[WORD_OUTPUTS];
    [unroll] for (uint i = 0; i < WORD_OUTPUTS; ++i) states[i] = Identity(fn);
    Walk w = WalkTo(unit < units ? o : 0);
    uint begin = min(split * span, count);  // rounding can leave the last spans empty
    uint end = count - begin > span ? begin + span : count;
    if (unit < units) {
      if (mode == DMLC_REDUCE_MODE_COMBINE) {
        for (uint s = lane; s < splits; s += lanes) {
          states[0] = Combine(states[0], LoadState((s * outputs + o) * DMLC_REDUCE_STATE_BYTES), fn);
        }
      } else {
#if WORD_OUTPUTS > 1
        AccumulateWords(states, fn, w.in_offset, begin + lane, end, lanes);
#else
        states[0] = AccumulateSpan(states[0], fn, w.in_offset, begin + lane, end, lane, lanes, vectors);
#endif
      }
    }
    // One fixed tree per output; output words' neighbouring outputs are neighbours in the output too.
    [unroll] for (uint k = 0; k < WORD_OUTPUTS; ++k) {
      uint4 st = states[k];
      g_states[t] = st;
      for (uint half = lanes >> 1; half > 0; half >>= 1) {
        GroupMemoryBarrierWithGroupSync();
        if (lane < half) {
          st = Combine(st, g_states[t + half * partner_step], fn);
          g_states[t] = st;
        }
      }
      if (lane == 0 && unit < units) {
        if (mode == DMLC_REDUCE_MODE_PARTIAL) {
          g_output.Store4((split * outputs + o + k) * DMLC_REDUCE_STATE_BYTES, st);
        } else {
          StoreOutput((w.out_offset + k) * out_bytes, out_bytes, Finalize(st, fn, count));
        }
      }
      GroupMemoryBarrierWithGroupSync();  // g_states is reused by the next output and round
    }
  }
}
