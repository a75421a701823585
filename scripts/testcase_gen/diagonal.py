"""DIAGONAL_MATRIX cases: every data type, 2 to 4 dimensions, offsets (in and out of range), non-square
matrices, Value conversion (float32, float16 rounding, integer truncation), output strides, levels and
must-reject descs."""

from . import models
from .common import ALL_TYPES, EIGHT_TYPES, case, is_float, is_signed, padded_strides, rng_for, tdesc, values

OP = "DML_OPERATOR_DIAGONAL_MATRIX"

# (sizes, offset) pairs: square, wide, tall, batched; offsets inside, on the edge and beyond.
SHAPES = [
    ([3, 3], 0), ([2, 5], 2), ([5, 2], -3), ([2, 4, 4], -1), ([3, 2, 6], 4), ([2, 2, 3, 3], 1),
    ([1, 3, 4, 2], -1), ([4, 4], 4), ([4, 4], -4), ([1, 1, 7, 5], -2),
]


def _value_for(dt, k):
    """A Value per type that exercises its conversion: fractions truncate for integers, float16 rounds."""
    if dt == "FLOAT16":
        return [1.0, 0.1, 1000.3, -2.5][k % 4]
    if is_float(dt):
        return [1.0, 0.1, -3.75, 10.6][k % 4]
    if is_signed(dt):
        return [10.6, -7.9, 1.0, -1.5][k % 4]
    return [10.6, 1.0, 99.99, 0.5][k % 4]


def _diag_case(name, dt, sizes, offset, value, padded=False, feature_level=None, tags=()):
    out = models.diagonal_matrix(sizes, offset, value, dt)
    strides = None
    if padded:
        rng = rng_for(name)
        strides = padded_strides(sizes, [rng.randint(0, 3) for _ in sizes])
        strides[-1] += 1 if strides[-1] == 1 else 0
    desc = {"OutputTensor": tdesc(dt, sizes, strides), "Offset": offset, "Value": value}
    return case(name, OP, desc, {}, {"OutputTensor": values(out, dt)},
                description=f"{dt} {sizes}, Offset {offset}, Value {value}",
                tags=["generated", f"rank{len(sizes)}", dt, *(["output-strides"] if padded else []), *tags],
                feature_level=feature_level)


def _type_sweep():
    cases = []
    for i, dt in enumerate(ALL_TYPES):
        for k in range(4):
            sizes, offset = SHAPES[(i * 4 + k) % len(SHAPES)]
            value = _value_for(dt, k)
            name = f"{dt.lower()}_{'x'.join(map(str, sizes))}_offset{offset}_v{k}"
            cases.append(_diag_case(name, dt, sizes, offset, value, padded=(k == 3)))
    return cases


def _edges():
    return [
        _diag_case("truncate_10_6_int32", "INT32", [3, 3], 0, 10.6, tags=["truncation"]),
        _diag_case("truncate_negative_int8", "INT8", [2, 3], 1, -7.9, tags=["truncation"]),
        _diag_case("truncate_10_6_uint64", "UINT64", [4, 3], -1, 10.6, tags=["truncation"]),
        _diag_case("value_float32_rounding_float64", "FLOAT64", [3, 4], 0, 0.1,
                   tags=["value-conversion"]),
        _diag_case("value_float16_rounds_to_even", "FLOAT16", [2, 2], 0, 2049.0, tags=["value-conversion"]),
        _diag_case("value_3e9_int64", "INT64", [2, 2], 0, 3e9, tags=["value-conversion"]),
        _diag_case("value_3e9_uint32", "UINT32", [2, 2], 1, 3e9, tags=["value-conversion"]),
        _diag_case("value_uint8_max", "UINT8", [3, 3], 0, 255.0),
        _diag_case("value_int16_min", "INT16", [3, 3], -1, -32768.0),
        _diag_case("value_zero", "FLOAT32", [3, 3], 0, 0.0),
        _diag_case("value_negative_zero_float32", "FLOAT32", [2, 2], 0, -0.0),
        _diag_case("offset_far_positive", "FLOAT32", [3, 5], 1000, 1.0),
        _diag_case("offset_far_negative", "INT32", [3, 5], -1000, 1.0),
        _diag_case("offset_width_minus_one", "UINT16", [4, 6], 5, 3.0),
        _diag_case("offset_minus_height_plus_one", "FLOAT16", [6, 4], -5, 3.0),
        _diag_case("single_row", "FLOAT32", [1, 8], 3, 2.0),
        _diag_case("single_column", "INT16", [8, 1], -3, 2.0),
        _diag_case("large_64x64", "FLOAT32", [64, 64], 7, 1.0),
        _diag_case("batched_4d_padded", "UINT8", [2, 3, 4, 5], 1, 7.0, padded=True),
        _diag_case("batched_3d_padded_float64", "FLOAT64", [3, 5, 2], -2, 1.5, padded=True),
    ]


def _levels():
    cases = []
    for dt in ("FLOAT32", "FLOAT16"):
        cases.append(_diag_case(f"level2_0_{dt.lower()}", dt, [1, 2, 3, 3], 0, 1.0, feature_level="2_0",
                                tags=["feature-level"]))
    for dt in EIGHT_TYPES:
        cases.append(_diag_case(f"level2_1_{dt.lower()}", dt, [2, 1, 3, 4], -1, 5.0, feature_level="2_1",
                                tags=["feature-level"]))
    for dt, sizes in (("INT8", [3, 4]), ("FLOAT16", [2, 3, 3]), ("UINT32", [5, 2])):
        cases.append(_diag_case(f"level4_0_{dt.lower()}_{len(sizes)}d", dt, sizes, 1, 1.0, feature_level="4_0",
                                tags=["feature-level"]))
    return cases


def _reject(name, dt, sizes, why, expect=True, offset=0, value=1.0, feature_level=None):
    desc = {"OutputTensor": tdesc(dt, sizes), "Offset": offset, "Value": value}
    if expect is True and feature_level is not None:
        expect = "feature level"  # every level rejection names the requested level
    return case(name, OP, desc, {}, description=why, tags=["generated", "reject"], feature_level=feature_level,
                expect_error=expect)


def _rejects():
    return [
        _reject("five_dimensions", "FLOAT32", [1, 1, 1, 3, 3], "the table allows 2 to 4 dimensions"),
        _reject("one_dimension", "FLOAT32", [3], "the table allows 2 to 4 dimensions"),
        _reject("float64_at_level4_0", "FLOAT64", [3, 3], "FLOAT64 needs feature level 5_1",
                feature_level="4_0"),
        _reject("int64_at_level4_0", "INT64", [3, 3], "INT64 needs feature level 5_1", feature_level="4_0"),
        _reject("int8_at_level2_0", "INT8", [1, 1, 3, 3], "INT8 needs feature level 2_1", feature_level="2_0"),
        _reject("two_dimensions_at_level2_1", "FLOAT32", [3, 3], "2 dimensions need feature level 4_0",
                feature_level="2_1"),
        _reject("operator_below_level2_0", "FLOAT32", [1, 1, 3, 3], "introduced at feature level 2_0",
                feature_level="1_0"),
    ]


def _values_out_of_range():
    """Values an integer output cannot hold: the page only says Value "may be truncated"; the reference
    keeps the low bits (DirectML 1.15.4's answer for the narrow types) and the comparison admits
    saturation and the conversion's overflow value too (app/engine/behaviours.h)."""
    return [_diag_case(f"value_{label}_{dt.lower()}", dt, [3, 3], 0, value, tags=["value-out-of-range"])
            for label, dt, value in (("300", "UINT8", 300.0), ("minus_1", "UINT32", -1.0), ("3e9", "INT32", 3e9),
                                     ("minus_129", "INT8", -129.0), ("70000", "UINT16", 70000.0),
                                     ("nan", "INT32", "nan"), ("inf", "UINT8", "inf"),
                                     ("minus_1000_5", "INT8", -1000.5))]


def generate(npy):
    del npy
    return {"types.json": _type_sweep(), "edges.json": _edges(), "levels.json": _levels(),
            "reject.json": _rejects(), "values.json": _values_out_of_range()}
