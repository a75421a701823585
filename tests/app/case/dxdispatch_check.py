#!/usr/bin/env python3
"""Every operator desc in the corpus pastes into DxDispatch: the fields DxDispatch requires, spelled as
its parser reads them (microsoft/DirectML, DxDispatch/src/model/JsonParsersGenerated.cpp and
JsonParsers.cpp). The rules are docs/case-format.md's ("Coming from DxDispatch"); this file is their executable
form. Exit 0 when every desc passes, 1 naming each one that does not.

usage: dxdispatch_check.py REPO_ROOT
"""
import json
import pathlib
import sys

# Fields DxDispatch's parser requires for each operator: all of them but DIAGONAL_MATRIX1's InputTensor,
# which it reads as absent when left out (and refuses as null).
REQUIRED = {
    "GATHER_ND": ["InputTensor", "IndicesTensor", "OutputTensor", "InputDimensionCount", "IndicesDimensionCount"],
    "GATHER_ND1": ["InputTensor", "IndicesTensor", "OutputTensor", "InputDimensionCount", "IndicesDimensionCount",
                   "BatchDimensionCount"],
    "DIAGONAL_MATRIX": ["OutputTensor", "Offset", "Value"],
    "JOIN": ["InputCount", "InputTensors", "OutputTensor", "Axis"],
    "REDUCE": ["Function", "InputTensor", "OutputTensor", "AxisCount", "Axes"],
    "ONE_HOT": ["IndicesTensor", "ValuesTensor", "OutputTensor", "Axis"],
    "DIAGONAL_MATRIX1": ["OutputTensor", "ValueDataType", "Value", "DiagonalFillBegin", "DiagonalFillEnd"],
}
TENSOR_FIELDS = {"DataType", "Flags", "DimensionCount", "Sizes", "Strides", "TotalTensorSizeInBytes",
                 "GuaranteedBaseOffsetAlignment"}
DATA_TYPES = {"FLOAT32", "FLOAT16", "UINT32", "UINT16", "UINT8", "INT32", "INT16", "INT8", "FLOAT64", "UINT64",
              "INT64"}
FLAGS = {"NONE", "OWNED_BY_DML"}
REDUCE_FUNCTIONS = {"ARGMAX", "ARGMIN", "AVERAGE", "L1", "L2", "LOG_SUM", "LOG_SUM_EXP", "MAX", "MIN", "MULTIPLY",
                    "SUM", "SUM_SQUARE"}
UINT32_FIELDS = {"InputDimensionCount", "IndicesDimensionCount", "BatchDimensionCount", "InputCount", "Axis",
                 "AxisCount"}

# Cases whose point is a value DxDispatch has no spelling for; each with the reason.
EXEMPT = {
    "generated/join/tensor_desc/unknown_flags": "Flags 2 has no name, and DxDispatch reads flags by name only",
}


def enum(value, prefix, names):
    return isinstance(value, str) and (value in names or (value.startswith(prefix) and value[len(prefix):] in names))


def is_uint(value, bits=32):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2 ** bits


def check_tensor(t, where, problems):
    if not isinstance(t, dict):
        problems.append(f"{where}: a tensor desc is an object")
        return
    if "Desc" in t:
        if not set(t) <= {"Type", "Desc"}:
            problems.append(f"{where}: beside Desc only Type may stand")
        t = t["Desc"]
        where += "/Desc"
    for key in t:
        if key not in TENSOR_FIELDS | {"Type"}:
            problems.append(f"{where}/{key}: not a DML_BUFFER_TENSOR_DESC field")
    if "Type" in t and not enum(t["Type"], "DML_TENSOR_TYPE_", {"BUFFER"}):
        problems.append(f"{where}/Type: {t['Type']!r} is not BUFFER")
    if not enum(t.get("DataType"), "DML_TENSOR_DATA_TYPE_", DATA_TYPES):
        problems.append(f"{where}/DataType: {t.get('DataType')!r} is not a DML_TENSOR_DATA_TYPE name")
    for key in ("Sizes", "Strides"):
        if key in t and not (isinstance(t[key], list) and all(is_uint(v) for v in t[key])):
            problems.append(f"{where}/{key}: an array of unsigned integers")
    if "Sizes" not in t:
        problems.append(f"{where}/Sizes: required")
    for key in ("DimensionCount", "GuaranteedBaseOffsetAlignment"):
        if key in t and not is_uint(t[key]):
            problems.append(f"{where}/{key}: an unsigned integer")
    if "TotalTensorSizeInBytes" in t and not is_uint(t["TotalTensorSizeInBytes"], 64):
        problems.append(f"{where}/TotalTensorSizeInBytes: an unsigned integer")
    if "Flags" in t:
        flags = t["Flags"] if isinstance(t["Flags"], list) else [t["Flags"]]
        if not all(enum(f, "DML_TENSOR_FLAG_", FLAGS) for f in flags):
            problems.append(f"{where}/Flags: a DML_TENSOR_FLAG name or an array of them")


def check_float(value):
    if isinstance(value, str):
        return value.lower() in ("nan", "inf", "-inf")
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_desc(op, where, problems):
    type_key = "type" if "type" in op else "Type"
    desc_key = "desc" if "desc" in op else "Desc"
    name = op.get(type_key, "")
    short = name[len("DML_OPERATOR_"):] if isinstance(name, str) and name.startswith("DML_OPERATOR_") else name
    if short not in REQUIRED:
        problems.append(f"{where}/{type_key}: {name!r} is not one of DxDispatch's operator names here")
        return
    desc = op.get(desc_key, op)
    for field in REQUIRED[short]:
        if field not in desc:
            problems.append(f"{where}/{desc_key}/{field}: DxDispatch requires it")
    for field, value in desc.items():
        at = f"{where}/{desc_key}/{field}"
        if field.endswith("Tensor"):
            check_tensor(value, at, problems)
        elif field == "InputTensors":
            for i, t in enumerate(value if isinstance(value, list) else []):
                check_tensor(t, f"{at}/{i}", problems)
        elif field in UINT32_FIELDS and not is_uint(value):
            problems.append(f"{at}: an unsigned 32-bit integer")
        elif field == "Axes" and not (isinstance(value, list) and all(is_uint(v) for v in value)):
            problems.append(f"{at}: an array of unsigned integers")
        elif field == "Offset" and not (isinstance(value, int) and -2 ** 31 <= value < 2 ** 31):
            problems.append(f"{at}: a signed 32-bit integer")
        elif field == "Value" and not check_float(value):
            problems.append(f"{at}: a number, or NaN/Inf/-Inf")
        elif field == "Function" and not enum(value, "DML_REDUCE_FUNCTION_", REDUCE_FUNCTIONS):
            problems.append(f"{at}: {value!r} is not a DML_REDUCE_FUNCTION name")


def main():
    root = pathlib.Path(sys.argv[1])
    corpus = root / "testcases"
    problems, descs = [], 0
    for path in sorted(corpus.rglob("*.json")):
        if path.name.endswith("schema.json"):
            continue
        data = json.loads(path.read_text())
        file_id = path.relative_to(corpus).with_suffix("").as_posix()
        for i, case in enumerate(data.get("cases", [data])):
            case_id = f"{file_id}/{case.get('name', i)}"
            if case_id in EXEMPT:
                continue
            descs += 1
            check_desc(case["operator"], f"{path.relative_to(root)}: {case_id}: /operator", problems)
    for p in problems:
        print(p)
    print(f"{descs} descs checked against DxDispatch's fields and spellings ({len(EXEMPT)} exempt): "
          f"{len(problems)} problems")
    return 1 if problems or descs == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
