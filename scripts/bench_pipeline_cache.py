#!/usr/bin/env python3
"""What compiling pipelines costs a run: the corpus on vulkan on a fresh machine, then again.

A benchmark, not a test: run it by hand, on a quiet machine where possible. A "fresh machine" is an
empty driver shader cache (MESA_SHADER_CACHE_DIR, and __GL_SHADER_DISK_CACHE_PATH for NVIDIA's) and an
empty --pipeline-cache folder; each repetition makes new ones, runs the corpus twice in them, and the
table gives the median wall time of the first and the second run for each mode and job count.
Modes: "shared" (the default pipeline cache, in the fresh folder), "off" (--pipeline-cache off: each
worker compiles what it meets), "plain" (no flag at all, for a build that predates it).
Usage: scripts/bench_pipeline_cache.py [--tool build/app/conform/dml-conform] [--cases testcases]
                                       [--modes shared,off] [--jobs 1,2] [--repetitions 5]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(tool, cases, mode, jobs, folder):
    command = [tool, "run", cases, "--backend", "vulkan", "-q", "--jobs", str(jobs)]
    if mode != "plain":
        command += ["--pipeline-cache", "off" if mode == "off" else os.path.join(folder, "dml-conform")]
    env = dict(os.environ, MESA_SHADER_CACHE_DIR=os.path.join(folder, "mesa"),
               __GL_SHADER_DISK_CACHE_PATH=os.path.join(folder, "nvidia"))
    os.makedirs(env["__GL_SHADER_DISK_CACHE_PATH"], exist_ok=True)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", default="build/app/conform/dml-conform")
    parser.add_argument("--cases", default="testcases")
    parser.add_argument("--modes", default="shared,off")
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()

    print("| mode | -j | first run (median s) | second run (median s) | first / second | runs |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for jobs in [int(j) for j in args.jobs.split(",")]:
        times = {m: ([], []) for m in args.modes.split(",")}
        # Modes alternate within each repetition, so drift in the machine's speed falls on all alike.
        for _ in range(args.repetitions):
            for mode, (first, second) in times.items():
                with tempfile.TemporaryDirectory() as folder:
                    first.append(run_once(args.tool, args.cases, mode, jobs, folder))
                    second.append(run_once(args.tool, args.cases, mode, jobs, folder))
        for mode, (first, second) in times.items():
            a, b = statistics.median(first), statistics.median(second)
            print(f"| {mode} | {jobs} | {a:.2f} | {b:.2f} | {a / b:.1f} | {len(first)} |", flush=True)


if __name__ == "__main__":
    main()
