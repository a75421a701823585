#!/usr/bin/env python3
"""ctest check of `dml-conform compare` as a program: exit codes and the sections it prints, on the
fixture reports in data/ (identical inputs pass; an injected failure and timing regression fail)."""
import os
import subprocess
import sys

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def compare(conform, *args):
    files = [os.path.join(DATA, a) if a.endswith(".json") else a for a in args]
    done = subprocess.run([conform, "compare", *files], capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def expect(result, code, *fragments):
    rc, out, err = result
    assert rc == code, f"exit {rc}, expected {code}\nstdout:\n{out}\nstderr:\n{err}"
    for fragment in fragments:
        assert fragment in out + err, f"missing {fragment!r} in:\n{out}{err}"


def main():
    conform = sys.argv[1]
    expect(compare(conform, "conform_base.json", "conform_base.json"), 0, "OK: no regression")
    expect(compare(conform, "bench_base.json", "bench_base.json"), 0, "OK: no regression")
    expect(compare(conform, "conform_base.json", "conform_new.json"), 1, "New failures (1):", "diagonal/f16",
           "Timing regressions (1):", "reduce/sum_f32  2.000 ms  3.000 ms  +50.0%", "Missing cases (1):")
    expect(compare(conform, "bench_base.json", "bench_new.json", "--format", "markdown"), 1,
           "### New failures (1)", "### Timing regressions (1)", "**REGRESSION:")
    # A looser threshold and floor keep the slow median but not the new failure.
    expect(compare(conform, "bench_base.json", "bench_new.json", "--threshold", "0.6"), 1,
           "REGRESSION: 1 new failure(s)\n")
    expect(compare(conform, "conform_base.json", "bench_base.json"), 2, "is a dml-conform report but")
    expect(compare(conform, "conform_base.json", "--format", "html", "conform_new.json"), 2, "--format")
    print("dml-conform compare ok")


if __name__ == "__main__":
    main()
