#!/usr/bin/env python3
"""ctest check of dml-bench: a quick filtered run on the CPU backend emits Google Benchmark JSON whose
benchmarks carry bytes_per_second and fraction_of_copy, with device and driver in the context. Two
runs: one with the memcpy baseline in the filter, one without it (the baseline is then measured on the
fly, so fraction_of_copy is still there). A third run, with repetitions, checks the denominator: the
median of the copy repetitions so far. A fourth, a quick sweep of every data type, must cover exactly the
(operator, type) pairs DirectML's tables allow at the highest feature level (written out below from the
spec pages, independently of ops/), each with fraction_of_copy. Checks structure and counters, never
speed."""
import json
import subprocess
import sys


def run(bench, pattern, *extra):
    cmd = [bench, "--quick", "--backends=cpu", "--benchmark_filter=" + pattern,
           "--benchmark_min_time=0.01", "--benchmark_format=json", *extra]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        sys.exit(f"{cmd} exited {done.returncode}\nstderr:\n{done.stderr}")
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError as e:
        sys.exit(f"{cmd} did not print JSON ({e}); stdout:\n{done.stdout[:2000]}")


ALL = ["FLOAT64", "FLOAT32", "FLOAT16", "INT64", "INT32", "INT16", "INT8", "UINT64", "UINT32", "UINT16", "UINT8"]
ALL_BUT_FLOAT64 = ALL[1:]
FLOATS = ["FLOAT32", "FLOAT16"]
FLOATS_INT32_AND_64 = FLOATS + ["INT64", "INT32", "UINT64", "UINT32"]
# The data types each operator's table allows at DML_FEATURE_LEVEL_5_1 (REDUCE per function group).
ALLOWED = {
    "JOIN1": ALL, "GATHER_ND1": ALL, "JOIN": ALL, "ONE_HOT": ALL, "DIAGONAL_MATRIX": ALL, "DIAGONAL_MATRIX1": ALL,
    **{f"REDUCE_{f}": ALL_BUT_FLOAT64 for f in ("ARGMIN", "ARGMAX", "MIN", "MAX")},
    **{f"REDUCE_{f}": FLOATS_INT32_AND_64 for f in ("SUM", "MULTIPLY", "L1", "SUM_SQUARE")},
    **{f"REDUCE_{f}": FLOATS for f in ("AVERAGE", "L2", "LOG_SUM", "LOG_SUM_EXP")},
}


def check_sweep_covers_the_tables(report):
    want = {"cpu/MEMCPY/64KiB/manual_time"}
    for op, types in ALLOWED.items():
        axes = ["/inner", "/outer"] if op.startswith("REDUCE_") else [""]
        want |= {f"cpu/{op}/{t}{axis}/64KiB/manual_time" for t in types for axis in axes}
    got = [b["run_name"] for b in report["benchmarks"]]
    assert len(got) == len(set(got)), "a benchmark ran twice"
    assert set(got) == want, f"missing {sorted(want - set(got))}, unexpected {sorted(set(got) - want)}"
    check(report, got)


def check(report, expected_names):
    context = report["context"]
    for key in ("dmlc_backend_cpu_device", "dmlc_backend_cpu_driver", "dmlc_backend_cpu_copy_baseline",
                "dmlc_version", "dmlc_quick"):
        assert key in context, f"context lacks {key}: {sorted(context)}"
    assert context["dmlc_quick"] == "true", context["dmlc_quick"]
    names = [b["run_name"] for b in report["benchmarks"]]
    assert names == expected_names, f"benchmarks {names}, expected {expected_names}"
    for b in report["benchmarks"]:
        assert not b.get("error_occurred", False), f"{b['name']}: {b.get('error_message')}"
        for counter in ("bytes_per_second", "fraction_of_copy", "cold_ms", "gpu_timed"):
            assert counter in b, f"{b['name']} lacks {counter}: {sorted(b)}"
        assert b["bytes_per_second"] > 0, b
        assert b["fraction_of_copy"] > 0, b
        assert b["gpu_timed"] == 0, b
        if "/MEMCPY/" in b["name"]:
            assert b["fraction_of_copy"] == 1.0, b
        else:
            assert "prepare_ms" in b and b["label"].startswith(("in ", "out ")), b


def check_baseline_is_the_median_of_copy_repetitions(report):
    rows = [b for b in report["benchmarks"] if b["run_type"] == "iteration"]
    copies = [b["bytes_per_second"] for b in rows if "/MEMCPY/" in b["name"]]
    assert len(copies) == 3 and len(rows) == 6, [b["name"] for b in rows]
    upper_median = lambda values: sorted(values)[len(values) // 2]
    for i, b in enumerate(rows):
        baseline = upper_median(copies[:i + 1] if i < 3 else copies)
        want = b["bytes_per_second"] / baseline
        assert abs(b["fraction_of_copy"] - want) <= 1e-9 * want, (b["name"], b["fraction_of_copy"], want, copies)


def main():
    bench = sys.argv[1]
    check(run(bench, "^cpu/(MEMCPY|REDUCE_SUM/FLOAT32/inner)/64KiB"),
          ["cpu/MEMCPY/64KiB/manual_time", "cpu/REDUCE_SUM/FLOAT32/inner/64KiB/manual_time"])
    check(run(bench, "^cpu/(GATHER_ND1|DIAGONAL_MATRIX)/FLOAT32/64KiB"),
          ["cpu/GATHER_ND1/FLOAT32/64KiB/manual_time", "cpu/DIAGONAL_MATRIX/FLOAT32/64KiB/manual_time"])
    check_baseline_is_the_median_of_copy_repetitions(
        run(bench, "^cpu/(MEMCPY|REDUCE_SUM/FLOAT32/inner)/64KiB", "--benchmark_repetitions=3"))
    check_sweep_covers_the_tables(run(bench, ".", "--sweep", "--max-size=64KiB"))
    print("dml-bench JSON ok")


if __name__ == "__main__":
    main()
