#!/usr/bin/env python3
"""Any backend as the reference, end to end with the real dml-conform (issue 48, item 4).

  1. `run CORPUS --backend cpu --reference vulkan` (when vulkan has a device here: lavapipe) and
     `run CORPUS --backend plain --reference cpu:0` are green; the report's context names the reference
     and its device, every compared case's tolerance says whom it was judged against and how (doubled
     against vulkan, the case's own against the exact cpu), and no case has a referenceFault;
  2. a crash planted in the reference's worker (a preloaded shim, fault_shim.cpp, kills the process
     that opens one case's input file; only the reference's worker opens it, as the backend never runs
     a case the reference could not compute) settles that case as error with referenceFault crash and
     a message that blames the reference; the run goes on and every other case passes;
  3. --resume takes only a report judged against the same reference;
  4. a model's dispatches (state carried from one to the next) are skipped, saying why;
  5. a reference that is no backend, or a device after ':' left empty, is a usage error naming it;
  6. a differential run's tags name its reference, so a tagged --baseline line can apply to it alone.
Wrong answers planted on either side, and their blame, are tests/app/faults/differential_test.cpp's.
Usage: differential_reference.py DML_CONFORM CRASH_SHIM_SO CORPUS_PATH...
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from e2e_checks import check, failures

TOOL, SHIM = sys.argv[1], os.path.abspath(sys.argv[2])
CORPUS = sys.argv[3:]


def run(*args, env=None):
    return subprocess.run([TOOL, *args], capture_output=True, text=True, env=env)


def report(path):
    with open(path) as f:
        d = json.load(f)
    return d, {c["id"]: c for c in d["cases"]}


def vulkan_here():
    r = run("backends")
    lines = r.stdout.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("vulkan"):
            return i + 1 < len(lines) and "unavailable" not in line and "unavailable" not in lines[i + 1]
    return False


def green_run(out, backend, reference, rule):
    path = os.path.join(out, f"{backend}-{reference.replace(':', '_')}.json")
    r = run("run", *CORPUS, "--backend", backend, "--reference", reference, "--report", path)
    d, cases = report(path)
    t = d["totals"]
    check(r.returncode == 0 and t["fail"] + t["error"] + t["crash"] + t["timeout"] == 0 and t["pass"] > 0,
          f"--backend {backend} --reference {reference}: green, {t['pass']} passed, {t['skip']} skipped "
          f"of {t['cases']} ({r.returncode}; {(r.stdout.strip().splitlines() or [''])[-1]})")
    check(d["context"].get("reference") == (reference if ":" in reference else reference + ":0")
          and d["context"].get("referenceDevice") and d["context"]["backend"] == backend,
          f"--reference {reference}: the context names it and its device ({d['context'].get('reference')}, "
          f"{d['context'].get('referenceDevice')})")
    compared = [c for c in cases.values() if c["status"] == "pass" and c["elements"] > 0]
    check(compared and all(c["tolerance"].endswith(rule) for c in compared),
          f"--reference {reference}: each of {len(compared)} compared cases' tolerance ends '{rule}'")
    check(not any("referenceFault" in c for c in cases.values()), f"--reference {reference}: no referenceFault")
    named = f" judged against reference {d['context'].get('reference')} [{d['context'].get('referenceDevice')}]"
    check(r.stdout.splitlines()[0].find(named) > 0,
          f"--reference {reference}: the console's context line names it")


def diagonal(name, value):
    return {"name": name, "operator": {"type": "DIAGONAL_MATRIX", "desc": {
        "OutputTensor": {"DataType": "FLOAT32", "Sizes": [2, 2]}, "Offset": 0, "Value": value}},
        "expected": {"OutputTensor": [value, 0, 0, value]}}


with tempfile.TemporaryDirectory() as out:
    if vulkan_here():
        green_run(out, "cpu", "vulkan", "; doubled: judged against vulkan:0, itself held to the same tolerance")
    else:
        print("skip  --reference vulkan: no vulkan device here")
    green_run(out, "plain", "cpu:0", "; judged against cpu:0 (exact)")

    folder = os.path.join(out, "planted")
    os.mkdir(folder)
    with open(os.path.join(folder, "a.json"), "w") as f:
        json.dump({"cases": [diagonal(f"a{i}", i) for i in range(3)]}, f)
    with open(os.path.join(folder, "m.json"), "w") as f:
        json.dump({"cases": [{"name": "crashing", "operator": {"type": "JOIN", "desc": {
            "InputTensors": [{"DataType": "INT32", "Sizes": [1, 2]}],
            "OutputTensor": {"DataType": "INT32", "Sizes": [1, 2]}, "Axis": 1}},
            "inputs": {"InputTensors": [{"sourcePath": "crash_me.bin"}]},
            "expected": {"OutputTensor": [7, 9]}}]}, f)
    with open(os.path.join(folder, "crash_me.bin"), "wb") as f:
        f.write((7).to_bytes(4, "little") + (9).to_bytes(4, "little"))
    crash = dict(os.environ, LD_PRELOAD=SHIM, DMLC_CRASH_ON_OPEN="crash_me.bin")
    path = os.path.join(out, "planted.json")
    r = run("run", folder, "--backend", "plain", "--reference", "cpu:0", "-j", "1", "--report", path, env=crash)
    d, cases = report(path)
    crashed = cases["m/crashing"]
    check(r.returncode == 1 and crashed["status"] == "error" and crashed.get("referenceFault") == "crash"
          and crashed["message"].startswith("reference cpu:0 crashed: ") and "SIGSEGV" in crashed["message"],
          f"a crash in the reference's worker is the case's error, blamed on the reference ({crashed['message'][:90]})")
    others = [c for i, c in cases.items() if i != "m/crashing"]
    check(len(others) == 3 and all(c["status"] == "pass" for c in others),
          "the run goes on: every other case passes")
    check(d["totals"]["crash"] == 0 and d["totals"]["error"] == 1, f"totals: one error, no crash ({d['totals']})")

    # A run judged against one reference is not finished by a run judged against another, nor the files'.
    r = run("run", folder, "--backend", "plain", "--resume", path)
    check(r.returncode == 2 and f"planted.json was judged against reference '{d['context']['reference']}', not the case "
          "files" in r.stderr + r.stdout, f"--resume without the reference: exit 2 naming both ({r.returncode})")
    r = run("run", folder, "--backend", "plain", "--reference", "plain:0", "--resume", path)
    check(r.returncode == 2 and "not reference 'plain:0'" in r.stderr + r.stdout,
          f"--resume against another reference: exit 2 ({r.returncode})")
    r = run("run", folder, "--backend", "plain", "--reference", "cpu:0", "--resume", path, "-q")
    check(r.returncode == 1, f"--resume against the same reference runs ({r.returncode}: {r.stderr[-200:]})")

    # A tagged --baseline line for runs judged against cpu:0 applies to such a run alone: the differential
    # run's tags name its reference, a run judged by the files' values has none.
    expectations = os.path.join(out, "expectations.csv")
    with open(expectations, "w") as f:
        f.write('[ reference=cpu-0 ] a/a1,fail,"planted: applies only to runs judged against cpu:0"\n')
    path = os.path.join(out, "tagged.json")
    r = run("run", os.path.join(folder, "a.json"), "--backend", "plain", "--reference", "cpu:0",
            "--baseline", expectations, "--report", path)
    d, cases = report(path)
    check(r.returncode == 1 and d["context"]["tags"].get("reference") == "cpu-0"
          and cases["a/a1"]["status"] == "unexpected-pass",
          f"--reference cpu:0: tagged reference=cpu-0, the line applies ({cases['a/a1']['status']})")
    r = run("run", os.path.join(folder, "a.json"), "--backend", "plain", "--baseline", expectations, "--report", path)
    d, cases = report(path)
    check(r.returncode == 0 and "reference" not in d["context"]["tags"] and cases["a/a1"]["status"] == "pass",
          f"judged by the files' values: no reference tag, the line does not apply ({cases['a/a1']['status']})")

    # The models write files beside themselves (writeFile): a copy keeps the source tree clean.
    models = os.path.join(out, "models")
    shutil.copytree(os.path.join(os.path.dirname(os.path.abspath(__file__)), "models"), models)
    models = os.path.join(models, "views.json")
    path = os.path.join(out, "models.json")
    r = run("run", models, "--reference", "cpu:0", "--report", path)
    d, cases = report(path)
    check(r.returncode == 0 and cases and all(c["status"] == "skip" and
          c["message"] == "a model's dispatches are not run against another backend" for c in cases.values()),
          f"a model's dispatches are skipped, saying why ({len(cases)} cases)")

    r = run("run", folder, "--reference", "nope")
    check(r.returncode == 2 and "no backend 'nope' in this build" in r.stderr + r.stdout,
          f"--reference nope: exit 2 naming it ({r.returncode})")
    r = run("run", folder, "--reference", "cpu:")
    check(r.returncode == 2 and "no device after ':'" in r.stderr + r.stdout, f"--reference cpu: exit 2 ({r.returncode})")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
