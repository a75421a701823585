#!/usr/bin/env python3
"""Interruption, journal, resume and timeouts with real signals and a real hang, on the cpu backend.

A case reads its input from block.bin, and a preloaded shim (fault_shim.cpp) makes that open() block for
good: the run is stopped there, with the cases before it finished and those after it not started.
  1. SIGINT while it hangs: exit 130, a valid report marked interrupted with every finished case.
  2. --resume on that report, without the shim: the rest runs; the merged report equals an
     uninterrupted run case by case.
  3. SIGTERM: exit 143. SIGHUP (a closed terminal) as SIGTERM: exit 129, a report marked interrupted with
     the 3 finished cases. SIGKILL of the parent: no report, but the journal; --resume rebuilds from it.
  4. --timeout 1 on the hang: that case is `timeout`, the run goes on.
Usage: interrupt_resume.py DML_CONFORM HANG_SHIM_SO
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

from e2e_checks import check, failures

TOOL = sys.argv[1]
HANG = dict(os.environ, LD_PRELOAD=os.path.abspath(sys.argv[2]), DMLC_HANG_ON_OPEN="block.bin")


def diagonal(name, value):
    return {"name": name, "operator": {"type": "DIAGONAL_MATRIX", "desc": {
        "OutputTensor": {"DataType": "FLOAT32", "Sizes": [2, 2]}, "Offset": 0, "Value": value}},
        "expected": {"OutputTensor": [value, 0, 0, value]}}


def write_cases(folder):
    def dump(name, cases):
        with open(os.path.join(folder, name), "w") as f:
            json.dump({"cases": cases}, f)
    dump("a.json", [diagonal(f"a{i}", i) for i in range(3)])
    dump("m.json", [{"name": "blocked", "operator": {"type": "JOIN", "desc": {
        "InputTensors": [{"DataType": "INT32", "Sizes": [1, 2]}],
        "OutputTensor": {"DataType": "INT32", "Sizes": [1, 2]}, "Axis": 1}},
        "inputs": {"InputTensors": [{"sourcePath": "block.bin"}]},
        "expected": {"OutputTensor": [7, 9]}}])
    dump("z.json", [diagonal(f"z{i}", i) for i in range(3)])


def make_input(folder):
    with open(os.path.join(folder, "block.bin"), "wb") as f:
        f.write((7).to_bytes(4, "little") + (9).to_bytes(4, "little"))


def journal_cases(report):
    try:
        with open(report + ".journal") as f:
            return sum(1 for line in f if line.startswith('{"case"'))
    except FileNotFoundError:
        return 0


def start_and_wait_for_hang(folder, report, extra=()):
    """Starts a run and returns once the three a.json cases are journalled and the block.bin case hangs."""
    proc = subprocess.Popen([TOOL, "run", folder, "--report", report, "-j", "1", "-q", *extra], env=HANG,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 60
    while journal_cases(report) < 3:
        if time.time() > deadline or proc.poll() is not None:
            proc.kill()
            sys.exit(f"the run did not reach the hanging case: rc {proc.poll()}\n{proc.communicate()[0]}")
        time.sleep(0.05)
    time.sleep(0.3)  # the worker is now blocked opening block.bin
    return proc


def load(report):
    with open(report) as f:
        return json.load(f)


def statuses(report):
    return {c["id"]: c["status"] for c in load(report)["cases"]}


with tempfile.TemporaryDirectory() as folder:
    cases = os.path.join(folder, "cases")
    os.mkdir(cases)
    write_cases(cases)
    make_input(cases)
    report = os.path.join(folder, "r.json")

    # 1. SIGINT while a case hangs.
    proc = start_and_wait_for_hang(cases, report)
    proc.send_signal(signal.SIGINT)
    out = proc.communicate(timeout=60)[0]
    check(proc.returncode == 130, f"SIGINT: exit 130 (got {proc.returncode})")
    r = load(report)
    check(r["context"]["interrupted"] is True, "SIGINT: the report says interrupted")
    check(r["context"]["plannedCases"] == 7, "SIGINT: 7 planned cases")
    check(sorted(statuses(report)) == ["a/a0", "a/a1", "a/a2"], f"SIGINT: the finished cases, no other ({sorted(statuses(report))})")
    check(set(statuses(report).values()) == {"pass"}, "SIGINT: they passed")
    check(not os.path.exists(report + ".journal"), "SIGINT: the journal is removed once the report is written")
    check("interrupted" in out, "SIGINT: the console says interrupted")

    # 2. --resume finishes it, equal to an uninterrupted run.
    done = subprocess.run([TOOL, "run", cases, "--resume", report, "-q"], capture_output=True, text=True)
    check(done.returncode == 0, f"resume: exit 0 (got {done.returncode}: {done.stdout}{done.stderr})")
    full = os.path.join(folder, "full.json")
    subprocess.run([TOOL, "run", cases, "--report", full, "-q"], check=True, capture_output=True)
    check(statuses(report) == statuses(full), f"resume: equals an uninterrupted run case by case ({statuses(report)})")
    check(load(report)["context"]["interrupted"] is False, "resume: the merged report is not interrupted")

    # 3. SIGTERM, then SIGKILL of the parent: the journal keeps what finished.
    os.remove(report)
    proc = start_and_wait_for_hang(cases, report)
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=60)
    check(proc.returncode == 143, f"SIGTERM: exit 143 (got {proc.returncode})")
    os.remove(report)
    # Issue 47, defect 17: SIGHUP ended the run with no report.
    proc = start_and_wait_for_hang(cases, report)
    proc.send_signal(signal.SIGHUP)
    proc.communicate(timeout=60)
    check(proc.returncode == 129, f"SIGHUP: exit 129 (got {proc.returncode})")
    check(os.path.exists(report) and load(report)["context"]["interrupted"] is True and len(statuses(report)) == 3,
          "SIGHUP: a report marked interrupted with the 3 finished cases")
    os.remove(report)
    proc = start_and_wait_for_hang(cases, report)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    check(not os.path.exists(report) and journal_cases(report) == 3, "SIGKILL: no report, a journal of 3 cases")
    done = subprocess.run([TOOL, "run", cases, "--resume", report, "-q"], capture_output=True, text=True)
    check(done.returncode == 0 and statuses(report) == statuses(full),
          f"SIGKILL: --resume rebuilds from the journal and finishes ({done.returncode})")

    # 4. A hang past --timeout costs its case.
    timed = os.path.join(folder, "timeout.json")
    done = subprocess.run([TOOL, "run", cases, "--report", timed, "--timeout", "1", "-q"], capture_output=True, text=True,
                          timeout=120, env=HANG)
    s = statuses(timed)
    check(done.returncode == 1, f"timeout: exit 1 (got {done.returncode})")
    check(s.pop("m/blocked") == "timeout" and set(s.values()) == {"pass"} and len(s) == 6,
          f"timeout: the hanging case is timeout, the 6 others pass ({statuses(timed)})")

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
