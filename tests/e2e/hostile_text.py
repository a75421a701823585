#!/usr/bin/env python3
"""Reports stay valid whatever bytes a case file holds (issue 15).

  hostile_text.py DML_CONFORM WORK_DIR

Writes case files whose messages carry invalid UTF-8 (a file name of lone continuation, overlong,
surrogate and truncated sequences; raw such bytes in a field name, which the JSON parser quotes) and
control characters (an escape sequence in a field name), runs them in worker processes and in this
process, and asserts: exit code 1, a JUnit file that an XML parser accepts, a JSON report that parses
and keeps the controls, and console output that is valid UTF-8 with no escape character."""
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

tool, work = sys.argv[1], sys.argv[2].encode()
CASE = (b'{"name": "typo", "operator": {"type": "DIAGONAL_MATRIX", "desc": {"OutputTensor": '
        b'{"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]}, KEY: 1, "Value": 1}}}')
BAD = b"\x80\xbf\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80\xe2\x82"
files = {
    b"raw_key.json": CASE.replace(b"KEY", b'"Of' + BAD + b'"'),
    b"controls_key.json": CASE.replace(b"KEY", b'"Of\\u001b[2J\\u0007\\u0001\\u007f\\u0085set"'),
    b"name_" + BAD + b".json": CASE.replace(b"KEY", b'"Ofset"'),
}
cases = os.path.join(work, b"cases")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(cases)
for name, text in files.items():
    with open(os.path.join(cases, name), "wb") as f:
        f.write(text)

failed = False
for isolation in ["process", "none"]:
    report, junit = os.path.join(work, b"report.json"), os.path.join(work, b"report.xml")
    run = subprocess.run([tool.encode(), b"run", cases, b"--isolation", isolation.encode(), b"--report", report,
                          b"--junit", junit], capture_output=True)
    problems = []
    if run.returncode != 1:
        problems.append(f"exit code {run.returncode}, expected 1")
    try:
        ElementTree.parse(junit)
    except ElementTree.ParseError as e:
        problems.append(f"JUnit file is not well-formed XML: {e}")
    try:
        messages = [c["message"] for c in json.load(open(report, encoding="utf-8"))["cases"]]
        if not any("\x1b[2J" in m for m in messages):
            problems.append("the JSON report lost the control characters")
        if len(messages) != 3:
            problems.append(f"{len(messages)} cases in the JSON report, expected 3")
    except (ValueError, KeyError) as e:
        problems.append(f"JSON report does not parse: {e}")
    for stream, data in [("stdout", run.stdout), ("stderr", run.stderr)]:
        if stream == "stdout" or isolation == "none":
            try:
                data.decode("utf-8")
            except UnicodeDecodeError as e:
                problems.append(f"{stream} is not valid UTF-8: {e}")
    if b"\x1b" in run.stdout:
        problems.append("stdout holds an escape character")
    if b"\\u001b[2J" not in run.stdout or "\ufffd".encode() not in run.stdout:
        problems.append("stdout does not show the escapes and replacement characters")
    for p in problems:
        print(f"FAILED (--isolation {isolation}): {p}")
    if problems:
        failed = True
        sys.stdout.write(run.stdout.decode("utf-8", "backslashreplace"))
print("hostile text: " + ("FAILED" if failed else "reports valid"))
sys.exit(1 if failed else 0)
