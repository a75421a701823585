#!/usr/bin/python3
"""ONNX's node tests, generated from Debian's python3-onnx, run end to end on a backend.

Writes the suite with scripts/onnx_node_tests.py into OUT, then runs `dml-conform run OUT/node` on
BACKEND and reads its JSON report: every test of a mapped operator either runs and passes or skips
naming why, none fails or errs; `list` and `validate` take the same folder; and --tolerance onnx makes
the report name ONNX's tolerance.

usage: onnx_node_check.py DML_CONFORM OUT [BACKEND]
"""
import collections
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def fail(message, output=""):
    print("FAIL:", message)
    print(output)
    sys.exit(1)


def main():
    tool, out = sys.argv[1], pathlib.Path(sys.argv[2])
    backend = sys.argv[3] if len(sys.argv) > 3 else "cpu"
    gen = subprocess.run(["/usr/bin/python3", str(ROOT / "scripts/onnx_node_tests.py"), str(out)],
                         capture_output=True, text=True)
    if gen.returncode != 0:
        fail("the suite's generator failed", gen.stdout + gen.stderr)
    print(gen.stdout.strip())
    node = out / "node"
    tests = sorted(p.name for p in node.iterdir())

    report = out / f"onnx_{backend}.json"
    run = subprocess.run([tool, "run", str(node), "--backend", backend, "--report", str(report), "-q"],
                         capture_output=True, text=True)
    output = run.stdout + run.stderr
    if run.returncode != 0:
        fail(f"run exited {run.returncode}", output)
    d = json.loads(report.read_text())
    cases = d["cases"]
    ids = {c["id"] for c in cases}
    missing = [t for t in tests if f"onnx/{t}" not in ids]
    if missing:
        fail(f"tests with no case: {missing}", output)
    statuses = collections.Counter(c["status"] for c in cases)
    if set(statuses) - {"pass", "skip"}:
        fail(f"statuses {dict(statuses)}", output)
    skips = collections.Counter(c["message"] for c in cases if c["status"] == "skip")
    if not all(skips):
        fail("a skip without its reason", output)
    print(f"{len(cases)} cases on {backend}: {dict(statuses)}")
    for reason, n in skips.most_common():
        print(f"  skip x{n}: {reason}")

    for command in ("list", "validate"):
        p = subprocess.run([tool, command, str(node)], capture_output=True, text=True)
        if p.returncode != 0 or "onnx/test_concat_1d_axis_0" not in p.stdout + p.stderr and command == "list":
            fail(f"{command} exited {p.returncode}", p.stdout + p.stderr)

    judged = out / f"onnx_{backend}_tolerance.json"
    p = subprocess.run([tool, "run", str(node / "test_reduce_mean_keepdims_example"), "--backend", backend,
                        "--tolerance", "onnx", "--report", str(judged), "-q"], capture_output=True, text=True)
    if p.returncode != 0:
        fail("--tolerance onnx", p.stdout + p.stderr)
    case = json.loads(judged.read_text())["cases"][0]
    if not case["tolerance"].startswith("onnx: "):
        fail(f"the report's tolerance is {case['tolerance']!r}")
    print("OK")


if __name__ == "__main__":
    main()
