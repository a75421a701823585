#!/usr/bin/env python3
"""Timings as DxDispatch users read them (issue 17), end to end.

  timings.py DML_CONFORM WORK_DIR [--update]

Runs cases/good.json with `-i 3 -w 1 -r 2` on cpu, in worker processes and in this process, brief and
with -v, and asserts: every timed case has 3 samples per clock (1 cold, 2 hot) with
min <= median <= max and the mean between them; the console's timing lines and the report's timing
blocks equal the golden files in golden/ once every measured time is masked (<ms>); both isolation
modes print the same. Then that -v and -q name a stray value (`-v 1`, `-q compute`, `--verbose=2`)
with exit code 2 instead of running a case path '1', and that `compare` reads a version 1 report
against a version 2 one. --update rewrites the golden files."""
import json
import os
import re
import shutil
import subprocess
import sys

tool, work = sys.argv[1], sys.argv[2]
update = "--update" in sys.argv[3:]
here = os.path.dirname(os.path.abspath(__file__))
golden_dir = os.path.join(here, "golden")
cases = os.path.join(here, "cases", "good.json")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
problems = []


def run(*args):
    return subprocess.run([tool, *args], capture_output=True, text=True)


def masked_console(stdout):
    lines = stdout.splitlines()[1:]  # the context line names the version, host and device
    text = "\n".join(lines) + "\n"
    text = re.sub(r"\d+\.\d+ ms", "<ms> ms", text)
    return re.sub(r"\(\d+\.\d+ s\)", "(<s> s)", text)


TIME_KEYS = {"prepareMs", "cpuMs", "gpuMs", "min", "median", "mean", "max"}


def masked_timing(value):
    if isinstance(value, dict):
        return {k: "<ms>" if k in TIME_KEYS and isinstance(v, (int, float)) else masked_timing(v)
                for k, v in value.items()}
    return value


def expect_golden(name, actual):
    path = os.path.join(golden_dir, name)
    if update:
        with open(path, "w") as f:
            f.write(actual)
        return
    with open(path) as f:
        golden = f.read()
    if actual != golden:
        problems.append(f"{name} differs from the golden file:\n{actual}")


def check_stats(where, stats, samples):
    if stats["samples"] != samples:
        problems.append(f"{where}: {stats['samples']} samples, expected {samples}")
    if not stats["min"] <= stats["median"] <= stats["max"] or not stats["min"] <= stats["mean"] <= stats["max"]:
        problems.append(f"{where}: statistics out of order: {stats}")


consoles = {}
for isolation in ["process", "none"]:
    for verbose in [False, True]:
        report = os.path.join(work, f"{isolation}{'_v' if verbose else ''}.json")
        result = run("run", cases, "-i", "3", "-w", "1", "-r", "2", "--isolation", isolation, "--report", report,
                     *(["-v"] if verbose else []))
        if result.returncode != 0:
            problems.append(f"run --isolation {isolation}: exit code {result.returncode}\n{result.stderr}")
            continue
        consoles[(isolation, verbose)] = masked_console(result.stdout)
        with open(report) as f:
            d = json.load(f)
        if d["schemaVersion"] != 2 or (d["context"]["iterations"], d["context"]["warmup"], d["context"]["repeat"]) != (3, 1, 2):
            problems.append(f"{report}: schemaVersion or context timing options wrong: {d['context']}")
        for c in d["cases"]:
            t = c["timing"]
            for clock in ["cpuMs"] + (["gpuMs"] if "gpuMs" in t["hot"] else []):
                check_stats(f"{c['id']} cold {clock}", t["cold"][clock], 1)
                check_stats(f"{c['id']} hot {clock}", t["hot"][clock], 2)
                total = t["cold"][clock]["samples"] + t["hot"][clock]["samples"]
                if total != 3:
                    problems.append(f"{c['id']} {clock}: {total} samples in all, expected 3 (-i 3)")
        if isolation == "process" and not verbose:
            expect_golden("timings_report.json",
                          json.dumps({c["id"]: masked_timing(c["timing"]) for c in d["cases"]}, indent=2) + "\n")

if len(consoles) == 4:
    expect_golden("timings_console.txt", consoles[("process", False)])
    expect_golden("timings_console_verbose.txt", consoles[("process", True)])
    for verbose in [False, True]:
        if consoles[("process", verbose)] != consoles[("none", verbose)]:
            problems.append(f"worker processes and --isolation none print different timings (verbose {verbose})")

stray = {
    ("-v", "1"): "-v takes no value, but '1' is given to it in '-v 1'",
    ("-q", "compute"): "-q takes no value, but 'compute' is given to it in '-q compute'",
    ("--verbose=2",): "--verbose takes no value, but '2' is given to it in '--verbose=2'",
    ("-v2",): "-v takes no value, but '2' is given to it in '-v2'",
}
for args, message in stray.items():
    result = run("run", cases, *args)
    if result.returncode != 2 or message not in result.stderr or "does not exist" in result.stderr:
        problems.append(f"run {' '.join(args)}: exit code {result.returncode}, stderr:\n{result.stderr}")

# A path after -q or -v is a path: only what DxDispatch would give them is refused.
result = run("run", "-q", cases)
if result.returncode != 0:
    problems.append(f"run -q PATH: exit code {result.returncode}\n{result.stderr}")

report_v1 = os.path.join(here, "..", "app", "report", "golden", "report_v1.json")
report_v2 = os.path.join(here, "..", "app", "report", "golden", "report.json")
result = run("compare", report_v1, report_v2)
if result.returncode != 0 or "2 timings compared" not in result.stdout:
    problems.append(f"compare of a version 1 and a version 2 report: exit code {result.returncode}\n{result.stdout}{result.stderr}")

for p in problems:
    print("FAILED:", p)
sys.exit(1 if problems else 0)
