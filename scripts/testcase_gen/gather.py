"""GATHER_ND1 (and GATHER_ND) cases: every data type and index type, 1 to 8 dimensions, batches,
negative indices, strided layouts, feature levels, must-reject descs and random data and indices."""

import numpy as np

from . import models
from .random_init import random_init, random_values
from .common import (ALL_TYPES, DTYPES, EIGHT_TYPES, WIDE_TYPES, broadcast_strides, buffer_of, case, choose_strides,
                     int_range, is_float, is_signed, padded_strides, random_array, rng_for, sprinkle_specials, tdesc,
                     values)

INDEX_TYPES = ["INT64", "INT32", "UINT64", "UINT32"]
OP = "DML_OPERATOR_GATHER_ND1"


def _config(rank, rng, batch):
    """Random counts and sizes for a rank: (input sizes, indices sizes, idc, kdc, b)."""
    max_size = {1: 6, 2: 5, 3: 4, 4: 3}.get(rank, 2)
    while True:
        idc = rng.randint(max(1, batch + 1), rank)
        q = rng.randint(1, idc - batch)
        kdc = rng.randint(batch + 1, rank)
        if (kdc - 1) + (idc - batch - q) <= rank:
            break
    in_m = [rng.randint(1, max_size) for _ in range(idc)]
    # Batch and indexed dimensions of at least 2, so batches and indices are worth testing.
    in_m[:batch + q] = [rng.randint(2, max_size) for _ in range(batch + q)]
    ind_m = in_m[:batch] + [rng.randint(1, 3) for _ in range(kdc - 1 - batch)] + [q]
    in_sizes = [1] * (rank - idc) + in_m
    ind_sizes = [1] * (rank - kdc) + ind_m
    return in_sizes, ind_sizes, idc, kdc, batch


def _indices(in_sizes, ind_sizes, idc, batch, it, rng, negative):
    """Valid index tuples; with a signed type and `negative`, about half count from the end."""
    rank = len(in_sizes)
    q = ind_sizes[-1]
    dims = in_sizes[rank - idc + batch:][:q]
    flat = []
    for _ in range(int(np.prod(ind_sizes[:-1]))):
        for d in dims:
            v = rng.randint(0, d - 1)
            if negative and is_signed(it) and rng.random() < 0.5:
                v -= d
            flat.append(v)
    return np.array(flat, dtype=object).astype(np.dtype(it.lower())).reshape(ind_sizes)


def _gather_case(name, dt, it, rank, batch=0, negative=True, in_layout="packed", ind_layout="packed",
                 out_padded=False, op=OP, feature_level=None, specials=False, tags=(), description=None,
                 npy=None):
    rng = rng_for(name)
    in_sizes, ind_sizes, idc, kdc, b = _config(rank, rng, batch)
    inp = random_array(dt, in_sizes, rng)
    if specials and is_float(dt):
        sprinkle_specials(inp, rng)
    ind = _indices(in_sizes, ind_sizes, idc, b, it, rng, negative)
    out = models.gather_nd1(inp, ind, idc, kdc, b, it)

    in_strides = choose_strides(in_layout, in_sizes, rng)
    ind_strides = choose_strides(ind_layout, ind_sizes, rng)
    out_strides = padded_strides(list(out.shape), [rng.randint(0, 2) for _ in out.shape]) if out_padded else None
    desc = {
        "InputTensor": tdesc(dt, in_sizes, in_strides),
        "IndicesTensor": tdesc(it, ind_sizes, ind_strides),
        "OutputTensor": tdesc(dt, list(out.shape), out_strides),
        "InputDimensionCount": idc,
        "IndicesDimensionCount": kdc,
    }
    if op == OP:
        desc["BatchDimensionCount"] = b
    inputs = {"InputTensor": values(inp, dt), "IndicesTensor": values(ind, it)}
    if npy is not None:
        inputs["InputTensor"] = npy(name, inp)
    layout_tags = [t for t, on in (("strided", in_layout != "packed" or ind_layout != "packed"),
                                   ("output-strides", out_padded), ("batched", b > 0)) if on]
    return case(name, op, desc, inputs, {"OutputTensor": values(out, dt)},
                description=description or f"{dt} data, {it} indices, {rank}D, batch {b}",
                tags=["generated", f"rank{rank}", dt, *layout_tags, *tags], feature_level=feature_level)


def _type_sweep():
    cases = []
    for i, dt in enumerate(ALL_TYPES):
        for batch in (0, 1):
            rank = 1 + (i * 2 + batch) % 8 if batch == 0 else 2 + (i * 2 + batch) % 7
            it = INDEX_TYPES[(i + batch) % 4]
            cases.append(_gather_case(f"{dt.lower()}_{it.lower()}_rank{rank}_batch{batch}", dt, it, rank, batch))
    return cases


def _rank_sweep():
    cases = []
    for rank in range(1, 9):
        for j, it in enumerate(INDEX_TYPES):
            dt = ALL_TYPES[(rank * 4 + j) % len(ALL_TYPES)]
            cases.append(_gather_case(f"rank{rank}_{it.lower()}_{dt.lower()}", dt, it, rank))
    return cases


def _batched():
    cases = []
    for batch in (1, 2):
        for rank in range(batch + 1, 9):
            it = "INT32" if rank % 2 else "INT64"
            dt = ["FLOAT32", "INT16", "UINT8", "FLOAT16", "INT64", "FLOAT64", "UINT32"][rank % 7]
            cases.append(_gather_case(f"batch{batch}_rank{rank}_{it.lower()}_negative", dt, it, rank, batch,
                                      tags=["negative-indices"]))
    return cases


def _gather_nd():
    """GATHER_ND: the same operator without batches (no BatchDimensionCount field)."""
    cases = []
    for rank, dt, it in ((1, "FLOAT32", "UINT32"), (2, "INT32", "INT32"), (3, "FLOAT16", "INT64"),
                         (4, "UINT8", "UINT64"), (5, "INT8", "INT32"), (6, "FLOAT64", "UINT32")):
        cases.append(_gather_case(f"gather_nd_rank{rank}_{dt.lower()}", dt, it, rank, op="GATHER_ND",
                                  tags=["gather-nd"]))
    return cases


def _layouts():
    cases = []
    combos = [
        ("padded", "packed", False, "FLOAT32", "UINT32", 3),
        ("packed", "padded", False, "INT16", "INT32", 4),
        ("permuted", "packed", False, "UINT8", "INT64", 3),
        ("packed", "permuted", False, "FLOAT16", "UINT64", 4),
        ("padded", "padded", True, "INT64", "INT32", 5),
        ("packed", "packed", True, "FLOAT64", "UINT32", 2),
        ("permuted", "padded", True, "INT8", "INT64", 6),
        ("padded", "permuted", True, "UINT16", "INT32", 7),
        ("permuted", "permuted", False, "UINT64", "UINT32", 8),
        ("padded", "packed", True, "FLOAT32", "INT32", 4),
    ]
    for k, (il, xl, op_, dt, it, rank) in enumerate(combos):
        name = f"layout{k}_{il}_in_{xl}_idx{'_padded_out' if op_ else ''}_{dt.lower()}"
        cases.append(_gather_case(name, dt, it, rank, batch=1 if rank > 3 else 0, in_layout=il, ind_layout=xl,
                                  out_padded=op_))
    cases.append(_broadcast_input())
    cases.append(_broadcast_indices())
    return cases


def _broadcast_input():
    """A 0-stride input dimension: every row of the table is the same row, given as a raw buffer."""
    name = "broadcast_input_rows"
    rng = rng_for(name)
    sizes = [4, 5]
    row = random_array("FLOAT32", [1, 5], rng)
    inp = np.broadcast_to(row, sizes)
    strides = broadcast_strides(sizes, {0})
    ind = np.array([[3], [0], [2]], dtype=np.uint32)
    out = models.gather_nd1(inp, ind, 2, 2, 0, "UINT32")
    desc = {"InputTensor": tdesc("FLOAT32", sizes, strides), "IndicesTensor": tdesc("UINT32", [3, 1]),
            "OutputTensor": tdesc("FLOAT32", list(out.shape)), "InputDimensionCount": 2,
            "IndicesDimensionCount": 2, "BatchDimensionCount": 0}
    return case(name, OP, desc, {"InputTensor": buffer_of(inp, "FLOAT32", sizes, strides),
                                 "IndicesTensor": values(ind, "UINT32")},
                {"OutputTensor": values(out, "FLOAT32")}, description="input rows broadcast with stride 0",
                tags=["generated", "broadcast", "FLOAT32"])


def _broadcast_indices():
    """A 0-stride indices dimension: the same tuples repeat; given as logical values that agree."""
    name = "broadcast_indices_int32_negative"
    rng = rng_for(name)
    in_sizes = [1, 3, 4, 2]
    inp = random_array("INT32", in_sizes, rng)
    base = np.array([[[[-1, 2]], [[0, -4]]]], dtype=np.int32)  # {1,2,1,2}
    ind_sizes = [1, 2, 3, 2]
    ind = np.broadcast_to(base, ind_sizes)
    strides = broadcast_strides(ind_sizes, {2})
    out = models.gather_nd1(inp, ind, 3, 3, 0, "INT32")
    desc = {"InputTensor": tdesc("INT32", in_sizes), "IndicesTensor": tdesc("INT32", ind_sizes, strides),
            "OutputTensor": tdesc("INT32", list(out.shape)), "InputDimensionCount": 3,
            "IndicesDimensionCount": 3, "BatchDimensionCount": 0}
    return case(name, OP, desc, {"InputTensor": values(inp, "INT32"), "IndicesTensor": values(ind, "INT32")},
                {"OutputTensor": values(out, "INT32")}, description="indices broadcast with stride 0",
                tags=["generated", "broadcast", "negative-indices", "INT32"])


def _out_of_range(name, dt, in_sizes, it, indices, ind_sizes, idc, kdc, batch=0, why=""):
    """Indices past either end: the expected values are DirectML 1.15.4's (models.gather_nd1); the
    comparison admits a clamp of each index and zeros too (docs/semantics.md, "Answers DirectML decides")."""
    rng = rng_for(name)
    inp = random_array(dt, in_sizes, rng)
    ind = np.array(indices, dtype=object).astype(np.dtype(it.lower())).reshape(ind_sizes)
    element_size = np.dtype(DTYPES[dt]).itemsize
    buffer_elements = -(-inp.size * element_size // 4) * 4 // element_size  # TotalTensorSizeInBytes rounds to 4
    out = models.gather_nd1(inp, ind, idc, kdc, batch, it, buffer_elements)
    desc = {"InputTensor": tdesc(dt, in_sizes), "IndicesTensor": tdesc(it, ind_sizes),
            "OutputTensor": tdesc(dt, list(out.shape)), "InputDimensionCount": idc,
            "IndicesDimensionCount": kdc, "BatchDimensionCount": batch}
    return case(name, OP, desc, {"InputTensor": values(inp, dt), "IndicesTensor": values(ind, it)},
                {"OutputTensor": values(out, dt)}, description=why,
                tags=["generated", "out-of-range", dt, it])


def _out_of_range_cases():
    return [
        _out_of_range("rows_past_either_end_int32", "FLOAT32", [4, 3], "INT32", [4, -5, 10, -1, 0], [5, 1], 2, 2,
                      why="rows 4 and 10 past the end, -5 before the start: each element clamped to the last"),
        _out_of_range("pairs_past_the_end_float16_int64", "FLOAT16", [3, 4], "INT64",
                      [0, 4, 3, 0, -4, 1, 2, -5, -4, 5], [5, 2], 2, 2,
                      why="pairs whose column runs into the next row, or wraps back into range"),
        _out_of_range("batches_run_on_uint32", "FLOAT32", [2, 3, 2], "UINT32", [3, 7, 5, 0], [2, 2, 1], 3, 3, batch=1,
                      why="an index past its batch reads the next batch's rows"),
        _out_of_range("high_words_int64_data", "INT64", [2, 2], "INT64", [2 ** 32, -3, 2 ** 32 + 1], [3, 1], 2, 2,
                      why="2^32 counts as 0 (its low word); -3 stays negative and clamps to the last element"),
        _out_of_range("uint64_int8_tail", "INT8", [1, 3], "UINT64", [3, 2 ** 63, 2 ** 32 + 1], [3, 1], 1, 2,
                      why="INT8 {3}'s buffer has a fourth byte: offsets past the tensor clamp into it"),
    ]


def _levels(npy):
    cases = []
    for dt in EIGHT_TYPES:
        it = "INT32" if dt.startswith("U") else "UINT32"
        cases.append(_gather_case(f"level3_0_{dt.lower()}", dt, it, 4, batch=1, feature_level="3_0",
                                  tags=["feature-level"]))
    for dt in WIDE_TYPES:
        cases.append(_gather_case(f"level4_1_{dt.lower()}", dt, "INT64", 3, feature_level="4_1",
                                  tags=["feature-level"]))
    for dt in ("FLOAT32", "FLOAT16", "FLOAT64"):
        cases.append(_gather_case(f"specials_{dt.lower()}", dt, "UINT32", 3, specials=True, tags=["specials"]))
    cases.append(_gather_case("npy_input_float32", "FLOAT32", "INT32", 3, npy=npy, tags=["npy"]))
    cases.append(_gather_case("npy_input_int64", "INT64", "UINT32", 2, npy=npy, tags=["npy"]))
    return cases


def _random_gather(name, dt, in_sizes, data_range, it, ind_sizes, ind_range, idc, kdc, batch=0,
                   with_expected=True, tags=()):
    """Input and indices from the {"random": ...} initializer, the indices' min/max keeping them valid for
    every indexed dimension (signed ranges count from the end too); see join._random_join for the uses."""
    rng = rng_for(name)
    seed, ind_seed = rng.getrandbits(64), rng.getrandbits(64)
    inp = random_values(dt, in_sizes, seed, *data_range)
    ind = random_values(it, ind_sizes, ind_seed, *ind_range)
    out = models.gather_nd1(inp, ind, idc, kdc, batch, it)
    desc = {"InputTensor": tdesc(dt, in_sizes), "IndicesTensor": tdesc(it, ind_sizes),
            "OutputTensor": tdesc(dt, list(out.shape)), "InputDimensionCount": idc,
            "IndicesDimensionCount": kdc, "BatchDimensionCount": batch}
    inputs = {"InputTensor": random_init(dt, seed, *data_range),
              "IndicesTensor": random_init(it, ind_seed, *ind_range)}
    expected = {"OutputTensor": values(out, dt)} if with_expected else None
    return case(name, OP, desc, inputs, expected,
                description=f"random {dt} data, random {it} indices in [{ind_range[0]}, {ind_range[1]}], "
                            f"batch {batch}",
                tags=["generated", "random", f"rank{len(in_sizes)}", dt, *tags])


def _random():
    i64 = int_range("INT64")
    big = dict(with_expected=False, tags=["large"])
    return [
        _random_gather("random_float32_int64_negative", "FLOAT32", [6, 6], (-10.0, 10.0), "INT64", [5, 2],
                       (-6, 5), 2, 2, tags=["negative-indices"]),
        _random_gather("random_uint8_int32", "UINT8", [4, 4, 3], (0, 255), "INT32", [1, 5, 2], (-4, 3), 3, 2,
                       tags=["negative-indices"]),
        _random_gather("random_float64_uint32_batch1", "FLOAT64", [3, 5, 2], (-1e3, 1e3), "UINT32", [3, 4, 1],
                       (0, 4), 3, 3, batch=1, tags=["batched"]),
        _random_gather("random_int64_full_range_uint64", "INT64", [8, 2], i64, "UINT64", [6, 1], (0, 7), 2, 2),
        _random_gather("random_float16_int32", "FLOAT16", [5, 3], (-1.5, 3.25), "INT32", [4, 1], (-5, 4), 2, 2),
        _random_gather("random_int32_int64", "INT32", [7, 3], int_range("INT32"), "INT64", [9, 1], (-7, 6), 2, 2),
        _random_gather("large_random_float32_rows", "FLOAT32", [128, 256], (-1.0, 1.0), "INT32", [128, 1],
                       (-128, 127), 2, 2, **big),
        _random_gather("large_random_float16_pairs", "FLOAT16", [64, 64, 16], (-4.0, 4.0), "INT64", [1, 1024, 2],
                       (0, 63), 3, 2, **big),
        _random_gather("large_random_int32_batched", "INT32", [8, 64, 32], int_range("INT32"), "UINT32",
                       [8, 100, 1], (0, 63), 3, 3, batch=1, **big),
    ]


def _reject(name, desc, why, expect=True, feature_level=None, op=OP):
    if expect is True and feature_level is not None:
        expect = "feature level"  # every level rejection names the requested level
    return case(name, op, desc, {}, description=why, tags=["generated", "reject"], feature_level=feature_level,
                expect_error=expect)


def _rejects():
    def d(in_sizes, ind_sizes, out_sizes, idc, kdc, b=0, dt="FLOAT32", it="UINT32", out_dt=None):
        return {"InputTensor": tdesc(dt, in_sizes), "IndicesTensor": tdesc(it, ind_sizes),
                "OutputTensor": tdesc(out_dt or dt, out_sizes), "InputDimensionCount": idc,
                "IndicesDimensionCount": kdc, "BatchDimensionCount": b}
    return [
        _reject("indices_dimension_count_differs", d([1, 2, 2], [2, 1], [1, 2, 2], 2, 2),
                "IndicesTensor has 2 dimensions, InputTensor 3", "DimensionCount"),
        _reject("output_dimension_count_differs", d([2, 2], [2, 1], [1, 2, 2], 2, 2),
                "OutputTensor has 3 dimensions, InputTensor 2", "DimensionCount"),
        _reject("output_data_type_differs", d([2, 2], [2, 1], [2, 2], 2, 2, out_dt="FLOAT16"),
                "OutputTensor.DataType must equal InputTensor.DataType", "DataType"),
        _reject("tuple_larger_than_input_rank", d([1, 2, 2], [1, 1, 4], [1, 1, 1], 3, 3),
                "index tuples of 4 coordinates into a 3-dimensional input"),
        _reject("output_sizes_wrong", d([2, 2], [2, 1], [2, 3], 2, 2), "expected OutputTensor.Sizes {2,2}",
                "Sizes"),
        _reject("output_sizes_not_right_aligned", d([1, 3, 2, 2], [1, 3, 2, 2], [3, 2, 1, 1], 3, 3, b=1),
                "output sizes must be right-aligned with leading 1s ({1,1,3,2})", "Sizes"),
        _reject("float_indices", d([2, 2], [2, 1], [2, 2], 2, 2, it="FLOAT32"),
                "IndicesTensor.DataType FLOAT32 is not in the table"),
        _reject("int16_indices", d([2, 2], [2, 1], [2, 2], 2, 2, it="INT16"),
                "IndicesTensor.DataType INT16 is not in the table"),
        _reject("float64_at_level4_0", d([2, 2], [2, 1], [2, 2], 2, 2, dt="FLOAT64"),
                "FLOAT64 needs feature level 4_1", feature_level="4_0"),
        _reject("int64_indices_uint64_data_at_level3_0", d([2, 2], [2, 1], [2, 2], 2, 2, dt="UINT64", it="INT64"),
                "UINT64 data needs feature level 4_1", feature_level="3_0"),
        _reject("operator_below_level3_0", d([2, 2], [2, 1], [2, 2], 2, 2),
                "GATHER_ND1 was introduced at feature level 3_0", feature_level="2_1"),
        _reject("batch_count_equals_rank", d([2, 2], [2, 1], [2, 2], 2, 2, b=2),
                "BatchDimensionCount must be below the DimensionCount", "BatchDimensionCount"),
        _reject("input_dimension_count_zero", d([2, 2], [2, 1], [2, 2], 0, 2),
                "InputDimensionCount must be in [1, DimensionCount]", "InputDimensionCount"),
        _reject("input_dimension_count_above_rank", d([2, 2], [2, 1], [2, 2], 3, 2),
                "InputDimensionCount must be in [1, DimensionCount]", "InputDimensionCount"),
        _reject("indices_dimension_count_above_rank", d([2, 2], [2, 1], [2, 2], 2, 3),
                "IndicesDimensionCount must be in [1, DimensionCount]", "IndicesDimensionCount"),
        _reject("batch_sizes_differ", d([1, 3, 2, 2], [1, 2, 2, 2], [1, 1, 2, 2], 3, 3, b=1),
                "batch dimension of IndicesTensor (2) differs from InputTensor's (3)", "IndicesTensor"),
        _reject("nine_dimensions", d([1] * 8 + [2], [1] * 8 + [1], [1] * 9, 9, 9),
                "9 dimensions: the table allows 1 to 8"),
    ]


def generate(npy):
    return {
        "types.json": _type_sweep(),
        "ranks.json": _rank_sweep(),
        "batched.json": _batched() + _gather_nd(),
        "layouts.json": _layouts(),
        "levels_and_specials.json": _levels(npy),
        "reject.json": _rejects(),
        "out_of_range.json": _out_of_range_cases(),
        "random.json": _random(),
    }
