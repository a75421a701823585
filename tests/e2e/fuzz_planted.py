#!/usr/bin/env python3
"""`fuzz` finds each planted fault and shrinks it to a case that replays.

    fuzz_planted.py DML_CONFORM_PLANTED BACKEND NAME_CONTAINS MAX_ELEMENTS [--count N]

Runs `fuzz --backend BACKEND --count N` (through worker processes) on the test program that has the
planted-fault backends registered, and asserts: exit 1 with at least one finding; a finding whose file name
(the signature's slug, e.g. "REDUCE-ARGMAX_INT32_packed_fail.json") contains NAME_CONTAINS ("" for any);
one of them shrunk to no tensor larger than MAX_ELEMENTS elements; each fails when replayed by `run` on
BACKEND and passes on cpu.
"""
import argparse
import json
import math
import pathlib
import subprocess
import sys
import tempfile


def run(args, timeout=600):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def tensors(desc):
    for value in desc.values():
        if isinstance(value, dict) and "Sizes" in value:
            yield value
        elif isinstance(value, list):
            yield from (v for v in value if isinstance(v, dict) and "Sizes" in v)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("program")
    parser.add_argument("backend")
    parser.add_argument("name_contains")
    parser.add_argument("max_elements", type=int)
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-shrinks", default="-1", help="findings to shrink (fuzz --max-shrinks); -1 = all")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "findings"
        report = pathlib.Path(tmp) / "fuzz.json"
        fuzz = run([args.program, "fuzz", "--backend", args.backend, "--count", str(args.count), "--seed",
                    str(args.seed), "--out", str(out), "--report", str(report), "-q"] +
                   (["--max-shrinks", args.max_shrinks] if args.max_shrinks != "-1" else []))
        print(fuzz.stdout)
        failures = []
        if fuzz.returncode != 1:
            failures.append(f"fuzz exited {fuzz.returncode}, expected 1 (findings)\n{fuzz.stderr[-3000:]}")
        files = sorted(out.glob("*.json")) if out.exists() else []
        ours = [f for f in files if args.name_contains in f.name]
        if not ours:
            failures.append(f"no finding named *{args.name_contains}* among {[f.name for f in files]}")
        cases = json.loads(report.read_text())["cases"] if report.exists() else []
        if len(cases) != args.count:
            failures.append(f"the report holds {len(cases)} cases, expected {args.count}")
        smallest = float("inf")
        for finding in ours:
            case = json.loads(finding.read_text())["cases"][0]
            largest = max(math.prod(t["Sizes"]) for t in tensors(case["operator"]["desc"]))
            smallest = min(smallest, largest)
            on_fault = run([args.program, "run", str(finding), "--backend", args.backend, "-q"])
            if on_fault.returncode != 1:
                failures.append(f"{finding.name} replayed on {args.backend}: exit {on_fault.returncode}, expected 1\n"
                                f"{on_fault.stdout[-2000:]}")
            on_cpu = run([args.program, "run", str(finding), "--backend", "cpu", "-q"])
            if on_cpu.returncode != 0:
                failures.append(f"{finding.name} replayed on cpu: exit {on_cpu.returncode}, expected 0\n{on_cpu.stdout[-2000:]}")
            print(f"{finding.name}: largest tensor {largest} elements; fails on {args.backend}, passes on cpu")
        if ours and smallest > args.max_elements:
            failures.append(f"no finding shrank to {args.max_elements} elements a tensor or fewer (smallest {smallest})")
        for f in failures:
            print("FAILED:", f, file=sys.stderr)
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
