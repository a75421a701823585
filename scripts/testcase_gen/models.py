"""Independent numpy models of the five operators, written from the spec pages and the semantics decided
in issue 2. They compute the "expected" values of the generated cases; the C++ reference is checked
against them, so nothing here is derived from the C++ code.
"""

import math

import numpy as np

from .common import DTYPES, cast, is_float, is_signed


def _gather_coordinate_bits(v, indices_dt, size):
    """DirectML 1.15.4's reading of an index coordinate (docs/semantics.md, "Answers DirectML decides"): a 64-bit
    integer (UINT64 read as INT64), plus the size once if negative, then its low 32 bits."""
    if indices_dt != "UINT32" and v >= 2 ** 63:
        v -= 2 ** 64
    if indices_dt != "UINT32" and v < 0:
        v += size
    return v % 2 ** 32


def gather_nd1(inp, ind, input_dim_count, indices_dim_count, batch_dim_count, indices_dt, buffer_elements=None):
    """output[batch, ...] = input[batch, indices[batch, ...], ...]; leading irrelevant dims must be 1.
    Output sizes: the indices' meaningful dims without the tuple dim, then the input dims after the batch
    and indexed ones, right-aligned with leading 1s. Negative indices count from the end. A tuple out of
    range reads as DirectML 1.15.4 does: each element through one offset (coordinates times packed
    strides, modulo 2^32) clamped to the buffer's `buffer_elements` (default: the input's), past the
    input's own elements reading the zero tail. The input is packed."""
    rank = inp.ndim
    in_m = inp.reshape(inp.shape[rank - input_dim_count:])
    ind_m = ind.reshape(ind.shape[ind.ndim - indices_dim_count:])
    b = batch_dim_count
    q = ind_m.shape[-1]
    batch = in_m.shape[:b]
    assert ind_m.shape[:b] == batch, "batch dims of input and indices differ"
    idx_dims = ind_m.shape[b:-1]
    trail = in_m.shape[b + q:]
    core = tuple(ind_m.shape[:-1]) + tuple(trail)
    assert len(core) <= rank
    flat_in = in_m.ravel()
    last = (buffer_elements or flat_in.size) - 1
    strides = [int(np.prod(in_m.shape[d + 1:], dtype=np.int64)) for d in range(in_m.ndim)]
    out = np.empty(core, dtype=inp.dtype)
    for bc in np.ndindex(*batch):
        for ic in np.ndindex(*idx_dims):
            raw = [int(v) for v in ind_m[bc + ic]]
            coords = []
            for j, v in enumerate(raw):
                dim = in_m.shape[b + j]
                if v < 0 and is_signed(indices_dt):
                    v += dim
                coords.append(v)
            if all(0 <= v < in_m.shape[b + j] for j, v in enumerate(coords)):
                out[bc + ic] = in_m[bc + tuple(coords)]
                continue
            base = sum(c * strides[k] for k, c in enumerate(bc))
            base += sum(_gather_coordinate_bits(v, indices_dt, in_m.shape[b + j]) * strides[b + j]
                        for j, v in enumerate(raw))
            for rc in np.ndindex(*trail):
                at = min((base + sum(c * strides[b + q + k] for k, c in enumerate(rc))) % 2 ** 32, last)
                out[bc + ic + rc] = flat_in[at] if at < flat_in.size else 0
    return out.reshape((1,) * (rank - len(core)) + core)


def join(inputs, axis):
    return np.concatenate(inputs, axis=axis)


def diagonal_value(value, dt):
    """DIAGONAL_MATRIX's Value is a FLOAT: float32 first, then RNE to float16 or truncation to integers,
    whose low bits are kept where the type cannot hold it (NaN, infinities and beyond 64 bits give 0)."""
    v32 = np.float32(value)
    if is_float(dt):
        return np.array(v32).astype(DTYPES[dt])
    t = math.trunc(float(v32)) if math.isfinite(v32) else 0
    t = 0 if abs(t) >= 2 ** 64 else t
    bits = np.dtype(DTYPES[dt]).itemsize * 8
    t %= 2 ** bits
    return t - 2 ** bits if np.issubdtype(DTYPES[dt], np.signedinteger) and t >= 2 ** (bits - 1) else t


def diagonal_matrix(sizes, offset, value, dt):
    out = np.zeros(sizes, dtype=DTYPES[dt])
    v = diagonal_value(value, dt)
    height, width = sizes[-2], sizes[-1]
    for y in range(height):
        x = y + offset
        if 0 <= x < width:
            out[..., y, x] = v
    return out


def diagonal_matrix1(sizes, begin, end, value, dt, inp=None):
    """DIAGONAL_MATRIX1 as its page's pseudocode reads, element by element: topX = x - y, Value where
    (End >= Begin) ^ (topX >= Begin) ^ (topX < End), else the input element (or 0). Value is already
    the output type's value (ValueDataType must be the output's type), so it is stored as it is."""
    out = np.zeros(sizes, dtype=DTYPES[dt]) if inp is None else np.array(inp, dtype=DTYPES[dt]).copy()
    v = np.array(value).astype(DTYPES[dt]) if not isinstance(value, np.ndarray) else value
    for idx in np.ndindex(*sizes):
        top_x = idx[-1] - idx[-2]
        if (end >= begin) ^ (top_x >= begin) ^ (top_x < end):
            out[idx] = v
    return out


def one_hot(ind, indices_dt, off, on, axis, depth, dt):
    shape = list(ind.shape)
    shape[axis] = depth
    out = np.full(shape, off, dtype=DTYPES[dt])
    for idx in np.ndindex(*ind.shape):
        v = int(ind[idx])
        if v < 0 and is_signed(indices_dt):
            v += depth
        if 0 <= v < depth:
            pos = list(idx)
            pos[axis] = v
            out[tuple(pos)] = on
    return out


def reduce_rows(x, axes):
    """The reduced groups as rows (row-major over the kept axes), each row in row-major order of the
    reduced axes (ascending), and the output sizes."""
    keep = [d for d in range(x.ndim) if d not in axes]
    red = sorted(set(axes))  # a repeated axis is reduced once
    n = int(np.prod([x.shape[d] for d in red]))
    rows = x.transpose(keep + red).reshape(-1, n)
    out_shape = [1 if d in axes else s for d, s in enumerate(x.shape)]
    return rows, out_shape


def _sum(v):
    """Exact sum rounded once. With an infinity or NaN present the IEEE result (NaN or an infinity) does
    not depend on the order, and fsum would raise on inf + -inf, so plain addition gives it."""
    return math.fsum(v) if all(math.isfinite(e) for e in v) else sum(v, 0.0)


def _log(s):
    """C's log: NaN below zero, -inf at zero (math.log raises on both)."""
    return math.log(s) if s > 0 else (-math.inf if s == 0 else math.nan)


def _log_sum_exp(v):
    if any(math.isnan(e) for e in v):
        return math.nan
    if math.inf in v:
        return math.inf
    top = max(v)
    if top == -math.inf:
        return -math.inf  # log(0)
    # Relative to the maximum, so that e^x past the double range (x > 709) does not overflow; exp(-inf) = 0.
    return top + math.log(math.fsum(math.exp(e - top) for e in v))


def _reduce_float(func, row):
    """NaN semantics of the reference (DirectML 1.15.4's, docs/semantics.md): MIN and MAX give the
    extreme of the elements that are numbers (+inf for MIN, -inf for MAX when none is); the arithmetic
    functions propagate NaN and infinities as IEEE arithmetic does."""
    v = [float(e) for e in row]
    n = len(v)
    if func == "SUM":
        return _sum(v)
    if func == "AVERAGE":
        return _sum(v) / n
    if func == "L1":
        return _sum([abs(e) for e in v])
    if func == "L2":
        return math.sqrt(_sum([e * e for e in v]))
    if func == "SUM_SQUARE":
        return _sum([e * e for e in v])
    if func == "LOG_SUM":
        return _log(_sum(v))
    if func == "LOG_SUM_EXP":
        return _log_sum_exp(v)
    if func == "MULTIPLY":
        p = 1.0
        for e in v:
            p *= e
        return p
    if func in ("MAX", "MIN"):
        numbers = [e for e in v if not math.isnan(e)]
        if not numbers:
            return -math.inf if func == "MAX" else math.inf
        return max(numbers) if func == "MAX" else min(numbers)
    raise ValueError(func)


def _reduce_int(func, row):
    v = [int(e) for e in row]
    if func == "SUM":
        return sum(v)
    if func == "L1":
        return sum(abs(e) for e in v)
    if func == "SUM_SQUARE":
        return sum(e * e for e in v)
    if func == "MULTIPLY":
        p = 1
        for e in v:
            p *= e
        return p
    if func == "MAX":
        return max(v)
    if func == "MIN":
        return min(v)
    raise ValueError(func)


def _arg(func, row):
    """A best seeded with element 0 and replaced only by a strictly better element: the first
    occurrence of the extreme, or 0 when element 0 is NaN (no compare beats it, and a NaN beats nothing)."""
    best = 0
    for i in range(1, len(row)):
        if (row[i] > row[best]) if func == "ARGMAX" else (row[i] < row[best]):
            best = i
    return best


def reduce(func, x, axes, in_dt, out_dt):
    """Floating functions accumulate exactly (fsum) or in float64 and round once; integer functions
    wrap modulo 2^n; ARGMIN/ARGMAX take the first occurrence (0 when element 0 is NaN), indexed row-major over
    the reduced axes."""
    rows, out_shape = reduce_rows(x, axes)
    if func in ("ARGMAX", "ARGMIN"):
        res = [_arg(func, [int(e) if not is_float(in_dt) else float(e) for e in r]) for r in rows]
    elif is_float(in_dt):
        res = [_reduce_float(func, r) for r in rows]
    else:
        res = [_reduce_int(func, r) for r in rows]
    return cast(np.array(res, dtype=object if not is_float(out_dt) else np.float64), out_dt).reshape(out_shape)
