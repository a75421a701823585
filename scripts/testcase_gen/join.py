"""JOIN cases: every data type, 1 to 8 dimensions, every axis, 1 to 5 inputs, strided and broadcast
inputs, output strides, the initializer forms (random included), feature levels and must-reject descs."""

import numpy as np

from . import models
from .random_init import random_init, random_values
from .common import (ALL_TYPES, EIGHT_TYPES, broadcast_strides, buffer_of, case, choose_strides, int_range,
                     is_float, padded_strides, random_array, rng_for, sprinkle_specials, tdesc, values)

OP = "DML_OPERATOR_JOIN"


def _desc(inputs, output, axis):
    """A JOIN desc with InputCount always written: DxDispatch requires it, so every desc pastes there."""
    return {"InputCount": len(inputs), "InputTensors": inputs, "OutputTensor": output, "Axis": axis}


def _sizes(rank, rng):
    max_size = {1: 7, 2: 5, 3: 4, 4: 3}.get(rank, 2)
    return [rng.randint(1, max_size) for _ in range(rank)]


def _sequence(dt, n, rng):
    """A start and delta whose n values fit the type (and stay exact integers in FLOAT16)."""
    lo, hi = (-2048, 2048) if is_float(dt) else int_range(dt)
    delta = rng.choice([-3, -1, 1, 2] if lo < 0 else [1, 2])
    first, last = (lo, hi - (n - 1) * delta) if delta > 0 else (lo - (n - 1) * delta, hi)
    return min(max(rng.randint(-20, 20), first), last), delta


def _join_case(name, dt, rank, axis, count, layouts=("packed",), out_padded=False, feature_level=None,
               specials=False, tags=(), inits=None, base_sizes=None, npy=None):
    rng = rng_for(name)
    base = base_sizes or _sizes(rank, rng)
    in_sizes = []
    for _ in range(count):
        s = list(base)
        s[axis] = rng.randint(1, 3)
        in_sizes.append(s)
    arrays = []
    for s in in_sizes:
        a = random_array(dt, s, rng)
        if specials and is_float(dt):
            sprinkle_specials(a, rng, 2)
        arrays.append(a)
    descs, inits_out = [], []
    for k, (s, a) in enumerate(zip(in_sizes, arrays)):
        layout = layouts[k % len(layouts)]
        strides = choose_strides(layout, s, rng)
        init = values(a, dt)
        form = inits[k % len(inits)] if inits else "values"
        if form == "value":
            a[...] = a.reshape(-1)[0]
            init = {"value": values(a.reshape(-1)[:1], dt)[0]}
        elif form == "sequence":
            start, delta = _sequence(dt, a.size, rng)
            a[...] = np.arange(a.size, dtype=np.int64).reshape(a.shape) * delta + start
            init = {"valueStart": start, "valueDelta": delta}
        elif form == "npy":
            init = npy(f"{name}_{k}", a)
        elif form == "buffer" and strides is not None:
            init = buffer_of(a, dt, s, strides)
        descs.append(tdesc(dt, s, strides))
        inits_out.append(init)
    out = models.join(arrays, axis)
    out_strides = padded_strides(list(out.shape), [rng.randint(0, 2) for _ in out.shape]) if out_padded else None
    desc = _desc(descs, tdesc(dt, list(out.shape), out_strides), axis)
    extra = [t for t, on in (("strided", any(l != "packed" for l in layouts)), ("output-strides", out_padded))
             if on]
    return case(name, OP, desc, {"InputTensors": inits_out}, {"OutputTensor": values(out, dt)},
                description=f"{count} x {dt} {rank}D along axis {axis}",
                tags=["generated", f"rank{rank}", dt, *extra, *tags], feature_level=feature_level)


def _type_sweep():
    cases = []
    for i, dt in enumerate(ALL_TYPES):
        for k in range(3):
            rank = 1 + (i * 3 + k) % 8
            axis = (i + k) % rank
            count = 1 + (i + 2 * k) % 4
            cases.append(_join_case(f"{dt.lower()}_rank{rank}_axis{axis}_x{count}", dt, rank, axis, count))
    return cases


def _rank_axis_sweep():
    """Every axis of every rank once, types rotating."""
    cases = []
    k = 0
    for rank in range(1, 9):
        for axis in range(rank):
            dt = ALL_TYPES[k % len(ALL_TYPES)]
            k += 1
            cases.append(_join_case(f"rank{rank}_axis{axis}_{dt.lower()}", dt, rank, axis, 2 + k % 3))
    return cases


def _layouts(npy):
    return [
        _join_case("padded_inputs_float32", "FLOAT32", 3, 1, 3, layouts=("padded",)),
        _join_case("padded_inputs_buffer_int16", "INT16", 4, 2, 2, layouts=("padded",), inits=("buffer",)),
        _join_case("permuted_inputs_uint8", "UINT8", 3, 0, 3, layouts=("permuted",)),
        _join_case("mixed_layouts_float16", "FLOAT16", 4, 3, 4, layouts=("packed", "padded", "permuted")),
        _join_case("mixed_layouts_int64", "INT64", 5, 2, 3, layouts=("permuted", "packed")),
        _join_case("padded_output_float64", "FLOAT64", 2, 1, 2, out_padded=True),
        _join_case("padded_output_uint32", "UINT32", 6, 4, 3, out_padded=True),
        _join_case("padded_in_and_out_int8", "INT8", 4, 0, 2, layouts=("padded",), out_padded=True),
        _join_case("permuted_in_padded_out_uint64", "UINT64", 3, 2, 2, layouts=("permuted",), out_padded=True),
        _join_case("padded_8d_float32", "FLOAT32", 8, 5, 2, layouts=("padded",), out_padded=True),
        _broadcast_join("broadcast_inputs_float32", "FLOAT32", "values"),
        _broadcast_join("broadcast_inputs_buffer_uint16", "UINT16", "buffer"),
        _broadcast_join("broadcast_inputs_buffer_float16", "FLOAT16", "buffer"),
        _join_case("constant_inputs_int32", "INT32", 4, 1, 3, inits=("value",), tags=["initializers"]),
        _join_case("sequence_inputs_float32", "FLOAT32", 3, 2, 2, inits=("sequence",), tags=["initializers"]),
        _join_case("sequence_inputs_uint16", "UINT16", 2, 0, 3, inits=("sequence", "value"),
                   tags=["initializers"]),
        _join_case("mixed_initializers_int8", "INT8", 4, 3, 3, inits=("values", "value", "sequence"),
                   tags=["initializers"]),
        _join_case("npy_inputs_float16", "FLOAT16", 3, 1, 2, inits=("npy",), npy=npy, tags=["npy"]),
        _join_case("npy_inputs_uint64", "UINT64", 2, 1, 2, inits=("npy", "values"), npy=npy, tags=["npy"]),
        _join_case("specials_float32", "FLOAT32", 3, 0, 3, specials=True, tags=["specials"]),
        _join_case("specials_float16", "FLOAT16", 2, 1, 2, specials=True, tags=["specials"]),
        _join_case("specials_float64", "FLOAT64", 4, 3, 2, specials=True, tags=["specials"]),
        _join_case("single_input_copy", "FLOAT32", 4, 2, 1),
        _join_case("five_inputs_axis0", "INT32", 2, 0, 5),
        _join_case("large_rows_float32", "FLOAT32", 2, 1, 3, base_sizes=[64, 8]),
    ]


def _broadcast_join(name, dt, form):
    """Inputs that read broadcast data (a 0 stride), joined with a packed input."""
    rng = rng_for(name)
    sizes = [3, 2, 4]
    a0 = np.broadcast_to(random_array(dt, [3, 1, 4], rng), sizes)
    s0 = broadcast_strides(sizes, {1})
    a1 = np.broadcast_to(random_array(dt, [1, 2, 1], rng), [3, 2, 1])
    s1 = broadcast_strides([3, 2, 1], {0})
    a2 = random_array(dt, [3, 2, 2], rng)
    out = models.join([a0, a1, a2], 2)
    if form == "buffer":
        i0, i1 = buffer_of(a0, dt, sizes, s0), buffer_of(a1, dt, [3, 2, 1], s1)
    else:
        i0, i1 = values(a0, dt), values(a1, dt)
    desc = _desc([tdesc(dt, sizes, s0), tdesc(dt, [3, 2, 1], s1), tdesc(dt, [3, 2, 2])], tdesc(dt, list(out.shape)), 2)
    return case(name, OP, desc, {"InputTensors": [i0, i1, values(a2, dt)]}, {"OutputTensor": values(out, dt)},
                description="inputs broadcast with 0 strides", tags=["generated", "broadcast", dt])


def _random_join(name, dt, in_sizes, axis, lo, hi, with_expected=True, tags=()):
    """Inputs given as {"random": ...} with seeds drawn from the case name. With expected values (from the
    Python reproduction of the generator) the case checks the C++ generator bit for bit; without, the
    reference computes them and the case only sizes up the work for a GPU backend."""
    rng = rng_for(name)
    seeds = [rng.getrandbits(64) for _ in in_sizes]
    arrays = [random_values(dt, s, seed, lo, hi) for s, seed in zip(in_sizes, seeds)]
    out = models.join(arrays, axis)
    desc = _desc([tdesc(dt, s) for s in in_sizes], tdesc(dt, list(out.shape)), axis)
    expected = {"OutputTensor": values(out, dt)} if with_expected else None
    return case(name, OP, desc, {"InputTensors": [random_init(dt, seed, lo, hi) for seed in seeds]}, expected,
                description=f"{len(in_sizes)} x {dt} from the random initializer in [{lo}, {hi}], axis {axis}",
                tags=["generated", "random", dt, *tags])


def _random():
    i64, u64 = int_range("INT64"), int_range("UINT64")
    return [
        _random_join("random_float32", "FLOAT32", [[3, 4], [3, 2]], 1, -1.0, 1.0),
        _random_join("random_float16", "FLOAT16", [[2, 3, 2], [2, 1, 2], [2, 2, 2]], 1, -1.5, 3.25),
        _random_join("random_float64", "FLOAT64", [[5], [3]], 0, -1e6, 1e6),
        _random_join("random_float64_unit", "FLOAT64", [[2, 3], [1, 3]], 0, 0, 1),
        _random_join("random_int32", "INT32", [[4, 2], [4, 3]], 1, -1000000, 1000000),
        _random_join("random_uint8_full_range", "UINT8", [[3, 5], [2, 5]], 0, 0, 255),
        _random_join("random_int64_full_range", "INT64", [[2, 4], [2, 2]], 1, *i64,
                     tags=["full-range"]),
        # max - min + 1 = 2^63 + 1: about half of all draws are rejected, so both implementations must
        # reject the same ones to stay in step.
        _random_join("random_int64_rejections", "INT64", [[3, 3], [2, 3]], 0, -2**62, 2**62,
                     tags=["rejection"]),
        _random_join("random_uint64_full_range", "UINT64", [[4], [4]], 0, *u64, tags=["full-range"]),
        _random_join("large_random_float32", "FLOAT32", [[64, 100], [64, 56], [64, 100]], 1, -8.0, 8.0,
                     with_expected=False, tags=["large"]),
        _random_join("large_random_float16_4d", "FLOAT16", [[4, 8, 16, 64], [4, 8, 16, 32]], 3, -2.0, 2.0,
                     with_expected=False, tags=["large"]),
        _random_join("large_random_int32_axis0", "INT32", [[100, 128], [156, 128]], 0, -2**31, 2**31 - 1,
                     with_expected=False, tags=["large"]),
    ]


def _levels():
    cases = []
    for dt in ("FLOAT32", "FLOAT16", "INT32", "INT16", "UINT32", "UINT16"):
        cases.append(_join_case(f"level1_0_{dt.lower()}", dt, 4, 1, 2, feature_level="1_0",
                                tags=["feature-level"]))
    for dt in ("INT8", "UINT8"):
        cases.append(_join_case(f"level2_1_{dt.lower()}", dt, 4, 3, 3, feature_level="2_1",
                                tags=["feature-level"]))
    for k, dt in enumerate(EIGHT_TYPES):
        rank = 4 + k % 2
        cases.append(_join_case(f"level3_0_{dt.lower()}_{rank}d", dt, rank, k % rank, 2, feature_level="3_0",
                                tags=["feature-level"]))
    for dt in ("FLOAT64", "INT64", "UINT64"):
        cases.append(_join_case(f"level4_1_{dt.lower()}", dt, 2, 1, 2, feature_level="4_1",
                                tags=["feature-level"]))
    return cases


def _reject(name, desc, why, expect=True, feature_level=None):
    if expect is True and feature_level is not None:
        expect = "feature level"  # every level rejection names the requested level
    return case(name, OP, desc, {}, description=why, tags=["generated", "reject"], feature_level=feature_level,
                expect_error=expect)


def _rejects():
    def d(in_sizes, out_sizes, axis, dts=None, out_dt="FLOAT32"):
        dts = dts or ["FLOAT32"] * len(in_sizes)
        return _desc([tdesc(t, s) for t, s in zip(dts, in_sizes)], tdesc(out_dt, out_sizes), axis)
    return [
        _reject("no_inputs", d([], [2, 2], 0), "InputCount must be greater than 0", "InputCount"),
        _reject("input_dimension_count_differs", d([[2, 2], [1, 2, 2]], [4, 2], 0),
                "InputTensors[1] has 3 dimensions, OutputTensor 2", "DimensionCount"),
        _reject("output_dimension_count_differs", d([[2, 2], [2, 2]], [1, 4, 2], 0),
                "OutputTensor has 3 dimensions, the inputs 2", "DimensionCount"),
        _reject("input_data_type_differs", d([[2, 2], [2, 2]], [4, 2], 0, dts=["FLOAT32", "FLOAT16"]),
                "InputTensors[1].DataType differs from OutputTensor's", "DataType"),
        _reject("output_data_type_differs", d([[2, 2], [2, 2]], [4, 2], 0, out_dt="INT32"),
                "OutputTensor.DataType differs from the inputs'", "DataType"),
        _reject("non_axis_size_mismatch", d([[2, 3], [2, 4]], [4, 3], 0),
                "InputTensors[1].Sizes[1] is 4 but OutputTensor.Sizes[1] is 3", "Sizes"),
        _reject("non_axis_size_mismatch_4d", d([[1, 1, 2, 3], [1, 2, 2, 4]], [1, 1, 2, 7], 3),
                "all dimensions but Axis must match", "Sizes"),
        _reject("axis_sum_too_small", d([[2, 2], [3, 2]], [4, 2], 0), "2 + 3 is not OutputTensor.Sizes[0] = 4",
                "Sizes"),
        _reject("axis_sum_too_large", d([[1, 1, 2, 3], [1, 1, 2, 4]], [1, 1, 2, 8], 3),
                "3 + 4 is not OutputTensor.Sizes[3] = 8", "Sizes"),
        _reject("axis_out_of_range", d([[2, 2], [2, 2]], [2, 4], 2), "Axis 2 with 2 dimensions", "Axis"),
        _reject("axis_far_out_of_range", d([[2, 2]], [2, 2], 4000000000), "Axis 4000000000", "Axis"),
        _reject("int8_at_level1_0", d([[1, 1, 2, 2], [1, 1, 2, 2]], [1, 1, 4, 2], 2, dts=["INT8", "INT8"],
                                      out_dt="INT8"),
                "INT8 needs feature level 2_1", feature_level="1_0"),
        _reject("two_dimensions_at_level3_0", d([[2, 2], [2, 2]], [4, 2], 0),
                "2 dimensions need feature level 4_1", feature_level="3_0"),
        _reject("five_dimensions_at_level2_1", d([[1, 1, 1, 2, 2], [1, 1, 1, 2, 2]], [1, 1, 1, 4, 2], 3),
                "5 dimensions need feature level 3_0", feature_level="2_1"),
        _reject("float64_at_level4_0", d([[1, 1, 2, 2], [1, 1, 2, 2]], [1, 1, 4, 2], 2, dts=["FLOAT64"] * 2,
                                          out_dt="FLOAT64"),
                "FLOAT64 needs feature level 4_1", feature_level="4_0"),
        _reject("nine_dimensions", d([[1] * 8 + [2], [1] * 8 + [2]], [1] * 8 + [4], 8),
                "9 dimensions: the table allows 1 to 8"),
    ]


def _tensor_desc_cases():
    """The buffer tensor desc rules every operator shares, carried by JOIN: explicit (larger) sizes and
    alignment are accepted; sizes, strides, totals, alignment and flags that break a rule are rejected."""
    name = "explicit_total_sizes"
    rng = rng_for(name)
    a0, a1 = random_array("FLOAT32", [2, 3], rng), random_array("FLOAT32", [1, 3], rng)
    out = models.join([a0, a1], 0)
    desc = _desc([tdesc("FLOAT32", [2, 3], total=64), tdesc("FLOAT32", [1, 3])],
                 {**tdesc("FLOAT32", [3, 3], total=40), "GuaranteedBaseOffsetAlignment": 16}, 0)
    cases = [case(name, OP, desc, {"InputTensors": [values(a0, "FLOAT32"), values(a1, "FLOAT32")]},
                  {"OutputTensor": values(out, "FLOAT32")}, tags=["generated", "tensor-desc", "FLOAT32"],
                  description="TotalTensorSizeInBytes larger than needed; GuaranteedBaseOffsetAlignment 16")]
    name = "explicit_total_size_buffer_int8"
    rng = rng_for(name)
    sizes, strides = [2, 3], [4, 1]
    a0, a1 = random_array("INT8", sizes, rng), random_array("INT8", [2, 1], rng)
    out = models.join([a0, a1], 1)
    buf = buffer_of(a0, "INT8", sizes, strides)
    buf["buffer"] += [0] * 8  # TotalTensorSizeInBytes 16: the buffer holds 16 elements
    desc = _desc([tdesc("INT8", sizes, strides, total=16), tdesc("INT8", [2, 1])], tdesc("INT8", [2, 4]), 1)
    cases.append(case(name, OP, desc, {"InputTensors": [buf, values(a1, "INT8")]},
                      {"OutputTensor": values(out, "INT8")}, tags=["generated", "tensor-desc", "INT8"],
                      description="a raw buffer as long as an explicit TotalTensorSizeInBytes"))

    def bad(tensor):
        return _desc([tensor, tdesc("FLOAT32", [2, 3])], tdesc("FLOAT32", [4, 3]), 0)
    cases += [
        _reject("total_size_too_small", bad(tdesc("FLOAT32", [2, 3], total=20)),
                "24 bytes needed, 20 given", "TotalTensorSizeInBytes"),
        _reject("total_size_too_small_strided", bad(tdesc("FLOAT32", [2, 3], [4, 1], total=24)),
                "strides {4,1} need 28 bytes", "TotalTensorSizeInBytes"),
        _reject("total_size_not_multiple_of_4", bad(tdesc("FLOAT32", [2, 3], total=26)),
                "TotalTensorSizeInBytes must be a multiple of 4", "TotalTensorSizeInBytes"),
        _reject("alignment_not_power_of_two",
                bad({**tdesc("FLOAT32", [2, 3]), "GuaranteedBaseOffsetAlignment": 24}),
                "GuaranteedBaseOffsetAlignment is 0 or a power of two >= 16", "GuaranteedBaseOffsetAlignment"),
        _reject("alignment_below_16", bad({**tdesc("FLOAT32", [2, 3]), "GuaranteedBaseOffsetAlignment": 8}),
                "GuaranteedBaseOffsetAlignment is 0 or a power of two >= 16", "GuaranteedBaseOffsetAlignment"),
        _reject("zero_size", bad(tdesc("FLOAT32", [2, 0])), "sizes must be nonzero"),
        _reject("strides_count_differs", bad(tdesc("FLOAT32", [2, 3], [3])), "Strides needs one entry per size",
                "Strides"),
        _reject("unknown_flags", bad({**tdesc("FLOAT32", [2, 3]), "Flags": 2}), "only NONE and OWNED_BY_DML exist",
                "Flags"),
    ]
    return cases


def generate(npy):
    return {"types.json": _type_sweep(), "ranks_axes.json": _rank_axis_sweep(), "layouts.json": _layouts(npy),
            "levels.json": _levels(), "reject.json": _rejects(), "tensor_desc.json": _tensor_desc_cases(),
            "random.json": _random()}
