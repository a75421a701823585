#!/usr/bin/env python3
"""Untrusted case and model files stay in their folder (docs/untrusted-files.md; issue 35).

In OUT/paths: outside/ holds secret files, run/ hostile model and case files, one per form: `..`
chains, absolute paths, a symbolic link inside leading out (to a folder and to a file), a link loop, a
link to nothing, a FIFO and a device, for sourcePath (read) and writeFile's targetPath (write).
  1. `run run/`: every hostile file is an error naming its file, line:column, the field and the rule;
     the one good model writes inside its folder; nothing outside run/ changes, nothing is created
     there, and the secrets' values appear nowhere in the output or the report; the run ends (a FIFO
     opened would block it).
  2. A model named without a folder writes in the current one; with `--output-dir` it writes into DIR
     at its folder's place, not beside itself.
  3. `--allow-paths-outside`: DxDispatch's rules: the `..` write lands outside, the `..` read loads,
     and the report's context records the option; a FIFO is still refused, unread.

usage: paths_check.py DML_CONFORM OUT
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys

import numpy as np

# Values no case computes: found in a report or the console, they were read from outside.
SECRET = [7771.0, 7772.0, 7773.0, 7774.0]
STAY_INSIDE = "paths a file names stay inside its folder (or --output-dir); --allow-paths-outside lifts this"
RESOLVE = "symbolic links in a path resolve"
REGULAR = "paths a file names are regular files"
FOLDERS = "paths a file names lead through folders"


def model(resource_values, target=None):
    """A DxDispatch model: a JOIN of two 2-element views of `a` into `o`, then writeFile of `o` to
    `target` when given. `resource_values` is `a`'s initialValues."""
    commands = [{"type": "dispatch", "dispatchable": "j",
                 "bindings": {"InputTensors": ["a", {"name": "a", "elementOffset": 2}], "OutputTensor": "o"}}]
    if target is not None:
        commands.append({"type": "writeFile", "resource": "o", "targetPath": target})
    return {
        "resources": {
            "a": {"initialValuesDataType": "FLOAT32", "initialValues": resource_values},
            "o": {"initialValuesDataType": "FLOAT32", "initialValues": {"value": 0, "valueCount": 4}},
        },
        "dispatchables": {"j": {"type": "JOIN", "desc": {
            "InputCount": 2, "Axis": 0,
            "InputTensors": [{"DataType": "FLOAT32", "Sizes": [2]}, {"DataType": "FLOAT32", "Sizes": [2]}],
            "OutputTensor": {"DataType": "FLOAT32", "Sizes": [4]}}}},
        "commands": commands,
    }


def case(source):
    """A case file whose JOIN reads its first input from `source`."""
    return {"name": "read", "operator": {"type": "JOIN", "desc": {
        "InputTensors": [{"DataType": "FLOAT32", "Sizes": [4]}, {"DataType": "FLOAT32", "Sizes": [1]}],
        "OutputTensor": {"DataType": "FLOAT32", "Sizes": [5]}, "Axis": 0}},
        "inputs": {"InputTensors": [{"sourcePath": source}, [1]]}}


def dump(path, document):
    """Writes `document` with the field that matters on a line of its own, so errors point at it."""
    path.write_text(json.dumps(document, indent=1) + "\n")


def build(root):
    """The hostile tree; returns {file id: (field as written, message substring, rule)} for every file
    that must be an error."""
    shutil.rmtree(root, ignore_errors=True)
    outside, run = root / "outside", root / "run"
    outside.mkdir(parents=True)
    run.mkdir()
    np.save(outside / "secret.npy", np.array(SECRET, dtype=np.float32))
    (outside / "victim.bin").write_bytes(b"keep me")
    (run / "folder_out").symlink_to("../outside", target_is_directory=True)
    (run / "file_out.npy").symlink_to("../outside/secret.npy")
    (run / "victim_link.bin").symlink_to("../outside/victim.bin")
    (run / "dangling.bin").symlink_to("../outside/created_by_model.bin")
    (run / "loop").symlink_to("loop")
    (run / "zero.bin").symlink_to("/dev/zero")
    os.mkfifo(run / "fifo.npy")
    # Each form: the sourcePath a read names, the targetPath a write names, what the error says, its rule.
    forms = {
        "dotdot": ("../outside/secret.npy", "../outside/escaped_by_model.bin", "resolves to ", STAY_INSIDE),
        "chain": ("a/b/../../../outside/secret.npy", "new/../../outside/escaped_by_model.bin", "resolves to ", STAY_INSIDE),
        "absolute": (str(outside / "secret.npy"), str(outside / "escaped_by_model.bin"), "resolves to ", STAY_INSIDE),
        "link_to_folder": ("folder_out/secret.npy", "folder_out/escaped_by_model.bin", "resolves to ", STAY_INSIDE),
        "link_to_file": ("file_out.npy", "victim_link.bin", "resolves to ", STAY_INSIDE),
        "link_to_nothing": ("dangling.bin", "dangling.bin", "dangling.bin is a symbolic link to nothing", RESOLVE),
        "loop": ("loop/secret.npy", "loop/escaped_by_model.bin", "loop is a symbolic link loop", RESOLVE),
        "device": ("zero.bin", "/dev/null", "resolves to /dev/", STAY_INSIDE),
        "fifo": ("fifo.npy", "fifo.npy", "fifo.npy\" is a FIFO, not a regular file", REGULAR),
        "through_fifo": ("fifo.npy/x.npy", "fifo.npy/x.bin", "fifo.npy is a FIFO, not a folder", FOLDERS),
    }
    expected = {}
    for name, (source, target, message, rule) in forms.items():
        dump(run / f"model_read_{name}.json", model({"sourcePath": source}))
        dump(run / f"case_read_{name}.json", case(source))
        expected[f"model_read_{name}"] = expected[f"case_read_{name}"] = (f'sourcePath "{source}"', message, rule)
        dump(run / f"model_write_{name}.json", model({"valueStart": 1, "valueDelta": 1, "valueCount": 4}, target))
        expected[f"model_write_{name}"] = (f'targetPath "{target}"', message, rule)
    (run / "sub").mkdir()
    dump(run / "sub" / "good.json", model({"valueStart": 1, "valueDelta": 1, "valueCount": 4}, "written/good.bin"))
    return expected


def snapshot(folder):
    """Every path under `folder` with its kind, size, time and bytes: what "unchanged" compares."""
    state = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            p = pathlib.Path(dirpath) / name
            st = p.lstat()
            state[str(p.relative_to(folder))] = (st.st_mode, st.st_size, st.st_mtime_ns,
                                                 p.read_bytes() if p.is_file() and not p.is_symlink() else None)
    return state


def run(tool, *args, cwd=None):
    p = subprocess.run([tool, "run", *map(str, args)], capture_output=True, text=True, timeout=300, cwd=cwd)
    return p.returncode, p.stdout + p.stderr


failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def line_of(path, text):
    """The 1-based line of `path` holding `text`."""
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def confined(tool, root, expected):
    before = snapshot(root / "outside")
    rc, output = run(tool, root / "run", "--report", root / "confined.json", "-j", "2")
    report = json.loads((root / "confined.json").read_text())
    check(rc == 1, f"confined run: exit {rc}, expected 1")
    check(report["context"]["allowPathsOutside"] is False, "confined run: context.allowPathsOutside is not false")
    errors = {c["id"].split("/")[0]: c["message"] for c in report["cases"] if c["status"] == "error"}
    for name, (field, message, rule) in expected.items():
        got = errors.get(name, "")
        path = root / "run" / f"{name}.json"
        # The field and the path as named ("is a FIFO" names it as resolved: the named one ends it).
        key, named = field.split(" ", 1)[0], field.split(" ", 1)[1].strip('"')
        where = f"{path}:{line_of(path, named)}:"
        for part in (where, f'{key} "', named, message, rule):
            check(part in got, f"{name}: the error lacks {part!r}: {got!r}")
    statuses = {c["id"]: c["status"] for c in report["cases"]}
    check(statuses.get("sub/good/j@0") == "pass", f"the good model: {statuses.get('sub/good/j@0')}")
    check(len(errors) == len(expected), f"{len(errors)} errors for {len(expected)} hostile files: {sorted(errors)}")
    check((root / "run" / "sub" / "written" / "good.bin").stat().st_size == 16, "the good model wrote nothing beside itself")
    check(snapshot(root / "outside") == before, "something outside the run folder changed")
    text = output + (root / "confined.json").read_text()
    for value in SECRET:
        check(str(int(value)) not in text, f"the secret value {value} appears in the output or report")


def bare_name(tool, root):
    """A model named without a folder (`run good.json`) is in the current one, and writes there."""
    sub = root / "run" / "sub"
    shutil.rmtree(sub / "written", ignore_errors=True)
    rc, output = run(pathlib.Path(tool).resolve(), "good.json", cwd=sub)
    check(rc == 0, f"run good.json: exit {rc}\n{output}")
    check((sub / "written" / "good.bin").is_file(), "run good.json: nothing written beside it")


def output_dir(tool, root):
    out = root / "outdir"
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(root / "run" / "sub" / "written", ignore_errors=True)
    rc, output = run(tool, root / "run", "--filter", "sub/*", "--output-dir", out)
    check(rc == 0, f"--output-dir: exit {rc}\n{output}")
    check((out / "sub" / "written" / "good.bin").stat().st_size == 16, "--output-dir: good.bin not under DIR/sub/written")
    check(not (root / "run" / "sub" / "written").exists(), "--output-dir: the model still wrote beside itself")


def allowed(tool, root):
    rc, output = run(tool, root / "run", "--allow-paths-outside", "--report", root / "allowed.json",
                     "--filter", "model_write_dotdot/*", "--filter", "case_read_dotdot/*", "--filter", "model_read_fifo*")
    report = json.loads((root / "allowed.json").read_text())
    check(report["context"]["allowPathsOutside"] is True, "--allow-paths-outside: not in the report's context")
    check("--allow-paths-outside: case and model files may read and write any path" in output, "no warning for the opt-in")
    statuses = {c["id"]: c["status"] for c in report["cases"]}
    check(statuses.get("model_write_dotdot/j@0") == "pass", f"--allow-paths-outside: {statuses}")
    check((root / "outside" / "escaped_by_model.bin").stat().st_size == 16, "--allow-paths-outside: the `..` write did not land")
    check(statuses.get("case_read_dotdot/read") == "pass", f"--allow-paths-outside: the `..` read: {statuses}")
    check(statuses.get("model_read_fifo") == "error", f"--allow-paths-outside: a FIFO read: {statuses}")


def main():
    tool, root = sys.argv[1], pathlib.Path(sys.argv[2]) / "paths"
    expected = build(root)
    confined(tool, root, expected)
    bare_name(tool, root)
    output_dir(tool, root)
    allowed(tool, root)
    for f in failures:
        print("FAIL:", f)
    print("paths: " + ("pass" if not failures else f"{len(failures)} failures"))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
