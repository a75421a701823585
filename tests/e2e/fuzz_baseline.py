#!/usr/bin/env python3
"""`fuzz --baseline`: known failures of a campaign are expected-fail and no finding; an unlisted failure
and a listed case that passes are findings. Against a real fault: a planted backend.

    fuzz_baseline.py DML_CONFORM_PLANTED BACKEND WORK_DIR
"""
import json
import pathlib
import re
import subprocess
import sys


def fuzz(program, backend, work, name, *extra):
    report = work / f"{name}.json"
    args = [program, "fuzz", "--backend", backend, "--ops", "REDUCE", "--seed", "3", "--count", "1500",
            "--max-shrinks", "1", "--shrink-attempts", "40", "-q", "--report", str(report), *extra]
    done = subprocess.run(args, capture_output=True, text=True, timeout=180)
    with open(report) as f:
        return done, json.load(f)["cases"]


def main():
    program, backend, work = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
    work.mkdir(parents=True, exist_ok=True)
    failures = []

    first, cases = fuzz(program, backend, work, "first")
    failing = [c["id"] for c in cases if c["status"] == "fail"]
    if first.returncode != 1 or len(failing) < 2:
        print(f"the planted fault was not found: exit {first.returncode}, {len(failing)} failing cases\n{first.stdout}")
        return 1

    # The first report as the baseline: every failure expected, no finding, exit 0.
    again, cases = fuzz(program, backend, work, "again", "--baseline", str(work / "first.json"))
    expected = [c["id"] for c in cases if c["status"] == "expected-fail"]
    if again.returncode != 0 or "no findings" not in again.stdout or expected != failing:
        failures.append(f"with every failure listed: exit {again.returncode}, {len(expected)} expected-fail of "
                        f"{len(failing)}\n{again.stdout}")

    # A CSV with a cause, leaving out the first failure and listing a passing case.
    passing = next(c["id"] for c in cases if c["status"] == "pass")
    csv = work / "baseline.csv"
    csv.write_text("# known\n" + "".join(f"{i},fail,planted: last of equal maxima\n" for i in failing[1:]) +
                   f"{passing},fail,planted: listed though it passes\n")
    third, cases = fuzz(program, backend, work, "third", "--baseline", str(csv))
    status = {c["id"]: c for c in cases}
    if third.returncode != 1:
        failures.append(f"with one failure unlisted: exit {third.returncode}, expected 1\n{third.stdout}")
    if status[failing[0]]["status"] != "fail":
        failures.append(f"the unlisted {failing[0]} is {status[failing[0]]['status']}, expected fail")
    if status[passing]["status"] != "unexpected-pass":
        failures.append(f"the listed but passing {passing} is {status[passing]['status']}, expected unexpected-pass")
    for i in failing[1:]:
        if status[i]["status"] != "expected-fail" or not status[i]["message"].startswith(
                "expected by the baseline (planted: last of equal maxima): "):
            failures.append(f"{i} is {status[i]['status']} ({status[i]['message'][:120]}), expected an expected-fail "
                            "carrying its cause")
    # Two findings: the unlisted failure's signature and the unexpected pass's (not shrunk: it has no failure).
    if "2 findings" not in third.stdout or " unexpected-pass: 1 case" not in third.stdout:
        failures.append(f"the summary does not name both findings:\n{third.stdout}")
    elif not re.search(r"unexpected-pass: 1 case.*\n.*\n\s+not shrunk", third.stdout):
        failures.append(f"the unexpected pass was shrunk, though it has no failure to keep:\n{third.stdout}")

    for f in failures:
        print("FAILED: " + f)
    print(f"{len(failing)} planted failures; " + ("ok" if not failures else f"{len(failures)} problems"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
