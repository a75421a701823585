"""Recomputes the hand-written spec examples (testcases/spec_examples) with the numpy models, so the
documents' values and the models that produce the generated cases check each other."""

import json

import numpy as np

from . import models
from .common import DTYPES


def _array(init, tdesc):
    elements = [float(v) if isinstance(v, str) else v for v in init]
    return np.array(elements, dtype=DTYPES[tdesc["DataType"]]).reshape(tdesc["Sizes"])


def _short(text, prefix):
    return text[len(prefix):] if text.startswith(prefix) else text


def _compute(c):
    op = _short(c["operator"]["type"], "DML_OPERATOR_")
    d = c["operator"]["desc"]
    ins = c["inputs"]
    if op in ("GATHER_ND1", "GATHER_ND"):
        return models.gather_nd1(_array(ins["InputTensor"], d["InputTensor"]),
                                 _array(ins["IndicesTensor"], d["IndicesTensor"]), d["InputDimensionCount"],
                                 d["IndicesDimensionCount"], d.get("BatchDimensionCount", 0),
                                 d["IndicesTensor"]["DataType"])
    if op == "DIAGONAL_MATRIX":
        o = d["OutputTensor"]
        return models.diagonal_matrix(o["Sizes"], d["Offset"], d["Value"], o["DataType"])
    if op == "DIAGONAL_MATRIX1":
        o = d["OutputTensor"]
        inp = _array(ins["InputTensor"], d["InputTensor"]) if "InputTensor" in d else None
        value = _array([d["Value"]], {"DataType": d["ValueDataType"], "Sizes": [1]})[0]
        return models.diagonal_matrix1(o["Sizes"], d["DiagonalFillBegin"], d["DiagonalFillEnd"], value,
                                       o["DataType"], inp)
    if op == "JOIN":
        return models.join([_array(i, t) for i, t in zip(ins["InputTensors"], d["InputTensors"])], d["Axis"])
    if op == "REDUCE":
        return models.reduce(_short(d["Function"], "DML_REDUCE_FUNCTION_"),
                             _array(ins["InputTensor"], d["InputTensor"]), d["Axes"],
                             d["InputTensor"]["DataType"], d["OutputTensor"]["DataType"])
    if op == "ONE_HOT":
        vals = _array(ins["ValuesTensor"], d["ValuesTensor"]).reshape(-1)
        return models.one_hot(_array(ins["IndicesTensor"], d["IndicesTensor"]), d["IndicesTensor"]["DataType"],
                              vals[0], vals[1], d["Axis"], d["OutputTensor"]["Sizes"][d["Axis"]],
                              d["OutputTensor"]["DataType"])
    raise ValueError(op)


def check(folder):
    """Returns a list of mismatch messages (empty when every example agrees) and the number checked."""
    problems, count = [], 0
    for path in sorted(folder.glob("*.json")):
        for c in json.loads(path.read_text())["cases"]:
            count += 1
            got = _compute(c)
            out = c["operator"]["desc"]["OutputTensor"]
            want = _array(c["expected"]["OutputTensor"], out)
            if list(got.shape) != out["Sizes"] or not np.array_equal(got, want):
                problems.append(f"{path.name}/{c['name']}: model gives {got.reshape(-1).tolist()} "
                                f"with sizes {list(got.shape)}")
    return problems, count
