#!/usr/bin/env python3
"""What process isolation costs: the corpus on each backend with --isolation process and none.

A benchmark, not a test: run it by hand on a quiet machine. Modes alternate within each repetition, so
drift in the machine's speed falls on both alike; the table gives each mode's median wall time and the
ratio of the medians.
Usage: scripts/bench_isolation.py [--tool build/app/conform/dml-conform] [--cases testcases]
                                  [--backends cpu,vulkan] [--repetitions 7] [--jobs N]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(tool, cases, backend, isolation, jobs, report):
    command = [tool, "run", cases, "--backend", backend, "--isolation", isolation, "-q", "--report", report]
    if jobs:
        command += ["--jobs", str(jobs)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    with open(report) as f:
        totals = json.load(f)["totals"]
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return seconds, totals["cases"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", default="build/app/conform/dml-conform")
    parser.add_argument("--cases", default="testcases")
    parser.add_argument("--backends", default="cpu,vulkan")
    parser.add_argument("--repetitions", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=0)
    args = parser.parse_args()

    modes = ("process", "none")
    print(f"| backend | cases | process (median s) | none (median s) | process / none |")
    print(f"| --- | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as out:
        report = os.path.join(out, "report.json")
        for backend in args.backends.split(","):
            times = {m: [] for m in modes}
            cases = 0
            for _ in range(args.repetitions):
                for mode in modes:
                    seconds, cases = run_once(args.tool, args.cases, backend, mode, args.jobs, report)
                    times[mode].append(seconds)
            medians = {m: statistics.median(times[m]) for m in modes}
            print(f"| {backend} | {cases} | {medians['process']:.2f} | {medians['none']:.2f} | "
                  f"{medians['process'] / medians['none']:.2f} |")


if __name__ == "__main__":
    main()
