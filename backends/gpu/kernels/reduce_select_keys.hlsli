// MIN, MAX, ARGMIN and ARGMAX over a lane's span on keys (every variant but reduce_i64, whose 64-bit
// elements take the state path): SelectSpan and what it folds with. Part of reduce.hlsl, included after
// its element loop (ELEMENT_LOOP_OF), vector layout (VECTOR_BATCH, VectorBits) and loaders (LoadInput,
// LoadValue, Narrow, Widen); its output-word loops fold words with the same keys (WordKey, SelectKey,
// SelectElement).

// Selections (MIN, MAX, ARGMIN, ARGMAX) on keys: an element's bits, XORed with KeyFlip's word, make a
// key whose greatest value is the wanted element (floats: the value, negated for MIN; integers: the bits
// with the sign bit flipped where signed, complemented for MIN, compared unsigned), so one loop serves
// every direction and signedness without a widening or a branch per element. The running best key and
// its position live in registers; positions grow within a lane, so only a strictly greater key
// replaces the best and the first occurrence is kept. A float NaN key is greater than nothing, so it
// never replaces (reduce.hlsl's NaN rule); whether the run's first element is NaN goes into the state
// apart (SelectionState). The state's value comes from the key (integers) or from the input at the
// position (floats: the first of -0 and +0 keeps its sign). Keys beat the state and register paths on
// every type on the H200 (dml-bench's REDUCE MIN rows, inner and outer).
#define ELEMENT_MASK (IN_BYTES == 4 ? 0xFFFFFFFFu : (1u << (IN_BYTES * 8)) - 1u)
#define ELEMENT_SIGN (1u << (IN_BYTES * 8 - 1))
#define WORD_SIGNS (ELEMENT_SIGN * (IN_BYTES == 1 ? 0x01010101u : IN_BYTES == 2 ? 0x00010001u : 1u))

#if defined(REDUCE_F32) || defined(REDUCE_F16)
#define KEY float
#define LEAST_KEY NEG_INF
#define KEY_IS_FLOAT 1
// Set in a word's element sign bits where that element is a NaN: its magnitude plus the carry passes
// infinity's and reaches the sign bit, without carrying into the next element.
#ifdef REDUCE_F16
#define NAN_MAGNITUDE 0x7FFF7FFFu
#define NAN_CARRY 0x03FF03FFu
#else
#define NAN_MAGNITUDE 0x7FFFFFFFu
#define NAN_CARRY 0x007FFFFFu
#endif
uint NanSigns(uint word) { return ((word & NAN_MAGNITUDE) + NAN_CARRY) & WORD_SIGNS; }
#else
#define KEY uint
#define LEAST_KEY 0u
#define KEY_IS_FLOAT 0
#endif

// The word to XOR with the input's words so that the greatest key is the selected element.
uint KeyFlip(bool want_max) {
#if KEY_IS_FLOAT
  uint flip = want_max ? 0u : ELEMENT_SIGN;
#else
  uint flip = Scalar(DMLC_S_REDUCE_SIGNED) != 0 ? ELEMENT_SIGN : 0u;
  if (!want_max) flip ^= ELEMENT_MASK;
#endif
  return flip * (WORD_SIGNS / ELEMENT_SIGN);
}

KEY KeyOf(uint flipped_bits) {
#if KEY_IS_FLOAT
  return BitsValue(uint2(flipped_bits, 0));
#else
  return flipped_bits;
#endif
}

KEY KeyAt(uint4 flipped, uint k) { return KeyOf(VectorBits(flipped, k).x); }

// Folds one element's key (at position `at`) into the running best; a NaN key replaces nothing.
void SelectKey(inout KEY best, inout uint position, KEY key, uint at) {
  bool better = key > best;
  best = better ? key : best;
  position = better ? at : position;
}

// The vector loop compares whole vectors: the vector's greatest key (a tree of max()), and only where
// that beats the running best, its elements one by one (SelectVector). Most vectors beat nothing, and their
// elements cost a conversion (or a bit-field extract) and a max each. max() of a NaN is undefined, so
// NaN is looked for once a batch in the bits, and a batch that holds one folds every element in order.
// Per element this loop ran slower on the H200; in the element loop, the other way round.
KEY VectorKeyMax(uint4 flipped) {
  KEY keys[VECTOR_ELEMENTS];
  [unroll] for (uint k = 0; k < VECTOR_ELEMENTS; ++k) keys[k] = KeyAt(flipped, k);
  [unroll] for (uint width = VECTOR_ELEMENTS / 2; width > 0; width /= 2) {
    [unroll] for (uint k = 0; k < width; ++k) keys[k] = max(keys[k], keys[k + width]);
  }
  return keys[0];
}

// Folds a vector's elements (the first at position `at`) into the running best one by one.
void SelectVectorElements(inout KEY best, inout uint position, uint4 flipped, uint at) {
  [unroll] for (uint k = 0; k < VECTOR_ELEMENTS; ++k) SelectKey(best, position, KeyAt(flipped, k), at + k);
}

// Folds a vector without NaN (its first element at position `at`) into the running best: where its
// greatest key beats the best, its elements one by one, as the element loop folds them (no search for
// the key by equality, which a driver that flushes FLOAT32 subnormals might answer unlike max()).
void SelectVector(inout KEY best, inout uint position, uint4 flipped, uint at, bool track) {
  KEY m = VectorKeyMax(flipped);
  if (m > best) {
    if (!track) {
      best = m;
      return;
    }
    SelectVectorElements(best, position, flipped, at);
  }
}

// Whether a vector of flipped floats holds a NaN (never for integers).
bool HoldsNan(uint4 flipped) {
#if KEY_IS_FLOAT
  return (NanSigns(flipped.x) | NanSigns(flipped.y) | NanSigns(flipped.z) | NanSigns(flipped.w)) != 0;
#else
  return false;
#endif
}

// A lane's selection state: the best's position (the lane's first element where nothing beat the least
// key: every element then holds it or is NaN) with that element's value, and for floats in z whether the
// lane's first element is the run's first and NaN: ARGMIN and ARGMAX then answer 0 (Finalize).
uint4 SelectionState(uint4 st, KEY best, uint position, uint first, uint end, uint base, uint flip) {
  if (position == NO_POSITION && first < end) position = first;
  if (position == NO_POSITION) return st;
#if KEY_IS_FLOAT
  uint leads_with_nan = first == 0 && isnan(LoadValue(base + ReducedOffset(0))) ? 1u : 0u;
  return uint4(asuint(LoadValue(base + ReducedOffset(position))), position, leads_with_nan, 0);
#else
  return uint4(Narrow(Widen(uint2(best ^ (flip & ELEMENT_MASK), 0))), position, 0);
#endif
}

// Integer MIN and MAX need no position (equal integers are the same value): their loops only raise the
// best key (without a position, INT8 MIN over columns runs much faster on the H200).
bool TracksPosition(uint fn) { return KEY_IS_FLOAT != 0 || fn == FN_ARGMAX || fn == FN_ARGMIN; }

// The element loop over keys (`x`, at `at`); flip1 is the flip of one element.
#define LOAD_KEY KeyOf(LoadInput(element * IN_BYTES, IN_BYTES).x ^ flip1)
#define KEY_LOOP(FOLD) ELEMENT_LOOP_OF(KEY, LOAD_KEY, NOTHING, FOLD, FOLD, NOTHING)

uint4 SelectSpan(uint4 st, uint fn, uint base, uint j, uint end, uint lane, uint lanes, bool vectors) {
  bool track = TracksPosition(fn);
  uint flip = KeyFlip(WantsMax(fn));
  KEY best = LEAST_KEY;
  uint position = NO_POSITION;
  uint first = vectors ? j - lane + lane * VECTOR_ELEMENTS : j;  // the lane's first element
  if (vectors) {
    // VECTOR_LOOP's walk, but folding whole vectors (floats track positions: a NaN takes SelectKey's way).
    uint q = first;
    uint step = lanes * VECTOR_ELEMENTS;
    for (; q < end && end - q > (VECTOR_BATCH - 1) * step; q += VECTOR_BATCH * step) {
      uint4 batch[VECTOR_BATCH];
      [unroll] for (uint u = 0; u < VECTOR_BATCH; ++u) batch[u] = g_input.Load4(((base + q + u * step) * IN_BYTES) & ~15u) ^ flip;
      bool nan = false;
      [unroll] for (uint u = 0; u < VECTOR_BATCH; ++u) nan = nan || HoldsNan(batch[u]);
      if (nan) {
        [unroll] for (uint u = 0; u < VECTOR_BATCH; ++u) SelectVectorElements(best, position, batch[u], q + u * step);
      } else {
        [unroll] for (uint u = 0; u < VECTOR_BATCH; ++u) SelectVector(best, position, batch[u], q + u * step, track);
      }
    }
    for (; q < end; q += step) {
      uint4 v = g_input.Load4(((base + q) * IN_BYTES) & ~15u) ^ flip;
      if (HoldsNan(v)) {
        SelectVectorElements(best, position, v, q);
      } else {
        SelectVector(best, position, v, q, track);
      }
    }
  } else {
    uint flip1 = flip & ELEMENT_MASK;
    if (!track) {
      KEY_LOOP(best = max(best, x))
    } else {
      KEY_LOOP(SelectKey(best, position, x, at))
    }
  }
  return SelectionState(st, best, position, first, end, base, flip);
}
