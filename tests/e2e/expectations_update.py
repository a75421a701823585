#!/usr/bin/env python3
"""`expectations update` end to end, with the real dml-conform on the cpu backend (issue 48, item 2).

Two runtimes, ci-a and ci-b (`run --tag runtime=...`), run the same fixture, good.json, and copies of it
whose expected values were changed outside the product: planted.json's first case fails on ci-a only
(ci-b has the true copy), both.json's two cases fail on both. Each run is judged against one tagged
file, as CI judges its runs:
  - `[ backend=cpu ] good/identity,fail` passed on both: stale, removed, with why;
  - `[ backend=cpu runtime=ci-b ] good/join_reference,error` passed on ci-b, its only run: removed;
  - `[ backend=cpu runtime=ci-c ] good/join_reference,crash` has no run: kept;
  - `[ backend=cpu runtime=ci-a ] both/identity,error` failed with `fail` there: the status rewritten,
    its cause kept;
  - both/join_reference failed on both: added with the tags the two runs share (no runtime);
    planted/identity failed on ci-a only: added with ci-a's tags; both/identity on ci-b with ci-b's.
Then: --dry-run prints exactly that and writes nothing (exit 1); update writes it (exit 1); both
runtimes' runs are green against the updated file, and updating from them changes nothing (exit 0);
a folder of reports reads as its files; a byte-order mark and CRLF endings are kept; a report given as
FILE and a missing report are exit 2, named.
Usage: expectations_update.py DML_CONFORM FIXTURES
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

TOOL, FIXTURES = sys.argv[1:3]
failures = []


def check(condition, what, detail=""):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        print(detail)
        failures.append(what)


def run(*args):
    return subprocess.run([TOOL, *args], capture_output=True, text=True)


def planted(source, destination, outputs):
    """A copy of `source` whose cases expect `outputs` instead, in order (faults planted in the data)."""
    with open(source) as f:
        cases = json.load(f)
    for case, output in zip(cases["cases"], outputs):
        case["expected"] = {"OutputTensor": output}
    with open(destination, "w") as f:
        json.dump(cases, f)


with tempfile.TemporaryDirectory() as out:
    good = os.path.join(FIXTURES, "good.json")
    for runtime in ("ci-a", "ci-b"):
        os.makedirs(os.path.join(out, runtime))
        shutil.copy(good, os.path.join(out, runtime, "good.json"))
        planted(good, os.path.join(out, runtime, "both.json"), [[1, 0, 0, 7], [1, 2, 3, 4, 6]])
    planted(good, os.path.join(out, "ci-a", "planted.json"), [[0, 0, 0, 1]])
    shutil.copy(good, os.path.join(out, "ci-b", "planted.json"))

    expectations = os.path.join(out, "expectations.csv")
    original = (
        "# one file, two runtimes\n"
        "[ backend=cpu ] good/identity,fail,\"stale: both pass\"\n"
        "\n"
        "# ci-b's own\n"
        "[ backend=cpu runtime=ci-b ] good/join_reference,error,ci-b only\n"
        "[ backend=cpu runtime=ci-c ] good/join_reference,crash,\"ci-c, never run here\"\n"
        "[ backend=cpu runtime=ci-a ] both/identity,error,\"a cause, kept\"\n"
    )
    with open(expectations, "w") as f:
        f.write(original)

    reports = {}
    for runtime in ("ci-a", "ci-b"):
        reports[runtime] = os.path.join(out, "reports", runtime + ".json")
        os.makedirs(os.path.dirname(reports[runtime]), exist_ok=True)
        r = run("run", os.path.join(out, runtime), "-q", "--baseline", expectations, "--tag", "runtime=" + runtime,
                "--report", reports[runtime])
        check(r.returncode == 1, f"{runtime}: red against the stale file ({r.returncode})")
    with open(reports["ci-a"]) as f:
        report_a = json.load(f)
    a = {c["id"]: c for c in report_a["cases"]}
    tags = report_a["context"]["tags"]
    check(a["planted/identity"]["status"] == "fail" and a["good/identity"]["status"] == "unexpected-pass" and
          a["both/join_reference"]["status"] == "fail" and a["both/identity"]["status"] == "fail",
          "ci-a: the planted cases fail, the stale line's case is an unexpected pass")
    shared = " ".join(f"{k}={v}" for k, v in tags.items() if k != "runtime")
    own = {runtime: " ".join(f"{k}={v if k != 'runtime' else runtime}" for k, v in tags.items()) for runtime in reports}

    r = run("expectations", "update", "--dry-run", expectations, reports["ci-a"], reports["ci-b"])
    with open(expectations) as f:
        check(f.read() == original, "--dry-run writes nothing")
    names = f"backend=cpu runtime=ci-a ({reports['ci-a']}), backend=cpu runtime=ci-b ({reports['ci-b']})"
    expected_diff = (
        '-2: [ backend=cpu ] good/identity,fail,"stale: both pass"\n'
        f"    passed on {names}\n"
        "-5: [ backend=cpu runtime=ci-b ] good/join_reference,error,ci-b only\n"
        f"    passed on backend=cpu runtime=ci-b ({reports['ci-b']})\n"
        '-7: [ backend=cpu runtime=ci-a ] both/identity,error,"a cause, kept"\n'
        '+5: [ backend=cpu runtime=ci-a ] both/identity,fail,"a cause, kept"\n'
        f"    fail on backend=cpu runtime=ci-a ({reports['ci-a']}), not error\n"
        f"+6: [ {shared} ] both/join_reference,fail\n"
        f"    fail on {names}; give it a cause\n"
        f"+7: [ {own['ci-a']} ] planted/identity,fail\n"
        f"    fail on backend=cpu runtime=ci-a ({reports['ci-a']}); give it a cause\n"
        f"+8: [ {own['ci-b']} ] both/identity,fail\n"
        f"    fail on backend=cpu runtime=ci-b ({reports['ci-b']}); give it a cause\n"
        f"{expectations}: 2 removed, 3 added, 1 changed, 1 kept (2 reports); dry run, not written\n"
    )
    check(r.returncode == 1 and r.stdout == expected_diff,
          f"--dry-run: exit 1, each stale line and each new failure with why ({r.returncode})", r.stdout + r.stderr)

    folder = run("expectations", "update", "--dry-run", expectations, os.path.join(out, "reports"))
    check(folder.returncode == 1 and folder.stdout == expected_diff, "a folder of reports reads as its *.json files, in name order")

    r = run("expectations", "update", expectations, reports["ci-a"], reports["ci-b"])
    with open(expectations) as f:
        updated = f.read()
    expected_file = (
        "# one file, two runtimes\n"
        "\n"
        "# ci-b's own\n"
        '[ backend=cpu runtime=ci-c ] good/join_reference,crash,"ci-c, never run here"\n'
        '[ backend=cpu runtime=ci-a ] both/identity,fail,"a cause, kept"\n'
        f"[ {shared} ] both/join_reference,fail\n"
        f"[ {own['ci-a']} ] planted/identity,fail\n"
        f"[ {own['ci-b']} ] both/identity,fail\n"
    )
    check(r.returncode == 1 and updated == expected_file and r.stdout.endswith("; written\n"),
          f"update: exit 1, the file rewritten: comments, blanks and the unrun line kept ({r.returncode})", updated)

    for runtime in ("ci-a", "ci-b"):
        r = run("run", os.path.join(out, runtime), "-q", "--baseline", expectations, "--tag", "runtime=" + runtime,
                "--report", reports[runtime])
        check(r.returncode == 0, f"{runtime}: green against the updated file ({r.returncode})", r.stdout[-400:])
    r = run("expectations", "update", expectations, reports["ci-a"], reports["ci-b"])
    with open(expectations) as f:
        check(f.read() == expected_file, "the file is true: updating from its own green runs leaves it alone")
    check(r.returncode == 0 and r.stdout == f"{expectations}: 0 removed, 0 added, 0 changed, 5 kept (2 reports)\n",
          f"... exit 0, saying so ({r.returncode})", r.stdout)

    # A byte-order mark and CRLF line endings (a file saved on Windows) stay as they were.
    windows = os.path.join(out, "windows.csv")
    with open(windows, "wb") as f:
        f.write(b"\xef\xbb\xbf# saved on Windows\r\n[ backend=cpu ] good/identity,fail,stale\r\n")
    r = run("expectations", "update", windows, reports["ci-a"])
    with open(windows, "rb") as f:
        written = f.read()
    lines = written[3:].split(b"\r\n")
    check(r.returncode == 1 and written.startswith(b"\xef\xbb\xbf# saved on Windows\r\n") and b"good/identity" not in written and
          written.count(b"\n") == written.count(b"\r\n") == 4 and lines[-1] == b"",
          "a byte-order mark and CRLF endings are kept; added lines end as the file's do", repr(written))

    r = run("expectations", "update", reports["ci-a"], reports["ci-b"])
    check(r.returncode == 2 and f"{reports['ci-a']}" in r.stderr and "a report is no expectations file" in r.stderr,
          f"a report as FILE: exit 2, named ({r.returncode})", r.stderr)
    missing = os.path.join(out, "missing.json")
    r = run("expectations", "update", "--dry-run", expectations, missing)
    check(r.returncode == 2 and missing in r.stderr, f"a missing report: exit 2, named ({r.returncode})", r.stderr)

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
