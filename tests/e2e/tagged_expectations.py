#!/usr/bin/env python3
"""Tagged expectations end to end, with the real dml-conform on the cpu backend (issue 48, item 1).

One file holds the failing fixtures' expectations for two runtimes (runtime=ci-a lists every failure,
runtime=ci-b one of them with another cause and a passing case), and a line for every run:
  1. `backends` prints each device's tags, --tag over the derived ones;
  2. `run --tag runtime=ci-a` is green, each failure expected with ci-a's cause, and its report's
     context (and the console's first line) holds the run's tags; `merge` keeps them;
  3. `run --tag runtime=ci-b` is red: the failures ci-b does not list fail, its passing case is an
     unexpected pass; with no --tag (runtime=native) only the untagged line applies;
  4. two lines that can match one run are refused, exit 2, naming both lines; a bad --tag is exit 2;
  5. `fuzz` chooses its lines by the same tags: a passing case listed for ci-b is a finding there only.
Usage: tagged_expectations.py DML_CONFORM FIXTURES
"""
import json
import os
import subprocess
import sys
import tempfile

from e2e_checks import check, failures

TOOL, FIXTURES = sys.argv[1:3]


def run(*args):
    return subprocess.run([TOOL, *args], capture_output=True, text=True)


def report(path):
    with open(path) as f:
        d = json.load(f)
    return d, {c["id"]: c for c in d["cases"]}


with tempfile.TemporaryDirectory() as out:
    r = run("backends", "--tag", "runtime=ci-a")
    cpu_tags = [l.strip() for l in r.stdout.splitlines() if l.strip().startswith("tags: backend=cpu ")]
    check(r.returncode == 0 and len(cpu_tags) == 1 and " runtime=ci-a" in cpu_tags[0] and " device=" in cpu_tags[0],
          f"backends: the cpu device's tags, --tag's runtime among them ({cpu_tags})")

    first = os.path.join(out, "first.json")
    run("run", FIXTURES, "-q", "--report", first)
    _, before = report(first)
    failing = sorted(i for i, c in before.items() if c["status"] in ("fail", "error", "crash", "timeout"))
    passing = sorted(i for i, c in before.items() if c["status"] == "pass")
    check(len(failing) >= 3 and len(passing) >= 2, f"fixtures: {len(failing)} failures, {len(passing)} passes")

    def quoted(s):
        return '"' + s.replace('"', '""') + '"'

    tagged = os.path.join(out, "expectations.csv")
    with open(tagged, "w") as f:
        f.write("# one file, two runtimes\n")
        for i in failing[1:]:
            f.write(f"[ backend=cpu runtime=ci-a ] {quoted(i)},{before[i]['status']},cause a\n")
        f.write(f"[ backend=cpu runtime=ci-b ] {quoted(failing[1])},{before[failing[1]]['status']},cause b\n")
        f.write(f"[ runtime=ci-b ] {quoted(passing[0])},fail,cause b2\n")
        f.write(f"{quoted(failing[0])},{before[failing[0]]['status']},every run\n")

    a = os.path.join(out, "a.json")
    r = run("run", FIXTURES, "--baseline", tagged, "--tag", "runtime=ci-a", "--report", a)
    d, got = report(a)
    tags = d["context"].get("tags", {})
    check(r.returncode == 0 and all(got[i]["status"] == "expected-fail" for i in failing),
          f"runtime=ci-a: green, every failure expected ({r.returncode})")
    check(got[failing[1]]["message"].startswith("expected by the baseline (cause a): ") and
          got[failing[0]]["message"].startswith("expected by the baseline (every run): "),
          f"runtime=ci-a: its lines' causes and the untagged one's ({got[failing[1]]['message'][:60]})")
    check(tags.get("backend") == "cpu" and tags.get("runtime") == "ci-a" and tags.get("feature-level") == "highest"
          and tags.get("device") and "os" in tags,
          f"the report's context holds the run's tags ({tags})")
    check("; tags backend=cpu " in r.stdout.splitlines()[0], "the console's context line names the tags")
    merged = os.path.join(out, "merged.json")
    run("merge", a, "--report", merged, "-q")
    check(report(merged)[0]["context"].get("tags") == tags, "merge keeps the tags (read back by the report reader)")

    b = os.path.join(out, "b.json")
    r = run("run", FIXTURES, "-q", "--baseline", tagged, "--tag", "runtime=ci-b", "--report", b)
    _, got = report(b)
    check(r.returncode == 1 and got[passing[0]]["status"] == "unexpected-pass" and
          got[failing[1]]["status"] == "expected-fail" and got[failing[2]]["status"] == before[failing[2]]["status"] and
          "(cause b2)" in got[passing[0]]["message"],
          f"runtime=ci-b: its own lines only; a listed pass is unexpected ({r.returncode})")
    native = os.path.join(out, "native.json")
    r = run("run", FIXTURES, "-q", "--baseline", tagged, "--report", native)
    d, got = report(native)
    check(r.returncode == 1 and d["context"]["tags"]["runtime"] == "native" and
          [i for i in failing if got[i]["status"] == "expected-fail"] == [failing[0]],
          "no --tag: runtime=native, only the untagged line applies")

    overlap = os.path.join(out, "overlap.csv")
    with open(overlap, "w") as f:
        f.write(f"[ backend=cpu ] {quoted(failing[0])},fail,x\n# between\n[ runtime=ci-a ] {quoted(failing[0])},fail,y\n")
    r = run("run", FIXTURES, "-q", "--baseline", overlap)
    check(r.returncode == 2 and f"{overlap}:3:1: baseline: " in r.stderr and "line 3 [ runtime=ci-a ] and line 1 [ backend=cpu ]" in r.stderr,
          f"overlapping lines: exit 2 naming both ({r.returncode}: {r.stderr.strip()[-200:]})")
    r = run("run", FIXTURES, "-q", "--tag", "runtim=x")
    check(r.returncode == 2 and "'runtim' is not a tag key" in r.stderr, f"a bad --tag: exit 2 naming it ({r.returncode})")

    fuzz_file = os.path.join(out, "fuzz.csv")
    with open(fuzz_file, "w") as f:
        f.write("[ backend=cpu runtime=ci-b ] fuzz-3/0,fail,listed for ci-b only\n")
    r = run("fuzz", "--seed", "3", "--count", "10", "-q", "--baseline", fuzz_file, "--tag", "runtime=ci-b")
    check(r.returncode == 1 and "listed for ci-b only" in r.stdout, f"fuzz, runtime=ci-b: the listed pass is a finding ({r.returncode})")
    fz = os.path.join(out, "fuzz.json")
    r = run("fuzz", "--seed", "3", "--count", "10", "-q", "--baseline", fuzz_file, "--tag", "runtime=ci-a", "--report", fz)
    check(r.returncode == 0 and report(fz)[0]["context"]["tags"]["runtime"] == "ci-a",
          f"fuzz, runtime=ci-a: the line does not apply; the report has the tags ({r.returncode})")

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
