#!/usr/bin/env python3
"""DxDispatch model files run end to end.

views:  tests/e2e/models/views.json, copied into OUT (its writeFile commands write beside it): every
        dispatch passes against the values the model's dmlConform block states (a JOIN of sub-range
        views of two shared resources, one view larger than its tensor, a FLOAT32 sequence accumulated
        as DxDispatch does, an INT8 sequence that wraps, a REDUCE reading the JOIN's output); the print
        transcript equals golden_transcript.txt (DxDispatch's format); out.npy and out8.dat hold the
        resources' final bytes.
mixed:  tests/e2e/models/mixed: a runnable model, unsupported dispatchables and resources, and a
        _schema.json: what can run passes, the rest skips with its reason, nothing errors.

usage: models_check.py DML_CONFORM OUT
"""
import json
import pathlib
import shutil
import subprocess
import sys

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent / "models"


def run(tool, *args):
    p = subprocess.run([tool, "run", *args], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def fail(message, output=""):
    print("FAIL:", message)
    print(output)
    sys.exit(1)


def views(tool, out):
    work = out / "views"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    text = (HERE / "views.json").read_text().replace("OUTDIR/", "written/")
    (work / "views.json").write_text(text)
    rc, output = run(tool, str(work / "views.json"), "--report", str(work / "report.json"))
    if rc != 0:
        fail(f"views.json: exit {rc}", output)
    report = json.loads((work / "report.json").read_text())
    statuses = {c["id"]: c["status"] for c in report["cases"]}
    if statuses != {"views/join@1": "pass", "views/join8@2": "pass", "views/sum@3": "pass"}:
        fail(f"views.json: statuses {statuses}", output)
    transcript = [line for line in output.splitlines() if line.startswith(("Resource '", "["))]
    golden = (HERE / "golden_transcript.txt").read_text().splitlines()
    if transcript != golden:
        fail("the print transcript differs from golden_transcript.txt:\n" + "\n".join(transcript), output)
    saved = np.load(work / "written" / "out.npy")
    expected = np.array([2.0000002, 2.1000001, 2.2, 2.3, 30, 40, 50, 0, 0.1, 0, 0, 0], dtype=np.float32)
    if saved.shape != (3, 4) or saved.dtype != np.float32 or not np.array_equal(saved.reshape(-1), expected):
        fail(f"out.npy: {saved.shape} {saved.dtype} {saved}")
    raw = np.fromfile(work / "written" / "out8.dat", dtype=np.int8)
    if raw.tolist() != [120, 125, -126, -121, -116, -111, -106, -101]:
        fail(f"out8.dat: {raw.tolist()}")


def mixed(tool):
    rc, output = run(tool, str(HERE / "mixed"), "-v")
    wanted = [
        "5 cases: 2 passed, 0 failed, 0 errors, 3 skipped",
        "SKIP unsupported/add@0",
        "dispatchable 'add' is hlsl, which dml-conform does not run",
        "SKIP unsupported/identity@1",
        "dispatchable 'identity' is DML_OPERATOR_ELEMENT_WISE_IDENTITY; dml-conform runs",
        "SKIP unsupported/join@2",
        "resource 'later' is deferred",
        "Resource 'output': 6, 15, 24",
    ]
    if rc != 0 or any(w not in output for w in wanted):
        fail(f"mixed: exit {rc}, or missing one of {wanted}", output)


def main():
    tool, out = sys.argv[1], pathlib.Path(sys.argv[2])
    views(tool, out)
    mixed(tool)
    print("models: pass")


if __name__ == "__main__":
    main()
