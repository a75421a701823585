// DIAGONAL_MATRIX over the output's elements: Value where x - y == Offset in the last two dimensions,
// zero elsewhere. The host converted Value to the output type's bits, so the kernel is type-agnostic.
// On packed rows a thread writes a vector of elements (up to 16 bytes) as whole words, 16 bytes in one
// store (DEFINE_WIDE_VECTOR_STORER); the row walk works out the row coordinate y once per row and pass.
// A packed output whose rows do not hold whole 16-byte vectors takes the flat walk instead.
#include "common.hlsli"

RWByteAddressBuffer g_output : register(u1);
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_WIDE_VECTOR_STORER(StoreOutputWords, g_output, u1)

// Where the diagonal lies: the column of row y's diagonal element is y + Offset, in a matrix `columns`
// elements wide. Worked out once per thread.
struct Diagonal {
  bool right;     // Offset >= 0
  uint distance;  // |Offset|, exact for INT_MIN too
  uint2 value;    // Value's bits in the output type
  uint columns;   // the last dimension's size, in elements
};

Diagonal LoadDiagonal(uint columns) {
  Diagonal d;
  d.columns = columns;
  uint offset = Scalar(DMLC_S_DIAGONAL_OFFSET);
  d.right = (offset >> 31) == 0;
  d.distance = d.right ? offset : 0u - offset;
  d.value = uint2(Scalar(DMLC_S_DIAGONAL_VALUE_LO), Scalar(DMLC_S_DIAGONAL_VALUE_HI));
  return d;
}

// Row y's diagonal element, where the matrix has one: its column.
bool DiagonalColumn(Diagonal d, uint y, out uint column) {
  column = d.right ? y + d.distance : y - d.distance;
  return d.right ? (d.distance < d.columns && y < d.columns - d.distance) : (y >= d.distance && column < d.columns);
}

// Row y's elements from column x on, placed from vector position s (the segment ends at position k or
// at the row's end): at most one of them is on the diagonal, found from its column rather than by a test
// per element (a test per element held INT8 rows of 16-element vectors far below the copy on the H200).
void PutDiagonalSegment(Diagonal d, inout uint4 v, uint s, uint k, uint x, uint y) {
  uint column;
  if (DiagonalColumn(d, y, column) && column >= x && column - x < k - s) {
    PutElement(v, s + column - x, ELEM_BYTES, d.value);
  }
}

// The vector (or element) at row y, column `column` (in vectors) of the last two dimensions.
uint4 DiagonalVector(Diagonal d, uint y, uint column) {
  uint k = Param(DMLC_P_VECTOR);
  uint4 v = uint4(0, 0, 0, 0);
  PutDiagonalSegment(d, v, 0, k, column * k, y);
  return v;
}

// The flat walk: vector i holds elements [i * k, i * k + k) of the packed output, so rows (of any
// length, odd ones too) start anywhere in a vector. Whole vectors take one 16-byte store with no
// atomics; the last one, where the element count is not a multiple of k, stores the elements it has
// one at a time.
void StoreFlatVector(Diagonal d, uint i, uint rows, uint elements) {
  const uint k = 16 / ELEM_BYTES;
  uint first = i * k;
  uint x = first % d.columns;  // row y's segment of the vector starts at column x, vector position s
  uint y = (first / d.columns) % rows;
  uint4 v = uint4(0, 0, 0, 0);
  for (uint s = 0;;) {
    PutDiagonalSegment(d, v, s, k, x, y);
    if (d.columns - x >= k - s) break;  // the vector ends within this row
    s += d.columns - x;
    x = 0;
    y = y + 1 == rows ? 0 : y + 1;
  }
  if (elements - first >= k) {
    StoreOutputWords(first * ELEM_BYTES, 4, v);
    return;
  }
  [unroll] for (uint e = 0; e < k; ++e) {
    if (e < elements - first) StoreOutput((first + e) * ELEM_BYTES, ELEM_BYTES, GetElement(v, e, ELEM_BYTES));
  }
}

DEFINE_VECTOR_OR_ELEMENT_STORE(StoreAt, StoreOutput, StoreOutputWords)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID, uint3 group : SV_GroupID, uint3 local : SV_GroupThreadID) {
  uint rank = Param(DMLC_P_RANK);
  uint flat_columns = Scalar(DMLC_S_DIAGONAL_FLAT_COLUMNS);
  if (flat_columns != 0) {
    Diagonal diagonal = LoadDiagonal(flat_columns);
    uint rows = Scalar(DMLC_S_DIAGONAL_FLAT_ROWS);
    uint elements = Scalar(DMLC_S_DIAGONAL_FLAT_ELEMENTS);
    FOR_EACH_ELEMENT(i, thread.x) StoreFlatVector(diagonal, i, rows, elements);
    return;
  }
  Diagonal diagonal = LoadDiagonal(Param(DMLC_P_SIZES + rank - 1) * Param(DMLC_P_VECTOR));
  uint words = VectorWords();
  if (RowLaneBits() != 0) {
    RowWalk r = MakeRowWalk();
    uint length = r.length;
    uint out_step = LastStride(DMLC_P_OUT_STRIDES);
    FOR_EACH_ROW_PASS(g, group.x, r) {
      RowPass p = RowPassAt(r, g, local.x, rank - 2, rank - 1);
      if (!p.valid) continue;
      [unroll] for (uint u = 0; u < DMLC_GPU_ROW_VECTORS; ++u) {
        uint c = p.column + u * p.lanes;
        if (c < length) StoreAt(p.w.out_offset + c * out_step, words, DiagonalVector(diagonal, p.w.coord_a, c));
      }
    }
    return;
  }
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkToCoords(i, rank - 2, rank - 1);
    StoreAt(w.out_offset, words, DiagonalVector(diagonal, w.coord_a, w.coord_b));
  }
}
