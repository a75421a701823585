"""DIAGONAL_MATRIX1 cases: every data type with and without an input, 2 to 4 dimensions, bands (one
diagonal, wide, empty, inverted, open-ended at INT's extremes, wholly outside the matrix), batches,
strided and broadcast inputs and strided outputs, Value bit for bit (NaN, -0, infinities, subnormals,
64-bit integers past 2^53), input elements copied bit for bit, the level and must-reject descs."""

import math

import numpy as np

from . import models
from .common import (ALL_TYPES, DTYPES, broadcast_strides, buffer_of, case, is_float, is_signed, padded_strides,
                     permuted_strides, random_array, rng_for, tdesc, scalar, values)

OP = "DML_OPERATOR_DIAGONAL_MATRIX1"
INT_MIN, INT_MAX = -2 ** 31, 2 ** 31 - 1


def _value_for(dt, k):
    """A Value of the output type: floats with fractions, integers near their extremes."""
    if is_float(dt):
        return [1.0, 7.0, -2.5, 0.5][k % 4]
    if is_signed(dt):
        return [1, 7, -3, -1][k % 4]
    return [1, 7, 200, 2][k % 4]


def _dm1_case(name, dt, sizes, begin, end, value, inp=None, in_strides=None, out_strides=None, tags=(),
              description=None, feature_level=None):
    inputs = {}
    desc = {}
    if inp is not None:
        desc["InputTensor"] = tdesc(dt, sizes, in_strides)
        inputs["InputTensor"] = values(inp, dt) if in_strides is None else buffer_of(inp, dt, sizes, in_strides)
    desc["OutputTensor"] = tdesc(dt, sizes, out_strides)
    desc["ValueDataType"] = dt
    # A desc's integer Value is a JSON integer however large, as DxDispatch reads DML_SCALAR_UNION
    # (tensor elements beyond 2^53 are strings instead, for readers that parse numbers as doubles).
    desc["Value"] = scalar(value, dt) if is_float(dt) else int(value)
    desc["DiagonalFillBegin"] = begin
    desc["DiagonalFillEnd"] = end
    out = models.diagonal_matrix1(sizes, begin, end, np.array(value).astype(DTYPES[dt]) if is_float(dt)
                                  else np.array(int(value), dtype=DTYPES[dt]), dt, inp)
    text = description or (f"{dt} {sizes}, band [{begin}, {end}), Value {value}"
                           f"{', with input' if inp is not None else ''}")
    return case(name, OP, desc, inputs, {"OutputTensor": values(out, dt)}, description=text,
                tags=["generated", f"rank{len(sizes)}", dt, *(["input"] if inp is not None else []), *tags],
                feature_level=feature_level)


def _input(name, dt, sizes):
    return random_array(dt, sizes, rng_for(name))


SHAPES = [([3, 3], 0, 1), ([2, 5], 1, 3), ([5, 2], -2, 0), ([2, 4, 4], -1, 2), ([3, 2, 6], 4, 2),
          ([2, 2, 3, 3], 1, 1), ([1, 3, 4, 2], INT_MIN, 1), ([4, 4], 0, INT_MAX)]


def _type_sweep():
    cases = []
    for i, dt in enumerate(ALL_TYPES):
        for k in range(4):
            sizes, begin, end = SHAPES[(i * 4 + k) % len(SHAPES)]
            name = f"{dt.lower()}_{'x'.join(map(str, sizes))}_band{k}{'_input' if k % 2 else ''}"
            inp = _input(name, dt, sizes) if k % 2 else None
            cases.append(_dm1_case(name, dt, sizes, begin, end, _value_for(dt, k), inp))
    return cases


def _bands():
    """The probe's bands (DirectML 1.15.4 under Wine gave the pseudocode's answer for each)."""
    bands = [("identity", 0, 1), ("strip_3_wide", 0, 3), ("below_diagonal", -1, 0), ("lower_band", -2, 1),
             ("empty_at_0", 0, 0), ("empty_at_2", 2, 2), ("inverted_1_0", 1, 0), ("inverted_3_-1", 3, -1),
             ("everything", INT_MIN, INT_MAX), ("lower_triangle", INT_MIN, 1), ("far_right", 100, 200),
             ("far_left", -200, -100), ("wide_-100_100", -100, 100), ("inverted_max_min", INT_MAX, INT_MIN),
             ("inverted_2_min", 2, INT_MIN), ("inverted_max_-1", INT_MAX, -1), ("max_max", INT_MAX, INT_MAX),
             ("min_min", INT_MIN, INT_MIN), ("upper_from_-1", -1, INT_MAX), ("min_to_-1", INT_MIN, -1),
             ("inverted_100_-100", 100, -100)]
    cases = [_dm1_case(f"band_{label}", "FLOAT32", [4, 5], b, e, 7.0, tags=["band"]) for label, b, e in bands]
    inp = np.arange(10, 30, dtype=np.float32).reshape(4, 5)
    cases += [_dm1_case(f"band_{label}_input", "FLOAT32", [4, 5], b, e, 7.0, inp, tags=["band"])
              for label, b, e in bands[:8]]
    cases += [
        _dm1_case("tall_5x3", "FLOAT32", [5, 3], -1, 2, 7.0, tags=["band"]),
        _dm1_case("one_by_one", "FLOAT32", [1, 1], 0, 1, 7.0, tags=["band"]),
        _dm1_case("single_row", "INT32", [1, 6], 2, 4, 7, tags=["band"]),
        _dm1_case("single_column", "UINT16", [6, 1], -4, -2, 7, tags=["band"]),
        _dm1_case("single_row_inverted", "FLOAT16", [1, 8], 5, INT_MIN, 7.0, tags=["band"]),
        _dm1_case("batch_3d", "FLOAT32", [2, 3, 4], 0, 2, 7.0, tags=["batch"]),
        _dm1_case("batch_4d", "INT8", [2, 2, 3, 3], -1, 1, 7, tags=["batch"]),
        _dm1_case("batch_3d_input", "FLOAT32", [2, 3, 3], 0, 1, -1.0,
                  np.arange(10, 28, dtype=np.float32).reshape(2, 3, 3), tags=["batch"]),
        _dm1_case("wide_rows_70x40", "UINT8", [40, 70], -3, 5, 9, tags=["band"]),
        _dm1_case("wide_rows_inverted_input", "FLOAT16", [3, 17, 33], 4, -6, -1.0,
                  _input("wide_rows_inverted_input", "FLOAT16", [3, 17, 33]), tags=["band"]),
    ]
    return cases


def _layouts():
    cases = []
    for dt in ("FLOAT32", "INT8", "UINT16", "FLOAT64", "INT64"):
        sizes = [4, 5]
        inp = _input(f"layout_{dt}", dt, sizes)
        cases += [
            _dm1_case(f"input_transposed_{dt.lower()}", dt, sizes, -1, 1, _value_for(dt, 1), inp,
                      in_strides=permuted_strides(sizes, [1, 0]), tags=["input-strides"]),
            _dm1_case(f"input_padded_{dt.lower()}", dt, sizes, 0, 1, _value_for(dt, 2), inp,
                      in_strides=padded_strides(sizes, [3, 0]), tags=["input-strides"]),
            _dm1_case(f"output_padded_{dt.lower()}", dt, sizes, 0, 2, _value_for(dt, 1),
                      out_strides=padded_strides(sizes, [3, 0]), tags=["output-strides"]),
            _dm1_case(f"output_every_other_{dt.lower()}", dt, sizes, 2, -1, _value_for(dt, 3), inp,
                      out_strides=padded_strides(sizes, [0, 1]), tags=["output-strides"]),
        ]
    # Every row reads the same five elements (stride 0), as the probe's b17.
    row = np.arange(25, 30, dtype=np.float32)
    cases.append(_dm1_case("input_broadcast_rows", "FLOAT32", [4, 5], 0, 1, 7.0, np.tile(row, (4, 1)),
                           in_strides=broadcast_strides([4, 5], [0]), tags=["input-strides"]))
    cases.append(_dm1_case("input_and_output_strided_3d", "UINT8", [2, 3, 6], -1, 2, 250,
                           _input("strided_3d", "UINT8", [2, 3, 6]),
                           in_strides=permuted_strides([2, 3, 6], [2, 0, 1]),
                           out_strides=padded_strides([2, 3, 6], [1, 2, 0]), tags=["input-strides"]))
    return cases


def _values():
    """Value and input elements are stored bit for bit: specials are not quieted, flushed or rounded."""
    f32 = [float("nan"), -0.0, float("inf"), float("-inf"), float(np.float32(1.4e-45)), 3.4028234663852886e38]
    f16 = [float("nan"), -0.0, float("-inf"), 5.960464477539063e-08, 65504.0]
    f64 = [0.1, 9007199254740994.0, 1e300, float("nan"), 5e-324]
    cases = []
    for dt, vals in (("FLOAT32", f32), ("FLOAT16", f16), ("FLOAT64", f64)):
        for k, v in enumerate(vals):
            cases.append(_dm1_case(f"value_{dt.lower()}_{k}", dt, [3, 4], -1, 1, v, tags=["value"]))
    ints = {"INT8": [-128, 127], "UINT8": [255], "INT16": [-32768], "UINT16": [65535], "INT32": [INT_MIN, INT_MAX],
            "UINT32": [2 ** 32 - 1], "INT64": [2 ** 53 + 1, -2 ** 63, -2], "UINT64": [2 ** 64 - 1, 2 ** 63 + 2 ** 32 + 1]}
    for dt, vals in ints.items():
        for k, v in enumerate(vals):
            cases.append(_dm1_case(f"value_{dt.lower()}_{k}", dt, [3, 4], -1, 1, v, tags=["value"]))
    specials = np.array([[np.nan, -0.0, np.inf, -np.inf], [1e-45, 1.0, 2.0, 3.0]], dtype=np.float32)
    cases.append(_dm1_case("input_float32_specials_copied", "FLOAT32", [2, 4], 3, 4, 7.0, specials, tags=["value"]))
    big = np.array([[2 ** 64 - 1, 2 ** 53 + 1, 2 ** 64 - 2], [1, 2, 3]], dtype=np.uint64)
    cases.append(_dm1_case("input_uint64_exact_copied", "UINT64", [2, 3], 5, 6, 7, big, tags=["value"]))
    return cases


def _reject(name, why, desc, feature_level=None, expect=True):
    if expect is True and feature_level is not None:
        expect = "feature level"
    return case(name, OP, desc, {}, description=why, tags=["generated", "reject"], feature_level=feature_level,
                expect_error=expect)


def _desc(dt="FLOAT32", sizes=(4, 5), value_dt=None, value=1.0, inp=None):
    d = {}
    if inp is not None:
        d["InputTensor"] = tdesc(inp[0], inp[1])
    d.update({"OutputTensor": tdesc(dt, list(sizes)), "ValueDataType": value_dt or dt, "Value": value,
              "DiagonalFillBegin": 0, "DiagonalFillEnd": 1})
    return d


def _rejects():
    return [
        _reject("value_type_int32_output_float32", "ValueDataType must match OutputTensor's DataType",
                _desc(value_dt="INT32", value=7)),
        _reject("value_type_float32_output_int32", "ValueDataType must match OutputTensor's DataType",
                _desc(dt="INT32", value_dt="FLOAT32", value=7.5)),
        _reject("value_type_uint8_output_int8", "ValueDataType must match OutputTensor's DataType",
                _desc(dt="INT8", value_dt="UINT8", value=7)),
        _reject("input_type_float16", "InputTensor must have OutputTensor's DataType",
                _desc(inp=("FLOAT16", [4, 5]))),
        _reject("input_type_int32_output_uint32", "InputTensor must have OutputTensor's DataType",
                _desc(dt="UINT32", value=1, inp=("INT32", [4, 5]))),
        _reject("input_sizes_4x6", "InputTensor must have OutputTensor's Sizes (DirectML's rule)",
                _desc(inp=("FLOAT32", [4, 6]))),
        _reject("input_sizes_broadcastable_1x5", "InputTensor must have OutputTensor's Sizes (DirectML's rule)",
                _desc(inp=("FLOAT32", [1, 5]))),
        _reject("input_three_dimensions", "InputTensor must have OutputTensor's DimensionCount",
                _desc(inp=("FLOAT32", [1, 4, 5]))),
        _reject("input_one_dimension", "InputTensor must have OutputTensor's DimensionCount",
                _desc(inp=("FLOAT32", [20]))),
        _reject("five_dimensions", "the table allows 2 to 4 dimensions", _desc(sizes=(1, 1, 1, 3, 3))),
        _reject("one_dimension", "the table allows 2 to 4 dimensions", _desc(sizes=(3,))),
        _reject("operator_below_level5_1", "introduced at feature level 5_1", _desc(), feature_level="5_0"),
    ]


def generate(npy):
    del npy
    return {"types.json": _type_sweep(), "bands.json": _bands(), "layouts.json": _layouts(),
            "values.json": _values(), "reject.json": _rejects()}
