#!/usr/bin/env python3
"""Shards, merge and baselines end to end, with the real dml-conform on the cpu backend.

  1. The corpus in 3 shards (--shard K/3, and --shard auto from GitLab's variables): the shards are
     disjoint, their union is the full run case by case, and `merge` of the three equals it; without
     one shard, `merge` names it and exits 1.
  2. The fixtures (some fail, some error): --write-baseline, then a rerun with --baseline is green with
     every failure expected, and --write-baseline from it keeps each line's cause; --skips keeps cases
     from running.
Usage: shards_baseline.py DML_CONFORM CORPUS FIXTURES
"""
import json
import os
import subprocess
import sys
import tempfile

from e2e_checks import check, failures

TOOL, CORPUS, FIXTURES = sys.argv[1:4]


def run(*args, env=None):
    return subprocess.run([TOOL, *args], capture_output=True, text=True, env=env)


def cases(report):
    with open(report) as f:
        d = json.load(f)
    return d, {c["id"]: c["status"] for c in d["cases"]}


with tempfile.TemporaryDirectory() as out:
    # 1. Shards and merge.
    full = os.path.join(out, "full.json")
    run("run", CORPUS, "-q", "--report", full)
    _, everything = cases(full)
    shards = []
    for k in (1, 2, 3):
        path = os.path.join(out, f"shard{k}.json")
        r = run("run", CORPUS, "-q", "--shard", f"{k}/3", "--report", path)
        d, got = cases(path)
        check(r.returncode == 0 and d["context"]["shard"] == f"{k}/3" and d["context"]["plannedCases"] == len(got),
              f"shard {k}/3: exit 0, {len(got)} cases, its shard in the context")
        shards.append(got)
    union = {}
    for s in shards:
        union.update(s)
    check(sum(len(s) for s in shards) == len(everything), "shards: no case twice")
    check(union == everything, f"shards: their union is the full run ({len(union)} of {len(everything)} cases)")
    check(all(len(s) > 0 for s in shards), "shards: none is empty")

    auto = os.path.join(out, "auto.json")
    env = dict(os.environ, CI_NODE_INDEX="2", CI_NODE_TOTAL="3")
    run("run", CORPUS, "-q", "--shard", "auto", "--report", auto, env=env)
    check(cases(auto)[1] == shards[1], "--shard auto with CI_NODE_INDEX=2, CI_NODE_TOTAL=3 is shard 2/3")

    merged = os.path.join(out, "merged.json")
    r = run("merge", *[os.path.join(out, f"shard{k}.json") for k in (1, 2, 3)], "--report", merged, "-q")
    d, got = cases(merged)
    check(r.returncode == 0 and got == everything and d["context"]["plannedCases"] == len(everything),
          f"merge of the 3 shards: exit 0, equal to the full run ({r.returncode})")
    r = run("merge", os.path.join(out, "shard1.json"), os.path.join(out, "shard3.json"), "--report", merged, "-q")
    check(r.returncode == 1 and "shard 2/3 is missing" in r.stdout + r.stderr,
          f"merge without shard 2: exit 1 naming it ({r.returncode}: {r.stdout}{r.stderr})")

    # 2. Baselines and skips on fixtures that fail.
    first = os.path.join(out, "first.json")
    baseline = os.path.join(out, "baseline.csv")
    r = run("run", FIXTURES, "-q", "--report", first, "--write-baseline", baseline)
    _, before = cases(first)
    failing = {i for i, s in before.items() if s in ("fail", "error", "crash", "timeout")}
    check(r.returncode == 1 and len(failing) >= 3, f"fixtures: {len(failing)} failures, exit 1")
    with open(baseline) as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    check(len(lines) == len(failing), "--write-baseline: one line per failure")
    again = os.path.join(out, "again.json")
    r = run("run", FIXTURES, "-q", "--report", again, "--baseline", baseline)
    _, after = cases(again)
    check(r.returncode == 0, f"--baseline: the same failures are green ({r.returncode}: {r.stdout})")
    check(all(after[i] == "expected-fail" for i in failing), "--baseline: every listed failure is expected-fail")
    check(all(after[i] == before[i] for i in before if i not in failing), "--baseline: the others are unchanged")
    r = run("run", FIXTURES, "-q", "--report", again, "--baseline", first)  # a report serves as a baseline too
    check(r.returncode == 0, "--baseline REPORT.json: green as well")

    # A cause written by hand survives the file's rewrite from a run against it.
    with open(baseline, "w") as f:
        f.write("\n".join(lines[:1]) + ',"known: DirectML 1.15.4, lavapipe"\n' + "\n".join(lines[1:]) + "\n")
    rewritten = os.path.join(out, "rewritten.csv")
    r = run("run", FIXTURES, "-q", "--baseline", baseline, "--write-baseline", rewritten)
    with open(rewritten) as f:
        kept = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    check(r.returncode == 0 and kept[0] == lines[0] + ',"known: DirectML 1.15.4, lavapipe"' and kept[1:] == lines[1:],
          f"--write-baseline keeps --baseline's causes: {kept[:2]}")

    skips = os.path.join(out, "skips.txt")
    with open(skips, "w") as f:
        f.write("# not on this machine\nwrong_expected/*\nre:.*unknown_field.*\n")
    skipped = os.path.join(out, "skipped.json")
    run("run", FIXTURES, "-q", "--report", skipped, "--skips", skips)
    d, got = cases(skipped)
    messages = {c["id"]: c["message"] for c in d["cases"]}
    check(got["wrong_expected/identity_wrong"] == "skip" and messages["wrong_expected/identity_wrong"] ==
          f"skipped by {skips}:2 (wrong_expected/*)", f"--skips: a glob skips, naming the line ({messages['wrong_expected/identity_wrong']})")

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
