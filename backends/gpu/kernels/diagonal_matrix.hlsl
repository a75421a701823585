// DIAGONAL_MATRIX and DIAGONAL_MATRIX1 over the output's elements: Value where x - y lies in the band
// [begin, end) of the last two dimensions (outside it when inverted), elsewhere the input's element
// (DIAGONAL_INPUT: diagonal_matrix_input_b*) or zero. The host gives Value as the output type's bits, so
// the kernel is type-agnostic. In row y the band's columns are one run, [y + begin, y + end) clipped to
// the row, so a vector's band elements are a run of its positions, placed by word masks (no run-time
// component index, which FXC cannot write). On packed rows a thread moves a vector of elements (up to
// 16 bytes) as whole words; the row walk works out the row coordinate y once per row and pass. A packed
// output with no input whose rows do not hold whole 16-byte vectors takes the flat walk instead.
//
// variant: diagonal_matrix_b1|ELEM_BYTES=1|-
// variant: diagonal_matrix_b2|ELEM_BYTES=2|-
// variant: diagonal_matrix_b4|ELEM_BYTES=4|-
// variant: diagonal_matrix_b8|ELEM_BYTES=8|-
// variant: diagonal_matrix_input_b1|ELEM_BYTES=1,DIAGONAL_INPUT|-
// variant: diagonal_matrix_input_b2|ELEM_BYTES=2,DIAGONAL_INPUT|-
// variant: diagonal_matrix_input_b4|ELEM_BYTES=4,DIAGONAL_INPUT|-
// variant: diagonal_matrix_input_b8|ELEM_BYTES=8,DIAGONAL_INPUT|-
#include "common.hlsli"

#ifdef DIAGONAL_INPUT
ByteAddressBuffer g_input : register(t1);
RWByteAddressBuffer g_output : register(u2);
DEFINE_ELEMENT_LOADER(LoadInput, g_input)
DEFINE_VECTOR_LOADER(LoadInputWords, g_input)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_WIDE_VECTOR_STORER(StoreOutputWords, g_output, u2)
DEFINE_VECTOR_OR_ELEMENT_ACCESS(LoadAt, StoreAt, LoadInput, LoadInputWords, StoreOutput, StoreOutputWords)
#else
RWByteAddressBuffer g_output : register(u1);
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_WIDE_VECTOR_STORER(StoreOutputWords, g_output, u1)
DEFINE_VECTOR_OR_ELEMENT_STORE(StoreAt, StoreOutput, StoreOutputWords)
#endif

// A bound of the band, y + bound for row y: bound >= 0 (right) or < 0, and |bound| (up to 2^31).
struct Bound {
  bool right;
  uint distance;
};

Bound LoadBound(uint at) {
  Bound b;
  b.right = Scalar(at + 1) == 0u;  // the high word of a 64-bit bound in [-2^31, 2^31]
  b.distance = b.right ? Scalar(at) : 0u - Scalar(at);
  return b;
}

// Where the band lies, worked out once per thread.
struct Band {
  Bound begin;
  Bound end;
  bool inverted;
  uint4 fill;     // Value's bits in every element of a vector
  uint columns;   // the last dimension's size, in elements
};

Band LoadBand(uint columns) {
  Band b;
  b.begin = LoadBound(DMLC_S_DIAGONAL_BEGIN);
  b.end = LoadBound(DMLC_S_DIAGONAL_END);
  b.inverted = Scalar(DMLC_S_DIAGONAL_INVERTED) != 0u;
  b.fill = FillVector(uint2(Scalar(DMLC_S_DIAGONAL_VALUE_LO), Scalar(DMLC_S_DIAGONAL_VALUE_HI)), ELEM_BYTES);
  b.columns = columns;
  return b;
}

// y + bound clipped to [0, columns], with no 32-bit wrap.
uint ClipColumn(Bound b, uint y, uint columns) {
  if (b.right) return (b.distance >= columns || y >= columns - b.distance) ? columns : y + b.distance;
  return y >= b.distance ? min(y - b.distance, columns) : 0u;
}

// Ones in each word from byte `from` of that word on (from is clamped to [0, 4]).
uint4 BytesFrom(int4 from) {
  uint4 c = uint4(clamp(from, int4(0, 0, 0, 0), int4(4, 4, 4, 4)));
  return uint4(c < uint4(4, 4, 4, 4)) * (uint4(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu) << (min(c, uint4(3, 3, 3, 3)) * 8u));
}

// The bits of vector positions [p0, p1) of ELEM_BYTES-byte elements.
uint4 PositionMask(uint p0, uint p1) {
  int4 word_start = int4(0, 4, 8, 12);
  return BytesFrom(int4(p0 * ELEM_BYTES, p0 * ELEM_BYTES, p0 * ELEM_BYTES, p0 * ELEM_BYTES) - word_start) &
         ~BytesFrom(int4(p1 * ELEM_BYTES, p1 * ELEM_BYTES, p1 * ELEM_BYTES, p1 * ELEM_BYTES) - word_start);
}

// The positions among [s, s + n) that take Value, where they hold row y's columns x, x + 1, ...
uint4 BandMask(Band b, uint s, uint n, uint x, uint y) {
  uint first = ClipColumn(b.begin, y, b.columns);
  uint last = max(first, ClipColumn(b.end, y, b.columns));
  uint lo = clamp(first, x, x + n);
  uint hi = clamp(last, x, x + n);
  // Most vectors miss a narrow band: no masks to build for them.
  uint4 band = lo == hi ? uint4(0, 0, 0, 0) : PositionMask(s + lo - x, s + hi - x);
  if (b.inverted) return PositionMask(s, s + n) & ~band;
  return band;
}

// `base` (the input's elements, or zeros) with Value at the positions of `mask`.
uint4 Place(Band b, uint4 base, uint4 mask) { return (base & ~mask) | (b.fill & mask); }

// The flat walk: vector i holds elements [i * k, i * k + k) of the packed output, so rows (of any
// length, odd ones too) start anywhere in a vector. Whole vectors take one 16-byte store with no
// atomics; the last one, where the element count is not a multiple of k, stores the elements it has
// one at a time. Only without an input.
void StoreFlatVector(Band b, uint i, uint rows, uint elements) {
  const uint k = 16 / ELEM_BYTES;
  uint first = i * k;
  uint x = first % b.columns;  // row y's segment of the vector starts at column x, vector position s
  uint y = (first / b.columns) % rows;
  uint4 mask = uint4(0, 0, 0, 0);
  for (uint s = 0;;) {
    uint n = min(b.columns - x, k - s);
    mask |= BandMask(b, s, n, x, y);
    if (b.columns - x >= k - s) break;  // the vector ends within this row
    s += n;
    x = 0;
    y = y + 1 == rows ? 0 : y + 1;
  }
  uint4 v = Place(b, uint4(0, 0, 0, 0), mask);
  if (elements - first >= k) {
    StoreOutputWords(first * ELEM_BYTES, 4, v);
    return;
  }
  [unroll] for (uint e = 0; e < k; ++e) {
    if (e < elements - first) StoreOutput((first + e) * ELEM_BYTES, ELEM_BYTES, GetElement(v, e, ELEM_BYTES));
  }
}

// The vector (or element) at row y, column `column` (in vectors) of the last two dimensions, over the
// input's at element offset `in_offset`.
uint4 BandVector(Band b, uint y, uint column, uint in_offset, uint words) {
  uint k = Param(DMLC_P_VECTOR);
#ifdef DIAGONAL_INPUT
  uint4 base = LoadAt(in_offset, words);
#else
  uint4 base = uint4(0, 0, 0, 0);
#endif
  return Place(b, base, BandMask(b, 0, k, column * k, y));
}

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID, uint3 group : SV_GroupID, uint3 local : SV_GroupThreadID) {
  uint rank = Param(DMLC_P_RANK);
  uint flat_columns = Param(DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_COLUMNS);
  if (flat_columns != 0) {
    Band flat_band = LoadBand(flat_columns);
    uint rows = Param(DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_ROWS);
    uint elements = Param(DMLC_P_ARRAY_A + DMLC_A_DIAGONAL_FLAT_ELEMENTS);
    FOR_EACH_ELEMENT(i, thread.x) StoreFlatVector(flat_band, i, rows, elements);
    return;
  }
  Band band = LoadBand(Param(DMLC_P_SIZES + rank - 1) * Param(DMLC_P_VECTOR));
  uint words = VectorWords();
  if (RowLaneBits() != 0) {
    RowWalk r = MakeRowWalk();
    uint length = r.length;
    uint out_step = LastStride(DMLC_P_OUT_STRIDES);
    uint in_step = LastStride(DMLC_P_IN_STRIDES);
    FOR_EACH_ROW_PASS(g, group.x, r) {
      RowPass p = RowPassAt(r, g, local.x, rank - 2, rank - 1);
      if (!p.valid) continue;
      [unroll] for (uint u = 0; u < DMLC_GPU_ROW_VECTORS; ++u) {
        uint c = p.column + u * p.lanes;
        if (c < length) {
          StoreAt(p.w.out_offset + c * out_step, words, BandVector(band, p.w.coord_a, c, p.w.in_offset + c * in_step, words));
        }
      }
    }
    return;
  }
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkToCoords(i, rank - 2, rank - 1);
    StoreAt(w.out_offset, words, BandVector(band, w.coord_a, w.coord_b, w.in_offset, words));
  }
}
