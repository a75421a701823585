#!/usr/bin/python3
"""Plots a dml-bench JSON file (--benchmark_format=json) as PNG: per backend, the bandwidth of every
operator at one size as bars against that backend's copy baseline (a vertical line; each bar is
labelled with its fraction_of_copy), and the bandwidth over the size ladder of the copy baseline and
the data-movement operators. With --matrix, the operator x data type matrix of one size instead (a
`--sweep` run): a heat map of fraction_of_copy per backend, and with --table the same matrix as a
markdown table on stdout. Given several JSON files (runs of one build), each matrix cell is the median
of the runs' own fractions (each a ratio within its run).

    dml-bench --benchmark_format=json > bench.json
    /usr/bin/python3 scripts/plot_bench.py bench.json -o bench.png [--size 64MiB] [--dtype FLOAT32]
    dml-bench --backends=cpu --sweep --benchmark_format=json > matrix.json
    /usr/bin/python3 scripts/plot_bench.py matrix.json --matrix -o matrix.png --table
    /usr/bin/python3 scripts/plot_bench.py run1.json run2.json run3.json --matrix -o matrix.png --table
"""
import argparse
import json
import statistics
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")  # files only; no display needed
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

UNITS = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}
LADDER_OPERATORS = ["GATHER_ND1", "JOIN", "ONE_HOT", "DIAGONAL_MATRIX", "REDUCE_SUM"]
# The matrix's columns, in dml-bench's order (ops::kAllDataTypes), and its data-movement rows.
DTYPES = ["FLOAT64", "FLOAT32", "FLOAT16", "INT64", "INT32", "INT16", "INT8", "UINT64", "UINT32", "UINT16", "UINT8"]
MOVEMENT = ["JOIN1", "GATHER_ND1", "JOIN", "ONE_HOT", "DIAGONAL_MATRIX"]


def parse_size(text):
    for unit in ("KiB", "MiB", "GiB", "B"):
        if text.endswith(unit):
            return int(text[: -len(unit)]) * UNITS[unit]
    raise ValueError(f"not a dml-bench size: {text}")


def dml_name(run_name):
    """dml-bench's own name: Google Benchmark appends "/min_time:0.002", "/manual_time" and the like."""
    parts = run_name.split("/")
    while parts and (parts[-1] == "manual_time" or ":" in parts[-1]):
        parts.pop()
    return "/".join(parts)


class Point:
    """One dml-bench benchmark: backend/operator[/dtype][/axis]/size."""

    def __init__(self, name, gbs, fraction):
        parts = name.split("/")
        self.backend = parts[0]
        self.size = parse_size(parts[-1])
        self.size_text = parts[-1]
        self.middle = parts[1:-1]  # ["REDUCE_SUM", "FLOAT32", "inner"] or ["MEMCPY"]
        self.operator = parts[1]
        self.dtype = parts[2] if len(parts) > 3 else None
        self.label = "/".join(p for p in self.middle if p != self.dtype)
        self.gbs = gbs
        self.fraction = fraction


def load(path):
    with open(path) as f:
        report = json.load(f)
    points = []
    for b in report.get("benchmarks", []):
        if b.get("error_occurred") or "bytes_per_second" not in b:
            continue
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        name = dml_name(b.get("run_name", b["name"]))
        points.append(Point(name, b["bytes_per_second"] / 1e9, b.get("fraction_of_copy")))
    return report.get("context", {}), points


def is_baseline(p, memcpy_backends):
    if p.backend in memcpy_backends:
        return p.operator == "MEMCPY"
    return p.operator == "JOIN1" and p.dtype == "FLOAT32"


def plot_backend(ax_bars, ax_ladder, backend, points, size, dtype, memcpy_backends):
    mine = [p for p in points if p.backend == backend]
    sizes = sorted({p.size for p in mine})
    chosen = size if size in sizes else sizes[-1]
    baseline = [p for p in mine if p.size == chosen and is_baseline(p, memcpy_backends)]
    bars = [p for p in mine if p.size == chosen and p.dtype == dtype and not is_baseline(p, memcpy_backends)]
    bars.sort(key=lambda p: p.label)
    y = range(len(bars))
    ax_bars.barh(list(y), [p.gbs for p in bars], color="tab:blue")
    ax_bars.set_yticks(list(y), [p.label for p in bars], fontsize=7)
    ax_bars.invert_yaxis()
    for i, p in enumerate(bars):
        if p.fraction is not None:
            ax_bars.text(p.gbs, i, f" {p.fraction:.2f}", va="center", fontsize=6)
    if baseline:
        ax_bars.axvline(baseline[0].gbs, color="black", linestyle="--",
                        label=f"copy baseline ({baseline[0].label}) {baseline[0].gbs:.1f} GB/s")
        ax_bars.legend(fontsize=7, loc="lower right")
    size_text = next((p.size_text for p in mine if p.size == chosen), "")
    ax_bars.set_title(f"{backend}: {dtype}, {size_text} per tensor (labels: fraction of copy)", fontsize=9)
    ax_bars.set_xlabel("GB/s (bytes read + written)")

    series = defaultdict(list)
    for p in mine:
        if is_baseline(p, memcpy_backends):
            series["copy baseline"].append((p.size, p.gbs))
        elif p.dtype == dtype and p.operator in LADDER_OPERATORS and p.middle[-1] != "outer":
            series[p.label].append((p.size, p.gbs))
    for label, values in sorted(series.items()):
        values.sort()
        style = {"color": "black", "linestyle": "--"} if label == "copy baseline" else {}
        ax_ladder.plot([v[0] for v in values], [v[1] for v in values], marker="o", label=label, **style)
    ax_ladder.set_xscale("log", base=2)
    ax_ladder.set_xlabel("bytes per tensor")
    ax_ladder.set_ylabel("GB/s")
    ax_ladder.set_title(f"{backend}: bandwidth over the size ladder ({dtype})", fontsize=9)
    ax_ladder.legend(fontsize=7)


def fraction_matrix(points, backend, size):
    """{row: {dtype: fraction_of_copy}} at `size` (the largest run when absent): rows are the data-movement
    operators, then each REDUCE function's inner and outer axis."""
    mine = [p for p in points if p.backend == backend and p.dtype and p.fraction is not None]
    sizes = sorted({p.size for p in mine})
    if not sizes:
        return {}, ""
    chosen = size if size in sizes else sizes[-1]
    samples = defaultdict(lambda: defaultdict(list))  # several when several runs were given
    for p in mine:
        if p.size == chosen:
            samples[p.label][p.dtype].append(p.fraction)
    rows = {r: {t: statistics.median(v) for t, v in cells.items()} for r, cells in samples.items()}
    order = MOVEMENT + sorted(r for r in rows if r not in MOVEMENT)
    return {r: rows[r] for r in order if r in rows}, next(p.size_text for p in mine if p.size == chosen)


def matrix_columns(rows):
    return [t for t in DTYPES if any(t in cells for cells in rows.values())]


def print_table(backend, rows, size_text):
    columns = matrix_columns(rows)
    print(f"{backend}, {size_text} per tensor: fraction_of_copy (- : the type is not in the table)\n")
    print("| operator | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for row, cells in rows.items():
        print(f"| {row} | " + " | ".join(f"{cells[t]:.2f}" if t in cells else "-" for t in columns) + " |")
    print()


def plot_matrix(ax, backend, rows, size_text):
    columns = matrix_columns(rows)
    values = [[cells.get(t, float("nan")) for t in columns] for cells in rows.values()]
    image = ax.imshow(values, cmap="RdYlGn", vmin=0, vmax=1.2, aspect="auto")
    ax.set_xticks(range(len(columns)), columns, fontsize=6, rotation=45, ha="right")
    ax.set_yticks(range(len(rows)), list(rows), fontsize=6)
    for i, cells in enumerate(rows.values()):
        for j, t in enumerate(columns):
            if t in cells:
                ax.text(j, i, f"{cells[t]:.2f}", ha="center", va="center", fontsize=5)
    ax.set_title(f"{backend}: fraction of copy, {size_text} per tensor (blank: not in the table)", fontsize=8)
    return image


def main_matrix(args, context, points, backends, runs):
    fig, axes = plt.subplots(1, len(backends), figsize=(7.5 * len(backends), 8), squeeze=False, layout="constrained")
    for col, backend in enumerate(backends):
        rows, size_text = fraction_matrix(points, backend, parse_size(args.size))
        if args.table:
            print_table(backend, rows, size_text)
        image = plot_matrix(axes[0][col], backend, rows, size_text)
    fig.colorbar(image, ax=axes[0].tolist(), shrink=0.5)
    devices = ", ".join(f"{b}: {context.get(f'dmlc_backend_{b}_device', '?')}" for b in backends)
    of_runs = f", median of {runs} runs" if runs > 1 else ""
    fig.suptitle(f"dml-bench {context.get('date', '')} ({devices}){of_runs}", fontsize=8)
    fig.savefig(args.output, dpi=80)
    print(f"wrote {args.output}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bench_json", nargs="+", help="dml-bench JSON; with --matrix, several runs' files")
    parser.add_argument("-o", "--output", default="bench.png")
    parser.add_argument("--size", default="64MiB", help="size for the bar chart; the largest run if absent")
    parser.add_argument("--dtype", default="FLOAT32")
    parser.add_argument("--matrix", action="store_true", help="heat map of the operator x type matrix")
    parser.add_argument("--table", action="store_true", help="with --matrix: print it as markdown too")
    args = parser.parse_args()

    if len(args.bench_json) > 1 and not args.matrix:
        sys.exit("several JSON files are for --matrix only")
    context, points = load(args.bench_json[0])
    for path in args.bench_json[1:]:
        points += load(path)[1]
    if not points:
        sys.exit(f"{', '.join(args.bench_json)}: no benchmark with bytes_per_second")
    backends = sorted({p.backend for p in points})
    # The context names each backend's baseline: "memcpy on N threads" or a JOIN of one input.
    memcpy_backends = {b for b in backends
                       if context.get(f"dmlc_backend_{b}_copy_baseline", "").startswith("memcpy")}
    if args.matrix:
        return main_matrix(args, context, points, backends, len(args.bench_json))
    fig, axes = plt.subplots(len(backends), 2, figsize=(14, 7 * len(backends)), squeeze=False,
                             gridspec_kw={"width_ratios": [3, 2]})
    for row, backend in enumerate(backends):
        plot_backend(axes[row][0], axes[row][1], backend, points, parse_size(args.size), args.dtype,
                     memcpy_backends)
    devices = ", ".join(f"{b}: {context.get(f'dmlc_backend_{b}_device', '?')}" for b in backends)
    fig.suptitle(f"dml-bench {context.get('date', '')} ({devices})", fontsize=10)
    fig.tight_layout()
    fig.savefig(args.output, dpi=110)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
