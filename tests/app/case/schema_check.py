#!/usr/bin/env python3
"""Checks testcases/schema.json against the loader's rules: every case file of the corpus validates,
and documents the loader rejects for structure (unknown fields, bad enums, wrong kinds) are rejected
by the schema too. Usage: schema_check.py <repo root>. Needs python3-jsonschema (Debian)."""
import json
import pathlib
import sys

import jsonschema

root = pathlib.Path(sys.argv[1])
schema = json.loads((root / "testcases/schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

failures = []
files = [p for p in sorted((root / "testcases").rglob("*.json")) if p.name != "schema.json"]
for path in files:
    errors = list(validator.iter_errors(json.loads(path.read_text())))
    if errors:
        failures.append(f"{path}: {errors[0].json_path}: {errors[0].message[:200]}")

GOOD = {
    "name": "sum",
    "operator": {"type": "REDUCE", "desc": {
        "Function": "SUM",
        "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3]},
        "OutputTensor": {"Type": "DML_TENSOR_TYPE_BUFFER", "Desc": {"DataType": "FLOAT32", "Sizes": [1, 1]}},
        "Axes": [1]}},
    "inputs": {"InputTensor": {"random": {"seed": 1, "min": -1, "max": 1}}},
    "expected": {"OutputTensor": ["nan"]},
    "tolerance": {"ulp": 1},
    "featureLevel": "DML_FEATURE_LEVEL_5_1",
}


def variant(path, value):
    doc = json.loads(json.dumps(GOOD))
    *parents, last = path
    node = doc
    for key in parents:
        node = node[key]
    node[last] = value
    return doc


if list(validator.iter_errors(GOOD)):
    failures.append("the good case does not validate")
if list(validator.iter_errors({"$schema": "schema.json", "cases": [GOOD]})):
    failures.append("the good case in a cases array does not validate")

BAD = {
    "unknown case field": variant(["expect"], 1),
    "unknown desc field": variant(["operator", "desc", "Axs"], [1]),
    "unknown tensor field": variant(["operator", "desc", "InputTensor", "Size"], [1]),
    "bad data type": variant(["operator", "desc", "InputTensor", "DataType"], "FLAOT32"),
    "bad function": variant(["operator", "desc", "Function"], "SUMM"),
    "bad operator": variant(["operator", "type"], "REDUSE"),
    "negative size": variant(["operator", "desc", "InputTensor", "Sizes"], [1, -3]),
    "input of another operator": variant(["inputs", "IndicesTensor"], [1]),
    "two initializer kinds": variant(["inputs", "InputTensor"], {"value": 1, "buffer": [1]}),
    "bad element string": variant(["expected", "OutputTensor"], ["two"]),
    "bad feature level": variant(["featureLevel"], "6_0"),
    "empty tolerance": variant(["tolerance"], {}),
    "schema inside cases": {"cases": [dict(GOOD, **{"$schema": "x"})]},
}
for what, doc in BAD.items():
    if not list(validator.iter_errors(doc)):
        failures.append(f"schema accepts a document with a {what}")

print(f"{len(files)} case files checked, {len(BAD)} bad documents")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
