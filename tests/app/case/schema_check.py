#!/usr/bin/env python3
"""Checks testcases/schema.json against the loader's rules: every case file of the corpus validates,
and documents the loader rejects for structure (unknown fields, bad enums, wrong kinds) are rejected
by the schema too. testcases/model_schema.json: the test models (tests/e2e/models) validate, with their
comments stripped, and a model with an unknown command type does not. Usage: schema_check.py <repo root>. Needs python3-jsonschema (Debian)."""
import json
import pathlib
import re
import sys

import jsonschema

root = pathlib.Path(sys.argv[1])
schema = json.loads((root / "testcases/schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

failures = []
files = [p for p in sorted((root / "testcases").rglob("*.json")) if not p.name.endswith("schema.json")]
files += sorted((root / "tests/e2e/behaviours").glob("*.json"))  # cases pinning admitted behaviours
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
if list(validator.iter_errors(variant(["behaviours"], ["nan-propagating"]))):
    failures.append("the good case pinning a behaviour of its kind does not validate")

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
    "behaviour of another operator": variant(["behaviours"], ["coordinate-clamp"]),
    "unknown behaviour": variant(["behaviours"], ["nan-ignored"]),
    "empty behaviours": variant(["behaviours"], []),
}
for what, doc in BAD.items():
    if not list(validator.iter_errors(doc)):
        failures.append(f"schema accepts a document with a {what}")

model_schema = json.loads((root / "testcases/model_schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(model_schema)
try:  # jsonschema 4.18 and later resolve references through `referencing`; Debian 12's 4.10 through RefResolver
    from referencing import Registry, Resource
    registry = Registry().with_resources([(schema["$id"], Resource.from_contents(schema))])
    model_validator = jsonschema.Draft202012Validator(model_schema, registry=registry)
except ImportError:
    resolver = jsonschema.RefResolver.from_schema(model_schema, store={schema["$id"]: schema})
    model_validator = jsonschema.Draft202012Validator(model_schema, resolver=resolver)
models = [p for p in sorted((root / "tests/e2e/models").rglob("*.json")) if not p.name.endswith("schema.json")]
for path in models:
    text = re.sub(r"/\*.*?\*/", "", re.sub(r"//[^\n]*", "", path.read_text()), flags=re.S)
    errors = list(model_validator.iter_errors(json.loads(text)))
    if errors:
        failures.append(f"{path}: {errors[0].json_path}: {errors[0].message[:200]}")
if not list(model_validator.iter_errors({"resources": {}, "dispatchables": {}, "commands": [{"type": "dispach"}]})):
    failures.append("the model schema accepts an unknown command type")

print(f"{len(files)} case files checked, {len(BAD)} bad documents, {len(models)} models")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
