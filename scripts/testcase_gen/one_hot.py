"""ONE_HOT cases: every value and index type, 1 to 8 dimensions, every axis, negative and out-of-range
indices, ValuesTensor shapes and layouts, strided and broadcast indices, output strides, feature levels,
must-reject descs and random indices and values."""

import numpy as np

from . import models
from .random_init import random_init, random_values
from .common import (ALL_TYPES, EIGHT_TYPES, broadcast_strides, buffer_of, case, choose_strides, int_range,
                     is_float, is_signed, padded_strides, random_array, rng_for, sprinkle_specials, tdesc, values)

OP = "DML_OPERATOR_ONE_HOT"
INDEX_TYPES = ["INT64", "INT32", "UINT64", "UINT32"]


def _index_values(it, n, depth, rng, wild):
    """Mostly valid positions; with `wild`, also negatives (signed), values past either end and extremes."""
    lo, hi = int_range(it)
    out = []
    for _ in range(n):
        r = rng.random()
        if not wild or r < 0.45:
            v = rng.randint(0, depth - 1)
        elif r < 0.7 and is_signed(it):
            v = rng.randint(-depth, -1)
        elif r < 0.8:
            v = rng.randint(depth, depth + 5)
        elif r < 0.9 and is_signed(it):
            v = rng.randint(-depth - 5, -depth - 1)
        else:
            v = rng.choice([lo, hi, hi - 1, lo + 1] if is_signed(it) else [hi, hi - 1, depth])
        out.append(v)
    return out


def _values_sizes(rank, rng):
    """A ValuesTensor of the same rank with at least two elements; OnValue at position 1 of the fastest
    dimension of size > 1 (logical index 1 in every packed layout)."""
    sizes = [1] * rank
    k = rng.randrange(rank)
    sizes[k] = rng.randint(2, 3)
    if rank > 1 and rng.random() < 0.3:
        other = rng.randrange(rank)
        sizes[other] = max(sizes[other], 2)
    return sizes


def _one_hot_case(name, dt, it, rank, axis=None, depth=None, wild=True, ind_layout="packed",
                  values_layout="packed", out_padded=False, feature_level=None, specials=False, tags=(),
                  ind_broadcast=None, values_sizes=None, values_strides=None, npy=None):
    rng = rng_for(name)
    axis = rng.randrange(rank) if axis is None else axis
    depth = rng.randint(1, 6) if depth is None else depth
    max_size = {1: 1, 2: 6, 3: 4, 4: 3}.get(rank, 2)
    ind_sizes = [rng.randint(1, max_size) for _ in range(rank)]
    ind_sizes[axis] = 1
    n = int(np.prod(ind_sizes))
    ind = np.array(_index_values(it, n, depth, rng, wild), dtype=object).astype(np.dtype(it.lower()))
    ind = ind.reshape(ind_sizes)
    ind_strides = choose_strides(ind_layout, ind_sizes, rng)
    ind_init = None
    if ind_broadcast:
        base = [1 if i in ind_broadcast else s for i, s in enumerate(ind_sizes)]
        ind = np.broadcast_to(ind.reshape(-1)[:int(np.prod(base))].reshape(base), ind_sizes)
        ind_strides = broadcast_strides(ind_sizes, ind_broadcast)
        ind_init = buffer_of(ind, it, ind_sizes, ind_strides)

    vsizes = values_sizes or _values_sizes(rank, rng)
    vals = random_array(dt, vsizes, rng)
    if specials and is_float(dt):
        sprinkle_specials(vals, rng, 2)
    flat = vals.reshape(-1)
    off, on = flat[0], flat[1]
    v_strides = values_strides or choose_strides(values_layout, vsizes, rng)

    out = models.one_hot(ind, it, off, on, axis, depth, dt)
    out_strides = padded_strides(list(out.shape), [rng.randint(0, 2) for _ in out.shape]) if out_padded else None
    desc = {"IndicesTensor": tdesc(it, ind_sizes, ind_strides), "ValuesTensor": tdesc(dt, vsizes, v_strides),
            "OutputTensor": tdesc(dt, list(out.shape), out_strides), "Axis": axis}
    inputs = {"IndicesTensor": ind_init or values(ind, it),
              "ValuesTensor": npy(name, vals) if npy else values(vals, dt)}
    extra = [t for t, on_ in (("strided", ind_layout != "packed" or values_layout != "packed"),
                              ("broadcast", bool(ind_broadcast)), ("output-strides", out_padded),
                              ("out-of-range", wild)) if on_]
    return case(name, OP, desc, inputs, {"OutputTensor": values(out, dt)},
                description=f"{dt} values, {it} indices, {rank}D, Axis {axis}, depth {depth}",
                tags=["generated", f"rank{rank}", dt, *extra, *tags], feature_level=feature_level)


def _type_sweep():
    cases = []
    for i, dt in enumerate(ALL_TYPES):
        for k in range(2):
            it = INDEX_TYPES[(i + k) % 4]
            rank = 1 + (i * 2 + k) % 8
            cases.append(_one_hot_case(f"{dt.lower()}_{it.lower()}_rank{rank}", dt, it, rank))
    return cases


def _rank_axis_sweep():
    cases = []
    k = 0
    for rank in range(1, 9):
        for axis in range(rank):
            dt = ALL_TYPES[(k * 5) % len(ALL_TYPES)]
            it = INDEX_TYPES[k % 4]
            k += 1
            cases.append(_one_hot_case(f"rank{rank}_axis{axis}_{dt.lower()}_{it.lower()}", dt, it, rank, axis))
    return cases


def _indices():
    """Negative, out-of-range and extreme indices for every index type."""
    cases = []
    for it in INDEX_TYPES:
        for k, (dt, rank, depth) in enumerate((("FLOAT32", 2, 5), ("INT8", 3, 4), ("UINT16", 4, 7))):
            cases.append(_one_hot_case(f"indices_{it.lower()}_{k}_{dt.lower()}", dt, it, rank, depth=depth,
                                       tags=["negative-indices" if is_signed(it) else "large-indices"]))
        cases.append(_one_hot_case(f"depth1_{it.lower()}", "FLOAT32", it, 2, axis=1, depth=1))
    return cases + _indices_past_32_bits()


def _indices_past_32_bits():
    """64-bit indices whose high word is set: each is out of range (all OffValue), whatever its low word."""
    cases = []
    for it, idx in (("INT64", [2**32 + 1, 2**32, 2**33 + 2, 2**62, -(2**32) + 1, 1]),
                    ("UINT64", [2**32 + 1, 2**32, 2**63, 2**64 - 1, 2**33 + 2, 1])):
        name = f"indices_{it.lower()}_past_32_bits"
        ind = np.array(idx, dtype=np.dtype(it.lower())).reshape(6, 1)
        vals = np.array([0.25, 1.5], dtype=np.float32)
        out = models.one_hot(ind, it, vals[0], vals[1], 1, 3, "FLOAT32")
        desc = {"IndicesTensor": tdesc(it, [6, 1]), "ValuesTensor": tdesc("FLOAT32", [1, 2]),
                "OutputTensor": tdesc("FLOAT32", list(out.shape)), "Axis": 1}
        cases.append(case(name, OP, desc, {"IndicesTensor": values(ind, it), "ValuesTensor": values(vals, "FLOAT32")},
                          {"OutputTensor": values(out, "FLOAT32")},
                          description=f"{it} indices 2^32 + 1, 2^32, 2^33 + 2 and beyond: out of range, not their low words",
                          tags=["generated", "large-indices", it]))
    return cases


def _values_and_layouts(npy):
    return [
        _one_hot_case("values_3x1_float32", "FLOAT32", "UINT32", 2, values_sizes=[3, 1], wild=False),
        _one_hot_case("values_2x2_int32", "INT32", "INT32", 2, values_sizes=[2, 2]),
        _one_hot_case("values_1x1x3x1_uint8", "UINT8", "UINT32", 4, values_sizes=[1, 1, 3, 1]),
        _one_hot_case("values_2x1x2_float16", "FLOAT16", "INT64", 3, values_sizes=[2, 1, 2]),
        _one_hot_case("values_padded_float32", "FLOAT32", "INT32", 3, values_layout="padded",
                      values_sizes=[1, 1, 4]),
        _one_hot_case("values_padded_3x1_int16", "INT16", "UINT32", 2, values_layout="padded",
                      values_sizes=[3, 1]),
        # OnValue lies along the fastest-changing dimension of size > 1, not one step along the last
        # dimension: with Sizes {3,1}, Strides {1,2} it is the element at offset 1, not 2.
        _one_hot_case("values_3x1_strides_1_2_int32", "INT32", "INT32", 2, values_sizes=[3, 1],
                      values_strides=[1, 2], wild=False),
        _one_hot_case("values_1x4x1_strides_8_2_5_float32", "FLOAT32", "UINT32", 3, values_sizes=[1, 4, 1],
                      values_strides=[8, 2, 5], wild=False),
        _one_hot_case("values_npy_float64", "FLOAT64", "INT64", 3, npy=npy, tags=["npy"]),
        _one_hot_case("indices_padded_float32", "FLOAT32", "INT32", 3, ind_layout="padded"),
        _one_hot_case("indices_permuted_uint16", "UINT16", "INT64", 4, ind_layout="permuted"),
        _one_hot_case("indices_padded_output_padded_int64", "INT64", "INT32", 3, ind_layout="padded",
                      out_padded=True),
        _one_hot_case("output_padded_float16", "FLOAT16", "UINT32", 2, out_padded=True),
        _one_hot_case("output_padded_8d_uint8", "UINT8", "INT32", 8, axis=5, out_padded=True),
        _one_hot_case("indices_broadcast_int32", "FLOAT32", "INT32", 3, axis=2, ind_broadcast={0}),
        _one_hot_case("indices_broadcast_uint64", "INT16", "UINT64", 4, axis=0, ind_broadcast={1, 3}),
        _one_hot_case("specials_float32", "FLOAT32", "INT32", 2, specials=True, values_sizes=[1, 2],
                      tags=["specials"]),
        _one_hot_case("specials_float16", "FLOAT16", "UINT32", 3, specials=True, values_sizes=[2, 1, 1],
                      tags=["specials"]),
        _one_hot_case("specials_float64", "FLOAT64", "INT64", 1, specials=True, values_sizes=[2],
                      tags=["specials"]),
        _values_broadcast(),
        _one_hot_case("large_depth_float32", "FLOAT32", "INT32", 2, axis=1, depth=300, wild=False),
    ]


def _values_broadcast():
    """ValuesTensor {2,2} with a 0 stride on dimension 0: off and on are the one stored row."""
    name = "values_broadcast_rows"
    rng = rng_for(name)
    vsizes = [2, 2]
    vals = np.broadcast_to(random_array("FLOAT32", [1, 2], rng), vsizes)
    vstrides = broadcast_strides(vsizes, {0})
    ind = np.array([[-1], [0], [2], [-3]], dtype=np.int32)
    out = models.one_hot(ind, "INT32", vals[0, 0], vals[0, 1], 1, 3, "FLOAT32")
    desc = {"IndicesTensor": tdesc("INT32", [4, 1]), "ValuesTensor": tdesc("FLOAT32", vsizes, vstrides),
            "OutputTensor": tdesc("FLOAT32", list(out.shape)), "Axis": 1}
    return case(name, OP, desc, {"IndicesTensor": values(ind, "INT32"),
                                 "ValuesTensor": buffer_of(vals, "FLOAT32", vsizes, vstrides)},
                {"OutputTensor": values(out, "FLOAT32")}, description="values read through a 0 stride",
                tags=["generated", "broadcast", "FLOAT32"])


def _random_one_hot(name, dt, values_range, it, ind_sizes, ind_range, axis, depth, with_expected=True,
                    tags=()):
    """Indices (and ValuesTensor {2}) from the {"random": ...} initializer, the index range reaching past
    both ends of [0, depth); see join._random_join for the two uses."""
    rng = rng_for(name)
    seed, ind_seed = rng.getrandbits(64), rng.getrandbits(64)
    vsizes = [1] * (len(ind_sizes) - 1) + [2]
    vals = random_values(dt, vsizes, seed, *values_range).reshape(-1)
    ind = random_values(it, ind_sizes, ind_seed, *ind_range)
    out = models.one_hot(ind, it, vals[0], vals[1], axis, depth, dt)
    desc = {"IndicesTensor": tdesc(it, ind_sizes), "ValuesTensor": tdesc(dt, vsizes),
            "OutputTensor": tdesc(dt, list(out.shape)), "Axis": axis}
    inputs = {"IndicesTensor": random_init(it, ind_seed, *ind_range),
              "ValuesTensor": random_init(dt, seed, *values_range)}
    expected = {"OutputTensor": values(out, dt)} if with_expected else None
    return case(name, OP, desc, inputs, expected,
                description=f"random {it} indices in [{ind_range[0]}, {ind_range[1]}], depth {depth}, "
                            f"random {dt} values",
                tags=["generated", "random", f"rank{len(ind_sizes)}", dt, "out-of-range", *tags])


def _random():
    big = dict(with_expected=False, tags=["large"])
    return [
        _random_one_hot("random_int32_float32", "FLOAT32", (-5.0, 5.0), "INT32", [6, 1], (-7, 7), 1, 5),
        _random_one_hot("random_uint32_float16", "FLOAT16", (-1.5, 3.25), "UINT32", [2, 1, 3], (0, 6), 1, 4),
        _random_one_hot("random_int64_float64", "FLOAT64", (-1e3, 1e3), "INT64", [1, 5], (-6, 6), 0, 4),
        _random_one_hot("random_uint64_uint8", "UINT8", (0, 255), "UINT64", [4, 1], (0, 5), 1, 3),
        _random_one_hot("large_random_int64_float32", "FLOAT32", (-1.0, 1.0), "INT64", [1024, 1], (-40, 40), 1,
                        32, **big),
        _random_one_hot("large_random_uint32_int32_3d", "INT32", int_range("INT32"), "UINT32", [16, 1, 64],
                        (0, 70), 1, 64, **big),
    ]


def _levels():
    cases = []
    for dt in ("FLOAT32", "FLOAT16"):
        cases.append(_one_hot_case(f"level2_0_{dt.lower()}", dt, "UINT32", 4, feature_level="2_0",
                                   tags=["feature-level"]))
    for dt in EIGHT_TYPES:
        cases.append(_one_hot_case(f"level2_1_{dt.lower()}", dt, "UINT32", 4, feature_level="2_1",
                                   tags=["feature-level"]))
    for dt, it, rank in (("INT8", "INT32", 2), ("FLOAT16", "INT64", 5), ("UINT32", "UINT64", 1),
                         ("FLOAT32", "INT32", 8)):
        cases.append(_one_hot_case(f"level3_0_{dt.lower()}_{it.lower()}", dt, it, rank, feature_level="3_0",
                                   tags=["feature-level"]))
    for dt in ("FLOAT64", "INT64", "UINT64"):
        cases.append(_one_hot_case(f"level4_1_{dt.lower()}", dt, "INT32", 3, feature_level="4_1",
                                   tags=["feature-level"]))
    return cases


def _reject(name, desc, why, expect=True, feature_level=None):
    if expect is True and feature_level is not None:
        expect = "feature level"  # every level rejection names the requested level
    return case(name, OP, desc, {}, description=why, tags=["generated", "reject"], feature_level=feature_level,
                expect_error=expect)


def _rejects():
    def d(ind, vals, out, axis, it="UINT32", vdt="FLOAT32", odt="FLOAT32"):
        return {"IndicesTensor": tdesc(it, ind), "ValuesTensor": tdesc(vdt, vals), "OutputTensor": tdesc(odt, out),
                "Axis": axis}
    return [
        _reject("indices_axis_size_not_1", d([2, 2], [1, 2], [2, 4], 1), "IndicesTensor.Sizes[Axis] must be 1",
                "Sizes"),
        _reject("indices_other_size_differs", d([3, 1], [1, 2], [2, 4], 1),
                "IndicesTensor.Sizes[0] must equal OutputTensor.Sizes[0]", "Sizes"),
        _reject("values_one_element", d([2, 1], [1, 1], [2, 4], 1), "ValuesTensor needs at least two elements"),
        _reject("values_dimension_count_differs", d([2, 1], [2], [2, 4], 1),
                "ValuesTensor has 1 dimension, the others 2", "DimensionCount"),
        _reject("output_dimension_count_differs", d([2, 1], [1, 2], [1, 2, 4], 1),
                "OutputTensor has 3 dimensions, IndicesTensor 2", "DimensionCount"),
        _reject("values_type_differs", d([2, 1], [1, 2], [2, 4], 1, vdt="FLOAT16"),
                "ValuesTensor.DataType must equal OutputTensor.DataType", "DataType"),
        _reject("axis_out_of_range", d([2, 1], [1, 2], [2, 4], 2), "Axis 2 with 2 dimensions", "Axis"),
        _reject("float_indices", d([2, 1], [1, 2], [2, 4], 1, it="FLOAT32"), "FLOAT32 indices are in no table"),
        _reject("int16_indices", d([2, 1], [1, 2], [2, 4], 1, it="INT16"), "INT16 indices are in no table"),
        _reject("int32_indices_at_level2_1", d([1, 1, 2, 1], [1, 1, 1, 2], [1, 1, 2, 4], 3, it="INT32"),
                "INT32 indices need feature level 3_0", feature_level="2_1"),
        _reject("int8_values_at_level2_0", d([1, 1, 2, 1], [1, 1, 1, 2], [1, 1, 2, 4], 3, vdt="INT8", odt="INT8"),
                "INT8 values need feature level 2_1", feature_level="2_0"),
        _reject("two_dimensions_at_level2_1", d([2, 1], [1, 2], [2, 4], 1),
                "2 dimensions need feature level 3_0", feature_level="2_1"),
        _reject("float64_at_level4_0", d([2, 1], [1, 2], [2, 4], 1, vdt="FLOAT64", odt="FLOAT64"),
                "FLOAT64 needs feature level 4_1", feature_level="4_0"),
        _reject("operator_below_level2_0", d([1, 1, 2, 1], [1, 1, 1, 2], [1, 1, 2, 4], 3),
                "ONE_HOT was introduced at feature level 2_0", feature_level="1_0"),
        _reject("nine_dimensions", d([1] * 8 + [1], [1] * 8 + [2], [1] * 8 + [3], 8), "the table allows 1 to 8"),
    ]


def generate(npy):
    return {"types.json": _type_sweep(), "ranks_axes.json": _rank_axis_sweep(), "indices.json": _indices(),
            "values_layouts.json": _values_and_layouts(npy), "levels.json": _levels(), "reject.json": _rejects(),
            "random.json": _random()}
