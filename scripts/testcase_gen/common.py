"""Shared pieces of the case generator: data types, tensor layouts, deterministic data, JSON values.

Everything here is deterministic: data comes from random.Random seeded with a CRC of the case name, so a
case's data does not depend on which other cases exist or in what order they are generated.
"""

import math
import random
import zlib

import numpy as np

# Name -> numpy dtype of the 11 DirectML tensor data types.
DTYPES = {
    "FLOAT64": np.float64,
    "FLOAT32": np.float32,
    "FLOAT16": np.float16,
    "INT64": np.int64,
    "INT32": np.int32,
    "INT16": np.int16,
    "INT8": np.int8,
    "UINT64": np.uint64,
    "UINT32": np.uint32,
    "UINT16": np.uint16,
    "UINT8": np.uint8,
}
ALL_TYPES = list(DTYPES)
FLOAT_TYPES = ["FLOAT64", "FLOAT32", "FLOAT16"]
# The types every table gained at 4_1/5_0/5_1 (64-bit); the 3_0-era tables list the other eight.
WIDE_TYPES = ["FLOAT64", "INT64", "UINT64"]
EIGHT_TYPES = [t for t in ALL_TYPES if t not in WIDE_TYPES]

_EXACT_INT_LIMIT = 2**53


def is_float(dt):
    return dt in FLOAT_TYPES


def is_signed(dt):
    return dt.startswith("INT")


def element_size(dt):
    return np.dtype(DTYPES[dt]).itemsize


def int_range(dt):
    info = np.iinfo(DTYPES[dt])
    return int(info.min), int(info.max)


def rng_for(name):
    """A generator seeded by the case name, so each case's data is independent of the others."""
    return random.Random(zlib.crc32(name.encode()))


# ---- data -------------------------------------------------------------------------------------------

def random_array(dt, shape, rng, lo=None, hi=None):
    """Random logical data of type dt. Integers: uniform in [lo, hi] (default: the full type range).
    Floats: uniform in [lo, hi] (default [-2, 2]) rounded to the type."""
    n = int(np.prod(shape, dtype=np.int64)) if len(shape) else 1
    if is_float(dt):
        lo = -2.0 if lo is None else lo
        hi = 2.0 if hi is None else hi
        vals = [rng.uniform(lo, hi) for _ in range(n)]
        return np.array(vals, dtype=np.float64).astype(DTYPES[dt]).reshape(shape)
    tlo, thi = int_range(dt)
    lo = tlo if lo is None else max(lo, tlo)
    hi = thi if hi is None else min(hi, thi)
    vals = [rng.randint(lo, hi) for _ in range(n)]
    return np.array(vals, dtype=object).astype(DTYPES[dt]).reshape(shape)


def sprinkle_specials(arr, rng, count=3):
    """Puts NaN, +-inf and -0 into a float array (data-movement cases compare bit-exactly)."""
    flat = arr.reshape(-1)
    specials = [np.nan, np.inf, -np.inf, -0.0]
    for _ in range(min(count, flat.size)):
        flat[rng.randrange(flat.size)] = specials[rng.randrange(len(specials))]
    return arr


# ---- JSON values -------------------------------------------------------------------------------------

def scalar(v, dt):
    """One element as a JSON value that the loader turns back into exactly this element."""
    if is_float(dt):
        f = float(v)
        if math.isnan(f):
            return "nan"
        if math.isinf(f):
            return "inf" if f > 0 else "-inf"
        if f.is_integer() and abs(f) < _EXACT_INT_LIMIT and not (f == 0 and math.copysign(1, f) < 0):
            return int(f)
        return f  # repr of a double holding the typed value exactly: round-trips
    i = int(v)
    return str(i) if abs(i) > _EXACT_INT_LIMIT else i


def values(arr, dt):
    """A logical initializer: the elements in row-major order."""
    return [scalar(v, dt) for v in np.asarray(arr).reshape(-1)]


# ---- layouts -------------------------------------------------------------------------------------------

def packed_strides(sizes):
    strides = [1] * len(sizes)
    for i in range(len(sizes) - 2, -1, -1):
        strides[i] = strides[i + 1] * sizes[i + 1]
    return strides


def padded_strides(sizes, pads):
    """Row-major strides with pads[i] extra elements after each step of dimension i."""
    strides = [0] * len(sizes)
    step = 1
    for i in range(len(sizes) - 1, -1, -1):
        strides[i] = step + pads[i]
        step = strides[i] * sizes[i]
    return strides


def permuted_strides(sizes, order):
    """Strides of a packed layout whose dimensions are stored in `order` (slowest first)."""
    strides = [0] * len(sizes)
    step = 1
    for d in reversed(order):
        strides[d] = step
        step *= sizes[d]
    return strides


def broadcast_strides(sizes, bdims):
    """Strides reading a tensor whose dimensions in bdims are broadcast (stride 0)."""
    base = [1 if i in bdims else s for i, s in enumerate(sizes)]
    strides = packed_strides(base)
    return [0 if i in bdims else st for i, st in enumerate(strides)]


def total_bytes(dt, sizes, strides):
    """DMLCalcBufferTensorSize."""
    last = sum((s - 1) * st for s, st in zip(sizes, strides))
    size = (last + 1) * element_size(dt)
    return (size + 3) // 4 * 4


def buffer_of(arr, dt, sizes, strides):
    """A {"buffer": [...]} initializer: the raw buffer elements with gaps zero."""
    count = total_bytes(dt, sizes, strides) // element_size(dt)
    buf = [0] * count
    for idx in np.ndindex(*sizes):
        off = sum(i * st for i, st in zip(idx, strides))
        buf[off] = scalar(arr[idx], dt)
    return {"buffer": buf}


def tdesc(dt, sizes, strides=None, total=None):
    d = {"DataType": dt, "Sizes": list(sizes)}
    if strides is not None:
        d["Strides"] = list(strides)
    if total is not None:
        d["TotalTensorSizeInBytes"] = total
    return d


def cast(arr, dt):
    """Converts exact values (Python ints or float64) to dt; integers wrap modulo 2^n."""
    if is_float(dt):
        return np.asarray(arr, dtype=np.float64).astype(DTYPES[dt])
    lo, hi = int_range(dt)
    mod = hi - lo + 1
    flat = [((int(v) - lo) % mod) + lo for v in np.asarray(arr, dtype=object).reshape(-1)]
    return np.array(flat, dtype=object).astype(DTYPES[dt]).reshape(np.shape(arr))


def case(name, operator_type, desc, inputs, expected=None, description=None, tags=(),
         feature_level=None, expect_error=None, tolerance=None):
    c = {"name": name}
    if description:
        c["description"] = description
    if tags:
        c["tags"] = list(tags)
    c["operator"] = {"type": operator_type, "desc": desc}
    c["inputs"] = inputs
    if expected is not None:
        c["expected"] = expected
    if tolerance is not None:
        c["tolerance"] = tolerance
    if feature_level is not None:
        c["featureLevel"] = feature_level
    if expect_error is not None:
        c["expectError"] = expect_error
    return c


def choose_strides(kind, sizes, rng):
    """Strides for a layout kind: "packed" (None: no Strides field), "padded" (gaps after some steps)
    or "permuted" (packed, but dimensions stored in another order)."""
    if kind == "packed":
        return None
    if kind == "padded":
        pads = [rng.randint(0, 2) for _ in sizes]
        pads[-1] = max(pads[-1], 1)  # at least one gap, so the layout is never the packed one
        return padded_strides(sizes, pads)
    if kind == "permuted":
        order = list(range(len(sizes)))
        rng.shuffle(order)
        if order == sorted(order):
            order.reverse()
        return permuted_strides(sizes, order)
    raise ValueError(kind)
