// LOG_SUM_EXP's per-lane paths for reduce.hlsl's float variants (REDUCE_F32, REDUCE_F16): the element
// path, the batch paths and the flush of a batch's terms into the compensated total. Part of reduce.hlsl,
// included where its float state (Sum, Add, ToSum, NEG_INF) and vector layout (VECTOR_BATCH,
// VECTOR_ELEMENTS, VectorBits, BitsValue) are defined; Combine and Finalize there fold and finish states.

// LOG_SUM_EXP, shifted by the running maximum (`peak`, st.x) so that large inputs do not overflow exp()
// in float. An element adds exp(x - peak) to `part`, a plain float sum of at most one loop batch (each
// term at most 1; e^8 in FLOAT16 batches), which FlushLogSumExp adds to the compensated total (st.y,
// st.z) once per batch: the element's path has no compensation and no branch but the rare rise of the
// peak. NaN sets st.w (the result is then NaN whatever the sums hold). -inf adds exp(-inf) = 0, or 1
// while the peak is still -inf: the result is then -inf regardless, and the first finite peak scales it
// away.
// Raises the peak to `to`, above it, scaling what was summed under the old peak (the total and `part`);
// from -inf (nothing but -inf so far) they scale to 0.
void RaisePeak(inout uint4 st, inout float part, float to) {
  float scale = isinf(asfloat(st.x)) ? 0.0 : exp(asfloat(st.x) - to);
  st.y = asuint(asfloat(st.y) * scale);
  st.z = asuint(asfloat(st.z) * scale);
  part *= scale;
  st.x = asuint(to);
}

void AccumulateLogSumExp(inout uint4 st, inout float part, float x) {
  if (x > asfloat(st.x)) RaisePeak(st, part, x);
  float peak = asfloat(st.x);
  part += x == peak ? 1.0 : exp(x - peak);  // exact at the peak, +inf included
  st.w |= isnan(x) ? 1u : 0u;
}

// The batch paths (the vector loop's 16 values, the element loop's 8, each output's 8 in the output-word
// loop). Speculative (FoldLogSumExpBatchN): against a finite peak, each element adds its term as the peak
// stands, waiting for nothing but its load, and the batch is kept where its terms are known to be bounded
// (SpeculativeTermsN); otherwise the peak rises to the batch's maximum and the batch is refolded
// (RaiseAndFoldLogSumExpN: RaisePeakForBatch, then each element's exp, or past an infinite peak the
// per-element path). A NaN element sets no flag here: exp(NaN) makes the sums NaN, which no later
// scaling or combining undoes, and Finalize takes a NaN sum as NaN (without NaN input the sums are never
// NaN). A refolded batch pays its exps twice, and in a warp one lane's refold holds the others: on the
// H200, FLOAT16 along rows reads far faster speculating than maximum-first on dml-bench's data, and only
// a little slower on values uniform in [-1000, 1000], whose peaks early in a lane jump by more than a
// rescale covers. FLOAT32 along rows (4 batches a lane) stays maximum-first: speculating there refolded
// about a third of the batches and ran slower.
bool RaisePeakForBatch(inout uint4 st, inout float part, float batch_max) {
  float peak = asfloat(st.x);
  if (isinf(max(peak, batch_max))) return false;
  if (batch_max > peak) RaisePeak(st, part, batch_max);
  return true;
}

// One element of a refolded batch after RaisePeakForBatch: its exp alone where the peak was raised.
void AddLogSumExp(inout uint4 st, inout float part, float x, bool raised) {
  if (raised) {
    part += exp(x - asfloat(st.x));  // within exp's error at the peak too (error_bound.cpp's terms)
  } else {
    AccumulateLogSumExp(st, part, x);
  }
}

// How a speculative batch is known to be bounded. FLOAT32 keeps every term at most 1, as refolding does:
// the batch's maximum is taken beside the terms. FLOAT16 bounds the terms by their sum instead, with no
// maximum per element: a batch stands while the sum is at most e^8 (so is each term), and a larger sum
// up to 2^64 (a rise of the peak by at most ~44, whose scale stays a normal float) is kept scaled to the
// batch's maximum. Its terms are exp2 of x * log2(e) less the peak's, one multiply-add (a little faster
// along rows than exp(x - peak)); the errors this adds, a term's argument up to 8 or 44 above the peak
// and the peak's product rounded (|peak| * 2^-24 or so), stay inside the error bound error_bound.cpp
// derives for FLOAT16 results, which FLOAT32 results, held to 2^-24, would not.
#ifdef REDUCE_F16
#define LSE_BOUNDS_BY_SUM 1
#else
#define LSE_BOUNDS_BY_SUM 0
#endif
#define LOG2_E 1.4426950408889634
#define LSE_TERMS_BOUND 2980.9579870417283            // e^8
#define LSE_RESCALE_BOUND 18446744073709551616.0      // 2^64

// BatchMaxN, SpeculativeTermsN, RaiseAndFoldLogSumExpN and FoldLogSumExpBatchN for batches of N values;
// `part` holds the terms of the batches since the last flush.
#define DEFINE_LOG_SUM_EXP_BATCH_FOLDS(N)                                                                \
  float BatchMax##N(float values[N]) {                                                                 \
    float m = values[0];                                                                               \
    [unroll] for (uint u = 1; u < N; ++u) m = max(m, values[u]);                                       \
    return m;                                                                                          \
  }                                                                                                    \
  float SpeculativeTerms##N(float values[N], float peak, out bool stands, out bool rescales) {         \
    float terms = 0;                                                                                   \
    float seen = values[0];                                                                            \
    float scaled_peak = peak * LOG2_E;                                                                 \
    [unroll] for (uint u = 0; u < N; ++u) {                                                            \
      if (LSE_BOUNDS_BY_SUM) {                                                                         \
        terms += exp2(mad(values[u], LOG2_E, -scaled_peak));                                           \
      } else {                                                                                         \
        seen = max(seen, values[u]);                                                                   \
        terms += exp(values[u] - peak);                                                                \
      }                                                                                                \
    }                                                                                                  \
    stands = LSE_BOUNDS_BY_SUM ? terms <= LSE_TERMS_BOUND : seen <= peak;                              \
    rescales = LSE_BOUNDS_BY_SUM && terms <= LSE_RESCALE_BOUND;                                        \
    return terms;                                                                                      \
  }                                                                                                    \
  void RaiseAndFoldLogSumExp##N(inout uint4 st, inout float part, float values[N]) {                   \
    bool raised = RaisePeakForBatch(st, part, BatchMax##N(values));                                    \
    [unroll] for (uint u = 0; u < N; ++u) AddLogSumExp(st, part, values[u], raised);                   \
  }                                                                                                    \
  void FoldLogSumExpBatch##N(inout uint4 st, inout float part, float values[N]) {                      \
    float peak = asfloat(st.x);                                                                        \
    if (!isinf(peak)) {                                                                                \
      bool stands, rescales;                                                                           \
      float terms = SpeculativeTerms##N(values, peak, stands, rescales);                               \
      if (stands || rescales) {                                                                        \
        part += terms;                                                                                 \
        if (!stands) RaisePeakForBatch(st, part, BatchMax##N(values));                                 \
        return;                                                                                        \
      }                                                                                                \
    }                                                                                                  \
    RaiseAndFoldLogSumExp##N(st, part, values);                                                        \
  }
DEFINE_LOG_SUM_EXP_BATCH_FOLDS(8)   // the element and output-word loops
DEFINE_LOG_SUM_EXP_BATCH_FOLDS(16)  // the vector loop
#if VECTOR_BATCH * VECTOR_ELEMENTS != 16
#error "the vector loop's LOG_SUM_EXP batch folds 16 values"
#endif

// The span loop's batches: the vector loop's loads, or the element loop's values.
void FoldLogSumExpBatch(inout uint4 st, inout float part, uint4 batch[VECTOR_BATCH]) {
  float values[16];
  [unroll] for (uint k = 0; k < 16; ++k) {
    values[k] = BitsValue(VectorBits(batch[k / VECTOR_ELEMENTS], k % VECTOR_ELEMENTS));
  }
  if (LSE_BOUNDS_BY_SUM) {
    FoldLogSumExpBatch16(st, part, values);
  } else {
    RaiseAndFoldLogSumExp16(st, part, values);
  }
}

void FoldLogSumExpBatch(inout uint4 st, inout float part, float values[8]) { FoldLogSumExpBatch8(st, part, values); }

uint4 FlushLogSumExp(uint4 st, float part) {
  Sum s = ToSum(asfloat(st.y), asfloat(st.z));
  Add(s, part);
  return uint4(st.x, asuint(s.total), asuint(s.compensation), st.w);
}
