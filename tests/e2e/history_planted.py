#!/usr/bin/env python3
"""`history` and `html --runs` end to end, with real `dml-conform run`s on the cpu backend (issue 48, item 3).

The faults are planted in copies of the fixture case files, never in the product:
  - a regression: good/identity's expected value changed from revision r2 on (r1 passes, r2 and r3 fail);
  - a flake: two runs at revision r2 in one configuration, good/join_reference given a wrong expected
    value in one of them only;
  - wrong_expected/identity_wrong fails in every run: failing, not a regression;
  - a run in another configuration (--tag runtime=ci-b) where good/identity passes at r3: no regression there.
The reports sit in one folder under names out of time order; `history` orders them by their dates.
Then: `history --json` names the flake and the regression with its last good and first bad revision
(exit 1), `html --runs` writes the matrix and one page per run, a run without --revision has no
context.revision and counts under its git revision, and `fuzz --revision` writes it as `run` does.
Usage: history_planted.py DML_CONFORM FIXTURES
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from e2e_checks import check, failures

TOOL, FIXTURES = sys.argv[1:3]


def run(*args):
    return subprocess.run([TOOL, *args], capture_output=True, text=True)


def cases_folder(out, name, identity_broken, join_broken):
    """A copy of good.json and wrong_expected.json, good.json's cases changed as told."""
    folder = os.path.join(out, "cases-" + name)
    os.makedirs(folder)
    shutil.copy(os.path.join(FIXTURES, "wrong_expected.json"), folder)
    with open(os.path.join(FIXTURES, "good.json")) as f:
        good = json.load(f)
    for case in good["cases"]:
        if case["name"] == "identity" and identity_broken:
            case["expected"]["OutputTensor"] = [1, 0, 0, 3]
        if case["name"] == "join_reference" and join_broken:
            case["expected"] = {"OutputTensor": [1, 2, 3, 4, 9]}
    with open(os.path.join(folder, "good.json"), "w") as f:
        json.dump(good, f)
    return folder


with tempfile.TemporaryDirectory() as out:
    reports = os.path.join(out, "reports")
    os.makedirs(reports)
    # (report name, revision, identity broken, join broken, extra options); run in this order, one
    # second apart so that each report's date differs; the names sort in another order.
    runs = [("e-first.json", "r1", False, False, []),
            ("d-second.json", "r2", True, False, []),
            ("c-third.json", "r2", True, True, []),
            ("b-fourth.json", "r3", True, False, []),
            ("a-other.json", "r3", False, False, ["--tag", "runtime=ci-b"])]
    for i, (name, revision, identity_broken, join_broken, extra) in enumerate(runs):
        if i:
            time.sleep(1.1)
        folder = cases_folder(out, str(i), identity_broken, join_broken)
        r = run("run", folder, "-q", "--revision", revision, *extra, "--report", os.path.join(reports, name))
        check(r.returncode == 1, f"run {name} at {revision}: exit 1 (wrong_expected fails) ({r.returncode}) {r.stderr[-300:]}")
    with open(os.path.join(reports, "c-third.json")) as f:
        check(json.load(f)["context"].get("revision") == "r2", "run --revision: the report's context.revision")

    summary = os.path.join(out, "history.json")
    r = run("history", reports, "--json", summary)
    print(r.stdout)
    check(r.returncode == 1, f"history: exit 1 with a regression ({r.returncode}) {r.stderr[-300:]}")
    with open(summary) as f:
        h = json.load(f)
    files = [os.path.basename(x["file"]) for x in h["runs"]]
    check(files == [x[0] for x in runs], f"runs in time order, not name order: {files}")
    check([x["revision"] for x in h["runs"]] == ["r1", "r2", "r2", "r3", "r3"], "each run's revision")
    check(len(h["configurations"]) == 2 and "runtime=ci-b" in h["configurations"][1], f"two configurations: {h['configurations']}")
    check(all("driver" not in x["tags"] for x in h["runs"]), "configurations leave the driver out")
    native = h["configurations"][0]
    check([x["status"] for x in h["cases"]["good/identity"]] == ["pass", "fail", "fail", "fail", "pass"],
          f"good/identity across the runs: {h['cases']['good/identity']}")

    flakes = [(x["id"], x["revision"], x["configuration"]) for x in h["flakes"]]
    check(flakes == [("good/join_reference", "r2", native)], f"the planted flake, and no other: {flakes}")
    regressions = [(x["id"], x["lastGoodRevision"], x["firstBadRevision"], x["configuration"], x["lastGoodRun"],
                    x["firstBadRun"]) for x in h["regressions"]]
    check(regressions == [("good/identity", "r1", "r2", native, 0, 1)],
          f"the planted regression: last good r1, first bad r2, and no other: {regressions}")
    failing = [(x["id"], x["since"]) for x in h["failing"]]
    check(sorted(failing) == [("wrong_expected/identity_wrong", "r1"), ("wrong_expected/identity_wrong", "r3")],
          f"always failing in both configurations, not a regression: {failing}")
    check("regression: good/identity [" + native + "]: last good r1 (run 1 (" in r.stdout and
          "first bad r2 (run 2 (" in r.stdout, "the console names the regression's revisions")
    check("flake: good/join_reference on revision r2 [" in r.stdout, "the console names the flake")

    # The runs page: the matrix, and beside it each run's page, linked from the cells.
    page = os.path.join(out, "runs.html")
    r = run("html", "--runs", reports, "-o", page)
    check(r.returncode == 0 and os.path.isfile(page), f"html --runs: exit 0, the page written ({r.returncode}) {r.stderr[-300:]}")
    pages = sorted(os.listdir(os.path.join(out, "runs.runs"))) if os.path.isdir(os.path.join(out, "runs.runs")) else []
    check(pages == [f"run-{i}.html" for i in range(1, 6)], f"one page per run beside it: {pages}")
    with open(page) as f:
        text = f.read()
    check('"page":"runs.runs/run-2.html"' in text and '"revision":"r2"' in text, "the cells' links in the page's data")
    r = run("html", "--runs", reports, "--base", os.path.join(reports, "e-first.json"), "-o", page)
    check(r.returncode == 2 and "--base" in r.stderr, f"html --runs --base: refused, exit 2 ({r.returncode})")
    r = run("history", reports, "--html", os.path.join(out, "again.html"))
    check(os.path.isfile(os.path.join(out, "again.runs", "run-5.html")), "history --html writes the same pages")

    # A run without --revision keeps its report's text: no context.revision; history takes gitRevision.
    plain = os.path.join(out, "plain.json")
    run("run", cases_folder(out, "plain", False, False), "-q", "--report", plain)
    with open(plain) as f:
        context = json.load(f)["context"]
    check("revision" not in context, "no --revision: no context.revision")
    r = run("history", plain, "--json", summary)
    with open(summary) as f:
        h = json.load(f)
    check(r.returncode == 0 and h["runs"][0]["revision"] == context["gitRevision"],
          f"history of one run: exit 0, the git revision for its revision ({r.returncode})")
    fuzzed = os.path.join(out, "fuzz.json")
    r = run("fuzz", "--count", "3", "--isolation", "none", "-q", "--revision", "r9", "--report", fuzzed)
    with open(fuzzed) as f:
        check(r.returncode == 0 and json.load(f)["context"].get("revision") == "r9", "fuzz --revision: context.revision")
    r = run("history", os.path.join(out, "cases-0"))
    check(r.returncode == 2 and "good.json" in r.stderr, f"a case file is no report: exit 2 naming it ({r.returncode})")

print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
