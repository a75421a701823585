"""REDUCE cases: all twelve functions over every data type their tables allow, single, multiple and all
axes over 1 to 8 dimensions, every ARGMIN/ARGMAX output type, ties, integer wraparound, FLOAT16, NaN,
strided and broadcast inputs, output strides, feature levels, must-reject descs and random inputs."""

import numpy as np

from . import models
from .random_init import random_init, random_values
from .common import (broadcast_strides, buffer_of, case, choose_strides, int_range, is_float, padded_strides,
                     random_array, rng_for, tdesc, values)

OP = "DML_OPERATOR_REDUCE"
ARG_FUNCS = ["ARGMAX", "ARGMIN"]
ARG_INPUTS = ["FLOAT32", "FLOAT16", "INT64", "INT32", "INT16", "INT8", "UINT64", "UINT32", "UINT16", "UINT8"]
ARG_OUTPUTS = ["INT64", "INT32", "UINT64", "UINT32"]
# Data types each function allows at the highest level (spec 003's tables).
TYPES = {
    "ARGMAX": ARG_INPUTS, "ARGMIN": ARG_INPUTS,
    "AVERAGE": ["FLOAT32", "FLOAT16"], "L2": ["FLOAT32", "FLOAT16"],
    "LOG_SUM": ["FLOAT32", "FLOAT16"], "LOG_SUM_EXP": ["FLOAT32", "FLOAT16"],
    "L1": ["FLOAT32", "FLOAT16", "INT64", "INT32", "UINT64", "UINT32"],
    "SUM_SQUARE": ["FLOAT32", "FLOAT16", "INT64", "INT32", "UINT64", "UINT32"],
    "MAX": ARG_INPUTS, "MIN": ARG_INPUTS,
    "MULTIPLY": ["FLOAT32", "FLOAT16", "INT64", "INT32", "UINT64", "UINT32"],
    "SUM": ["FLOAT32", "FLOAT16", "INT64", "INT32", "UINT64", "UINT32"],
}
FUNCS = list(TYPES)


def _data(func, dt, shape, rng, n_reduced):
    """Data that keeps each function well conditioned, so the default tolerances are honest bounds."""
    if is_float(dt):
        if func in ("SUM", "AVERAGE", "LOG_SUM"):
            return random_array(dt, shape, rng, 0.1, 2.0)  # positive: no cancellation, log defined
        if func == "MULTIPLY":
            a = random_array(dt, shape, rng, 0.5, 1.5)
            signs = np.array([rng.choice([-1, 1]) for _ in range(a.size)]).reshape(shape)
            return (a * signs).astype(a.dtype)
        return random_array(dt, shape, rng)
    lo, hi = int_range(dt)
    if func in ("MAX", "MIN", "ARGMAX", "ARGMIN"):
        return random_array(dt, shape, rng)
    if func == "MULTIPLY":
        return random_array(dt, shape, rng, -3 if lo < 0 else 0, 3)
    return random_array(dt, shape, rng, max(lo, -1000), 1000)


def _shape(rank, rng):
    max_size = {1: 12, 2: 7, 3: 5, 4: 4, 5: 3}.get(rank, 2)
    return [rng.randint(1, max_size) for _ in range(rank)]


def _axes(func, rank, rng, mode):
    if mode == "all":
        axes = list(range(rank))
    elif mode == "one":
        axes = [rng.randrange(rank)]
    else:
        axes = sorted(rng.sample(range(rank), rng.randint(min(2, rank), rank)))
    if func not in ARG_FUNCS and len(axes) > 1 and rng.random() < 0.5:
        axes = axes[::-1]  # the order Axes lists them in does not matter for these functions
    return axes


def _reduce_case(name, func, dt, rank=None, mode="some", out_dt=None, shape=None, axes=None, data=None,
                 layout="packed", out_padded=False, feature_level=None, tags=(), broadcast=None,
                 input_init=None, description=None, with_expected=True):
    rng = rng_for(name)
    shape = shape or _shape(rank, rng)
    rank = len(shape)
    axes = axes if axes is not None else _axes(func, rank, rng, mode)
    out_dt = out_dt or (ARG_OUTPUTS[len(name) % 4] if func in ARG_FUNCS else dt)
    n_reduced = int(np.prod([shape[a] for a in axes]))
    x = data if data is not None else _data(func, dt, shape, rng, n_reduced)
    in_strides = choose_strides(layout, shape, rng)
    init = values(x, dt)
    if broadcast:
        base = [1 if i in broadcast else s for i, s in enumerate(shape)]
        x = np.broadcast_to(_data(func, dt, base, rng, n_reduced), shape)
        in_strides = broadcast_strides(shape, broadcast)
        init = buffer_of(x, dt, shape, in_strides)
    if input_init is not None:
        init = input_init
    out = models.reduce(func, x, axes, dt, out_dt)
    out_strides = padded_strides(list(out.shape), [rng.randint(0, 2) for _ in out.shape]) if out_padded else None
    desc = {"Function": func, "InputTensor": tdesc(dt, shape, in_strides),
            "OutputTensor": tdesc(out_dt, list(out.shape), out_strides), "AxisCount": len(axes), "Axes": axes}
    extra = [t for t, on in (("strided", layout != "packed"), ("broadcast", bool(broadcast)),
                             ("output-strides", out_padded), ("multi-axis", len(axes) > 1),
                             ("all-axes", len(axes) == rank)) if on]
    expected = {"OutputTensor": values(out, out_dt)} if with_expected else None
    return case(name, OP, desc, {"InputTensor": init}, expected,
                description=description or f"{func} of {dt} {shape} over axes {axes}",
                tags=["generated", func, f"rank{rank}", dt, *extra, *tags], feature_level=feature_level)


def _type_sweep():
    """Every function over every data type it allows."""
    cases = []
    for f, func in enumerate(FUNCS):
        for i, dt in enumerate(TYPES[func]):
            rank = 1 + (f * 3 + i) % 8
            mode = ("one", "some", "all")[(f + i) % 3]
            cases.append(_reduce_case(f"{func.lower()}_{dt.lower()}_rank{rank}_{mode}", func, dt, rank, mode))
    return cases


def _axes_sweep():
    """Multiple and all axes of every function, at several ranks; no axes and repeated axes, which the
    page does not forbid and DirectML 1.15.4 takes as each element reduced alone and the axis once."""
    cases = []
    for func in FUNCS:
        dt = TYPES[func][0]
        cases.append(_reduce_case(f"{func.lower()}_no_axes_{dt.lower()}", func, dt, shape=[2, 3], axes=[],
                                  tags=["no-axes"]))
        cases.append(_reduce_case(f"{func.lower()}_repeated_axes_{dt.lower()}", func, dt, shape=[2, 3, 4],
                                  axes=[2, 0, 2], tags=["repeated-axes"]))
    for f, func in enumerate(FUNCS):
        dts = TYPES[func]
        for k, (rank, mode) in enumerate(((2, "all"), (4, "some"), (5, "all"), (8, "some"), (8, "all"))):
            dt = dts[(f + k) % len(dts)]
            cases.append(_reduce_case(f"{func.lower()}_axes_rank{rank}_{mode}_{dt.lower()}", func, dt, rank, mode))
    return cases


def _arg_outputs():
    """Every ARGMIN/ARGMAX output type, including all-axes indices larger than one dimension."""
    cases = []
    for func in ARG_FUNCS:
        for k, out_dt in enumerate(ARG_OUTPUTS):
            dt = ARG_INPUTS[(k * 3 + len(func)) % len(ARG_INPUTS)]
            cases.append(_reduce_case(f"{func.lower()}_out_{out_dt.lower()}_{dt.lower()}", func, dt,
                                      shape=[3, 4, 5], axes=[1, 2] if k % 2 else [0, 1, 2], out_dt=out_dt,
                                      tags=["arg-output-type"]))
    return cases


def _ties():
    """Repeated extremes: the first occurrence (row-major within the reduced axes) wins."""
    cases = []
    for func in ARG_FUNCS:
        for k, (dt, shape, axes) in enumerate((("INT32", [4, 6], [1]), ("UINT8", [3, 4, 4], [0, 2]),
                                               ("FLOAT16", [2, 3, 2, 3], [0, 1, 2, 3]),
                                               ("FLOAT32", [5, 5], [0]), ("INT64", [2, 2, 2, 2, 2], [1, 3, 4]))):
            name = f"{func.lower()}_ties_{dt.lower()}_{k}"
            rng = rng_for(name)
            x = random_array(dt, shape, rng, 0, 2)  # three distinct values: ties everywhere
            cases.append(_reduce_case(name, func, dt, shape=shape, axes=axes, data=x, tags=["ties"]))
        name = f"{func.lower()}_ties_constant"
        cases.append(_reduce_case(name, func, "FLOAT32", shape=[3, 4], axes=[0, 1], data=np.full([3, 4], 1.5,
                                  np.float32), input_init={"value": 1.5}, out_dt="UINT32",
                                  tags=["ties", "initializers"], description="all equal: index 0"))
    return cases


def _wraparound():
    """Integer SUM/MULTIPLY/L1/SUM_SQUARE wrap modulo 2^n."""
    cases = []
    for func in ("SUM", "MULTIPLY", "L1", "SUM_SQUARE"):
        for dt in ("INT32", "UINT32", "INT64", "UINT64"):
            name = f"{func.lower()}_wraparound_{dt.lower()}"
            rng = rng_for(name)
            lo, hi = int_range(dt)
            shape = [3, 8]
            # L1 of the minimum has no positive counterpart; keep it out so |x| is defined.
            x = random_array(dt, shape, rng, lo + 1 if lo < 0 else lo, hi)
            cases.append(_reduce_case(name, func, dt, shape=shape, axes=[1], data=x, tags=["wraparound"]))
    return cases


def _float16_and_specials():
    cases = []
    for func in ("SUM", "AVERAGE", "L2", "SUM_SQUARE", "LOG_SUM_EXP", "L1"):
        cases.append(_reduce_case(f"{func.lower()}_float16_long_rows", func, "FLOAT16", shape=[4, 128], axes=[1],
                                  tags=["float16"]))
    cases.append(_reduce_case("sum_float32_many_elements", "SUM", "FLOAT32", shape=[2, 600], axes=[1]))
    cases.append(_reduce_case("average_float32_all_1000", "AVERAGE", "FLOAT32", shape=[20, 50], axes=[1, 0]))
    inf = np.array([[1.0, np.inf, 2.0], [-np.inf, 0.5, 3.0], [1.0, 2.0, 3.0]], dtype=np.float32)
    for func in ("MAX", "MIN", "SUM", "ARGMAX", "ARGMIN"):
        cases.append(_reduce_case(f"{func.lower()}_with_infinities", func, "FLOAT32", shape=[3, 3], axes=[1],
                                  data=inf, out_dt="INT32" if func in ARG_FUNCS else None, tags=["specials"]))
    # LOG_SUM_EXP whose exp overflows though the result does not: log(e^100 + e^100) is 100.69, and rows
    # at the top of the range give the largest finite value (the sum is taken relative to the maximum).
    big = np.array([[100, 100, 1, -1], [1e38, 1e38, 0, 0], [3.4028235e38, 1, 2, 3], [89, -89, 88, 0]],
                   dtype=np.float32)
    for dt in ("FLOAT32", "FLOAT16"):
        data = big if dt == "FLOAT32" else np.array([[12, 12, 1, -1], [65504, 65504, 0, 0], [65504, 1, 2, 3],
                                                     [11.1, -11.1, 11, 0]], dtype=np.float16)
        cases.append(_reduce_case(f"log_sum_exp_large_{dt.lower()}", "LOG_SUM_EXP", dt, shape=[4, 4], axes=[1],
                                  data=data, tags=["specials"],
                                  description="LOG_SUM_EXP of rows whose exp overflows the type; the results do not"))
    seq = np.arange(60, dtype=np.float32).reshape(3, 4, 5) * 0.25 - 3
    cases.append(_reduce_case("l1_sequence_input", "L1", "FLOAT32", shape=[3, 4, 5], axes=[2], data=seq,
                              input_init={"valueStart": -3, "valueDelta": 0.25}, tags=["initializers"]))
    return cases


# What each row of a NaN case holds besides finite data; rows cycle through these, so every case has
# rows without NaN next to rows with it.
_NAN_ROWS = ("clean", "nan", "inf_then_nan", "neg_inf_then_nan", "both_infs", "two_nans")


def _nan_data(func, dt, shape, axes, rng):
    """Data whose reduced rows (row-major over the kept axes) follow _NAN_ROWS at random positions."""
    keep = [d for d in range(len(shape)) if d not in axes]
    order = keep + sorted(axes)
    n_rows = int(np.prod([shape[d] for d in keep]))
    n = int(np.prod([shape[d] for d in axes]))
    rows = _data(func, dt, [n_rows, n], rng, n)
    for r in range(n_rows):
        first, second = sorted(rng.sample(range(n), 2))
        kind = _NAN_ROWS[r % len(_NAN_ROWS)]
        put = {"clean": (), "nan": ((first, np.nan),), "inf_then_nan": ((first, np.inf), (second, np.nan)),
               "neg_inf_then_nan": ((first, -np.inf), (second, np.nan)),
               "both_infs": ((first, np.inf), (second, -np.inf)),
               "two_nans": ((first, np.nan), (second, np.nan))}[kind]
        for pos, v in put:
            rows[r, pos] = v
    return rows.reshape([shape[d] for d in order]).transpose(np.argsort(order))


def _nan():
    """NaN as DirectML decides it: MIN/MAX give the extreme of the numbers, ARGMIN/ARGMAX skip NaN but
    in first position (where it wins), the arithmetic functions propagate it (and inf + -inf gives NaN)."""
    cases = []
    for dt in ("FLOAT32", "FLOAT16"):
        for func in FUNCS:
            for label, shape, axes in (("one_axis", [6, 5], [1]), ("two_axes", [2, 6, 3], [2, 0])):
                name = f"{func.lower()}_nan_{dt.lower()}_{label}"
                axes = sorted(axes) if func in ARG_FUNCS else axes
                x = _nan_data(func, dt, shape, axes, rng_for(name))
                cases.append(_reduce_case(name, func, dt, shape=shape, axes=axes, data=x, tags=["nan", "specials"],
                                          description=f"{func} of {dt} {shape} over axes {axes}; rows "
                                                      f"cycle through {', '.join(_NAN_ROWS)}"))
    for func, dt, shape in (("MAX", "FLOAT32", [3, 4]), ("MIN", "FLOAT16", [2, 3, 2]), ("SUM", "FLOAT32", [4, 3]),
                            ("ARGMAX", "FLOAT16", [3, 4]), ("ARGMIN", "FLOAT32", [2, 3, 2])):
        name = f"{func.lower()}_nan_{dt.lower()}_all_axes"
        rng = rng_for(name)
        x = _data(func, dt, shape, rng, int(np.prod(shape)))
        x.reshape(-1)[rng.randrange(x.size)] = np.nan
        cases.append(_reduce_case(name, func, dt, shape=shape, axes=list(range(len(shape))), data=x,
                                  tags=["nan", "specials"], description=f"{func} of {dt} {shape}, one NaN"))
    rows = np.array([[np.nan, np.inf, 1, 2], [1, np.inf, np.nan, np.nan], [-np.inf] * 4, [np.nan] * 4,
                     [-np.inf, 3, np.inf, -np.inf]], dtype=np.float32)
    for func in ("MAX", "MIN", "ARGMAX", "ARGMIN"):
        for dt in ("FLOAT32", "FLOAT16"):
            cases.append(_reduce_case(f"{func.lower()}_nan_edges_{dt.lower()}", func, dt, shape=[5, 4], axes=[1],
                                      data=rows.astype(np.dtype(dt.lower())), tags=["nan", "specials"],
                                      description="NaN first, NaN after inf, all -inf, all NaN, ties of infinities"))
    return cases


def _random_reduce(name, func, dt, shape, axes, lo, hi, out_dt=None, with_expected=True, tags=()):
    """Input from the {"random": ...} initializer; see join._random_join for the two uses."""
    seed = rng_for(name).getrandbits(64)
    x = random_values(dt, shape, seed, lo, hi)
    return _reduce_case(name, func, dt, shape=shape, axes=axes, data=x, out_dt=out_dt,
                        input_init=random_init(dt, seed, lo, hi), with_expected=with_expected,
                        tags=["random", *tags], description=f"{func} of {dt} {shape} over axes {axes}, "
                                                            f"random in [{lo}, {hi}]")


def _random():
    i64 = int_range("INT64")
    big = dict(with_expected=False, tags=["large"])
    return [
        _random_reduce("sum_random_float32", "SUM", "FLOAT32", [4, 9], [1], 0.1, 2.0),
        _random_reduce("max_random_float16", "MAX", "FLOAT16", [3, 5, 4], [0, 2], -1.5, 3.25),
        _random_reduce("argmax_random_uint8", "ARGMAX", "UINT8", [6, 40], [1], 0, 255, out_dt="UINT32"),
        _random_reduce("min_random_int32", "MIN", "INT32", [5, 7], [0], -1000000, 1000000),
        _random_reduce("sum_random_int64_full_range_wraps", "SUM", "INT64", [8, 4], [1], *i64,
                       tags=["wraparound"]),
        _random_reduce("argmin_random_int64_rejections", "ARGMIN", "INT64", [4, 6], [0, 1], -2**62, 2**62,
                       out_dt="INT64", tags=["rejection"]),
        _random_reduce("large_sum_random_float32", "SUM", "FLOAT32", [64, 256], [1], 0.1, 2.0, **big),
        _random_reduce("large_max_random_float32", "MAX", "FLOAT32", [64, 256], [1], -100.0, 100.0, **big),
        _random_reduce("large_argmax_random_float32", "ARGMAX", "FLOAT32", [64, 256], [1], -1.0, 1.0,
                       out_dt="INT32", **big),
        _random_reduce("large_log_sum_exp_random_float32", "LOG_SUM_EXP", "FLOAT32", [64, 256], [1], -3.0, 3.0,
                       **big),
        _random_reduce("large_sum_random_float16_axis0", "SUM", "FLOAT16", [256, 64], [0], 0.1, 2.0, **big),
        _random_reduce("large_average_random_float32_two_axes", "AVERAGE", "FLOAT32", [16, 64, 64], [0, 2],
                       0.1, 2.0, **big),
        _random_reduce("large_sum_random_int32", "SUM", "INT32", [64, 256], [1], -1000, 1000, **big),
        _random_reduce("large_argmin_random_uint8_ties", "ARGMIN", "UINT8", [256, 256], [0], 0, 255,
                       out_dt="UINT32", **big),
    ]


def _layouts():
    return [
        _reduce_case("sum_padded_input", "SUM", "FLOAT32", 3, layout="padded"),
        _reduce_case("max_permuted_input_int16", "MAX", "INT16", 4, layout="permuted"),
        _reduce_case("argmin_padded_input_uint8", "ARGMIN", "UINT8", 3, layout="padded"),
        _reduce_case("l2_permuted_input_float16", "L2", "FLOAT16", 3, "all", layout="permuted"),
        _reduce_case("multiply_padded_output_int32", "MULTIPLY", "INT32", 3, out_padded=True),
        _reduce_case("average_padded_in_out", "AVERAGE", "FLOAT32", 4, layout="padded", out_padded=True),
        _reduce_case("argmax_padded_output_uint64", "ARGMAX", "INT64", 3, "one", out_dt="UINT64",
                     out_padded=True),
        _reduce_case("sum_broadcast_input", "SUM", "FLOAT32", shape=[3, 4, 5], axes=[1], broadcast={1}),
        _reduce_case("min_broadcast_input_uint32", "MIN", "UINT32", shape=[4, 3, 2], axes=[0, 2], broadcast={0}),
        _reduce_case("argmax_broadcast_ties", "ARGMAX", "FLOAT32", shape=[2, 6], axes=[1], broadcast={1},
                     out_dt="INT32", tags=["ties"], description="a broadcast row is all ties: index 0"),
        _reduce_case("log_sum_exp_broadcast_float16", "LOG_SUM_EXP", "FLOAT16", shape=[2, 3, 4], axes=[0, 2],
                     broadcast={2}),
        _reduce_case("sum_square_padded_uint64", "SUM_SQUARE", "UINT64", 5, layout="padded", out_padded=True),
        _reduce_case("log_sum_padded_8d", "LOG_SUM", "FLOAT32", 8, "all", layout="padded"),
    ]


def _levels():
    cases = []
    for func in FUNCS:
        out_dt = "UINT32" if func in ARG_FUNCS else None
        cases.append(_reduce_case(f"level1_0_{func.lower()}", func, "FLOAT32", shape=[1, 2, 3, 4], axes=[3],
                                  out_dt=out_dt, feature_level="1_0", tags=["feature-level"]))
        cases.append(_reduce_case(f"level1_0_{func.lower()}_float16", func, "FLOAT16", shape=[2, 2, 2, 3],
                                  axes=[1, 3], out_dt=out_dt, feature_level="1_0", tags=["feature-level"]))
    for func, dt in (("ARGMAX", "INT8"), ("ARGMIN", "UINT16"), ("MAX", "INT32"), ("MIN", "UINT32"),
                     ("SUM", "INT32"), ("MULTIPLY", "UINT32")):
        out_dt = "UINT32" if func in ARG_FUNCS else None
        cases.append(_reduce_case(f"level2_1_{func.lower()}_{dt.lower()}", func, dt, shape=[2, 3, 1, 4],
                                  axes=[0, 3], out_dt=out_dt, feature_level="2_1", tags=["feature-level"]))
    for func, dt, out_dt in (("ARGMAX", "INT16", "INT64"), ("MIN", "INT8", None), ("MAX", "UINT16", None),
                             ("L1", "FLOAT32", None), ("SUM_SQUARE", "FLOAT16", None),
                             ("AVERAGE", "FLOAT32", None),
                             ("ARGMIN", "UINT8", "UINT64")):
        cases.append(_reduce_case(f"level3_0_{func.lower()}_{dt.lower()}", func, dt, shape=[3, 5], axes=[1],
                                  out_dt=out_dt, feature_level="3_0", tags=["feature-level"]))
    cases.append(_reduce_case("level4_1_argmax_int64", "ARGMAX", "INT64", shape=[6], axes=[0], out_dt="INT32",
                              feature_level="4_1", tags=["feature-level"]))
    for func, dt in (("SUM", "INT64"), ("MULTIPLY", "UINT64"), ("L1", "INT32"), ("SUM_SQUARE", "UINT32"),
                     ("MAX", "INT64"), ("MIN", "UINT64")):
        cases.append(_reduce_case(f"level5_0_{func.lower()}_{dt.lower()}", func, dt, shape=[2, 3, 2], axes=[1],
                                  feature_level="5_0", tags=["feature-level"]))
    return cases


def _reject(name, func, in_dt, in_sizes, out_dt, out_sizes, axes, why, expect=True, feature_level=None):
    desc = {"Function": func, "InputTensor": tdesc(in_dt, in_sizes), "OutputTensor": tdesc(out_dt, out_sizes),
            "AxisCount": len(axes), "Axes": axes}
    if expect is True and feature_level is not None:
        expect = "feature level"  # every level rejection names the requested level
    return case(name, OP, desc, {}, description=why, tags=["generated", "reject", func],
                feature_level=feature_level, expect_error=expect)


def _rejects():
    f32 = "FLOAT32"
    return [
        _reject("axis_out_of_range", "SUM", f32, [2, 3], f32, [2, 1], [2], "Axes[0] is 2, rank 2", "Axes"),
        _reject("axis_far_out_of_range", "MAX", f32, [2, 3], f32, [1, 3], [4000000000], "Axes[0] 4000000000",
                "Axes"),
        _reject("output_not_1_on_reduced_axis", "SUM", f32, [2, 3], f32, [2, 3], [1],
                "OutputTensor.Sizes[1] must be 1 (reduced)", "Sizes"),
        _reject("output_wrong_on_kept_axis", "MIN", f32, [2, 3], f32, [3, 1], [1],
                "OutputTensor.Sizes[0] must equal InputTensor.Sizes[0]", "Sizes"),
        _reject("output_dimension_count_differs", "SUM", f32, [2, 3], f32, [1], [0, 1],
                "rank is kept: OutputTensor needs 2 dimensions", "DimensionCount"),
        _reject("output_type_differs", "SUM", f32, [2, 3], "FLOAT16", [2, 1], [1],
                "OutputTensor.DataType must equal InputTensor.DataType", "DataType"),
        _reject("argmax_float_output", "ARGMAX", f32, [2, 3], f32, [2, 1], [1],
                "ARGMAX outputs an integer type"),
        _reject("argmin_int16_output", "ARGMIN", f32, [2, 3], "INT16", [2, 1], [1],
                "ARGMIN outputs INT64, INT32, UINT64 or UINT32"),
        _reject("argmax_float64_input", "ARGMAX", "FLOAT64", [2, 3], "UINT32", [2, 1], [1],
                "FLOAT64 is in no ARGMAX table"),
        _reject("sum_int8", "SUM", "INT8", [2, 3], "INT8", [2, 1], [1], "INT8 is in no SUM table"),
        _reject("sum_float64", "SUM", "FLOAT64", [2, 3], "FLOAT64", [2, 1], [1], "FLOAT64 is in no SUM table"),
        _reject("average_int32", "AVERAGE", "INT32", [2, 3], "INT32", [2, 1], [1], "AVERAGE is float only"),
        _reject("log_sum_uint32", "LOG_SUM", "UINT32", [2, 3], "UINT32", [2, 1], [1], "LOG_SUM is float only"),
        _reject("l1_int16", "L1", "INT16", [2, 3], "INT16", [2, 1], [1], "INT16 is in no L1 table"),
        _reject("sum_int64_at_level4_1", "SUM", "INT64", [2, 3], "INT64", [2, 1], [1],
                "INT64 SUM needs feature level 5_0", feature_level="4_1"),
        _reject("min_int16_at_level2_1", "MIN", "INT16", [1, 1, 2, 3], "INT16", [1, 1, 2, 1], [3],
                "INT16 MIN needs feature level 3_0", feature_level="2_1"),
        _reject("sum_3d_at_level2_1", "SUM", f32, [2, 2, 3], f32, [2, 2, 1], [2],
                "3 dimensions need feature level 3_0", feature_level="2_1"),
        _reject("argmax_int64_output_at_level2_1", "ARGMAX", f32, [1, 1, 2, 3], "INT64", [1, 1, 2, 1], [3],
                "INT64 output needs feature level 3_0", feature_level="2_1"),
        _reject("argmin_int64_input_at_level3_0", "ARGMIN", "INT64", [2, 3], "UINT32", [2, 1], [1],
                "INT64 input needs feature level 4_1", feature_level="3_0"),
        _reject("sum_int32_at_level1_0", "SUM", "INT32", [1, 1, 2, 3], "INT32", [1, 1, 2, 1], [3],
                "INT32 SUM needs feature level 2_1", feature_level="1_0"),
        _reject("nine_dimensions", "SUM", f32, [1] * 8 + [2], f32, [1] * 9, [8], "the table allows 1 to 8"),
    ]


def generate(npy):
    del npy
    return {"types.json": _type_sweep(), "axes.json": _axes_sweep(), "arg.json": _arg_outputs() + _ties(),
            "wraparound.json": _wraparound(), "float.json": _float16_and_specials(), "layouts.json": _layouts(),
            "levels.json": _levels(), "reject.json": _rejects(), "nan.json": _nan(),
            "random.json": _random()}
