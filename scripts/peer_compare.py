#!/usr/bin/python3
"""Peer comparison for dml-bench: runs numpy and (when importable) PyTorch on the same workloads, shapes
and data types as dml-bench's benchmarks (app/bench/workloads.h), reads a dml-bench JSON file
(--benchmark_format=json) and prints a side-by-side table of GB/s and ratios. numpy has all eleven
types; PyTorch's column covers the eight it reduces (not UINT16, UINT32, UINT64).

Bytes per workload are dml-bench's definition for every column (each tensor's logical bytes once:
bytes read plus bytes written), so a GB/s ratio is a time ratio. Peers write into preallocated
outputs where their API allows it, as dml-bench's backends do. Times are medians of repeated runs.

    dml-bench --backends=cpu --benchmark_filter='/64MiB' --benchmark_format=json > bench.json
    /usr/bin/python3 scripts/peer_compare.py bench.json            # numpy and PyTorch from Debian
    /usr/bin/python3 scripts/peer_compare.py bench.json --dtypes FLOAT16,INT32,INT8
"""
import argparse
import json
import math
import os
import statistics
import sys
import time

import numpy as np

try:
    import torch
except ImportError:  # PyTorch is optional: its column is left out
    torch = None

REDUCE_FUNCTIONS = ["ARGMAX", "ARGMIN", "AVERAGE", "L1", "L2", "LOG_SUM", "LOG_SUM_EXP", "MAX", "MIN",
                    "MULTIPLY", "SUM", "SUM_SQUARE"]
# The targets: >= this fraction of the copy baseline, and >= 1.5x the faster peer.
COPY_TARGET = {"LOG_SUM": 0.3, "LOG_SUM_EXP": 0.3}
DEFAULT_COPY_TARGET = 0.7
PEER_TARGET = 1.5
# On a GPU: every operator >= 0.8 of the backend's copy, which itself reaches >= 0.9 of PyTorch's copy.
GPU_COPY_TARGET = 0.8
GPU_COPY_PEER_TARGET = 0.9

# dml-bench's data types as numpy and PyTorch name them; None where PyTorch has no reductions for it.
NUMPY_TYPES = {"FLOAT64": "float64", "FLOAT32": "float32", "FLOAT16": "float16", "INT64": "int64",
               "INT32": "int32", "INT16": "int16", "INT8": "int8", "UINT64": "uint64", "UINT32": "uint32",
               "UINT16": "uint16", "UINT8": "uint8"}
TORCH_TYPES = {"FLOAT64": "float64", "FLOAT32": "float32", "FLOAT16": "float16", "INT64": "int64",
               "INT32": "int32", "INT16": "int16", "INT8": "int8", "UINT8": "uint8"}
_ALL_BUT_FLOAT64 = list(NUMPY_TYPES)[1:]
_FLOATS_INT32_AND_64 = ["FLOAT32", "FLOAT16", "INT64", "INT32", "UINT64", "UINT32"]
# The types each REDUCE function's table allows at the highest feature level (ops/operators/reduce.cpp);
# every data-movement operator allows all eleven.
REDUCE_TYPES = {
    **{f: _ALL_BUT_FLOAT64 for f in ("ARGMAX", "ARGMIN", "MAX", "MIN")},
    **{f: _FLOATS_INT32_AND_64 for f in ("L1", "MULTIPLY", "SUM", "SUM_SQUARE")},
    **{f: ["FLOAT32", "FLOAT16"] for f in ("AVERAGE", "L2", "LOG_SUM", "LOG_SUM_EXP")},
}


def parse_size(text):
    units = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}
    for unit, scale in units.items():
        if text.endswith(unit):
            return int(text[: -len(unit)]) * scale
    return int(text)


def matrix(size_bytes, element_size=4):
    """dml-bench's shape rule: N elements, C = min(1024, power of two >= sqrt(N)), R = N / C."""
    n = size_bytes // element_size
    root = max(2, math.isqrt(n))
    cols = min(1024, 1 << (root - 1).bit_length())  # std::bit_ceil(root)
    return n // cols, cols


class Workload:
    def __init__(self, name, bytes_moved, numpy_fn, torch_fn):
        self.name = name  # dml-bench's name without backend and size: "REDUCE_SUM/FLOAT32/inner"
        self.bytes_moved = bytes_moved
        self.numpy_fn = numpy_fn
        self.torch_fn = torch_fn


def numpy_reduce(function, a, axis):
    if function == "ARGMAX":
        return np.argmax(a, axis=axis)
    if function == "ARGMIN":
        return np.argmin(a, axis=axis)
    if function == "AVERAGE":
        return np.mean(a, axis=axis)
    if function == "L1":
        return np.sum(np.abs(a), axis=axis)
    if function == "L2":
        return np.sqrt(np.einsum("ij,ij->i" if axis == 1 else "ij,ij->j", a, a))
    if function == "LOG_SUM":
        return np.log(np.sum(a, axis=axis))
    if function == "LOG_SUM_EXP":
        m = np.max(a, axis=axis, keepdims=True)
        return np.log(np.sum(np.exp(a - m), axis=axis)) + np.squeeze(m, axis=axis)
    if function == "MAX":
        return np.max(a, axis=axis)
    if function == "MIN":
        return np.min(a, axis=axis)
    if function == "MULTIPLY":
        return np.prod(a, axis=axis)
    if function == "SUM":
        return np.sum(a, axis=axis)
    if function == "SUM_SQUARE":
        return np.einsum("ij,ij->i" if axis == 1 else "ij,ij->j", a, a)
    raise ValueError(function)


def torch_reduce(function, a, dim):
    integer = not a.dtype.is_floating_point
    if function == "L1" and integer:  # vector_norm takes floating types only
        return torch.sum(torch.abs(a), dim=dim)
    if function == "SUM_SQUARE" and integer:
        return torch.sum(a * a, dim=dim)
    if function == "ARGMAX":
        return torch.argmax(a, dim=dim)
    if function == "ARGMIN":
        return torch.argmin(a, dim=dim)
    if function == "AVERAGE":
        return torch.mean(a, dim=dim)
    if function == "L1":
        return torch.linalg.vector_norm(a, 1, dim=dim)
    if function == "L2":
        return torch.linalg.vector_norm(a, 2, dim=dim)
    if function == "LOG_SUM":
        return torch.log(torch.sum(a, dim=dim))
    if function == "LOG_SUM_EXP":
        return torch.logsumexp(a, dim=dim)
    if function == "MAX":
        return torch.amax(a, dim=dim)
    if function == "MIN":
        return torch.amin(a, dim=dim)
    if function == "MULTIPLY":
        return torch.prod(a, dim=dim)
    if function == "SUM":
        return torch.sum(a, dim=dim)
    if function == "SUM_SQUARE":
        return torch.linalg.vector_norm(a, 2, dim=dim) ** 2
    raise ValueError(function)


def input_array(rng, dtype, shape):
    """dml-bench's inputs (app/bench/workload_data.cpp): floats exp(U(-0.1, 0.1)), integers -1, 0 or 1
    (wrapping in unsigned types)."""
    if dtype.startswith("FLOAT"):
        return np.exp(rng.uniform(-0.1, 0.1, size=shape)).astype(NUMPY_TYPES[dtype])
    return rng.integers(-1, 2, size=shape).astype(np.int64).astype(NUMPY_TYPES[dtype])


def baseline_workloads(size_bytes):
    """MEMCPY and READ: bytes, whatever the type, so FLOAT32's."""
    rows, cols = matrix(size_bytes)
    a = input_array(np.random.default_rng(20240601), "FLOAT32", (rows, cols))
    out = np.empty_like(a)
    tensor_bytes = rows * cols * 4
    return [
        Workload("MEMCPY", 2 * tensor_bytes, lambda: np.copyto(out, a), None),
        # Read-only reference: a full max over the tensor reads every byte once and writes nothing, so
        # its GB/s is the read bandwidth a peer reaches, the ceiling of any reduction's byte count.
        Workload("READ", tensor_bytes, lambda: np.max(a), None),
    ], (a, out)


def typed_workloads(size_bytes, dtype):
    """dml-bench's workloads of one data type at one size, with the arrays PyTorch's calls use."""
    element_size = np.dtype(NUMPY_TYPES[dtype]).itemsize
    rows, cols = matrix(size_bytes, element_size)
    side = math.isqrt(size_bytes // element_size)
    rng = np.random.default_rng(20240601)
    a = input_array(rng, dtype, (rows, cols))
    half_a = np.ascontiguousarray(a[:, : cols // 2])
    half_b = np.ascontiguousarray(a[:, cols // 2:])
    perm = rng.permutation(rows).astype(np.int64)
    hot = rng.integers(0, cols, size=rows).astype(np.int64)
    out = np.empty_like(a)
    eye_out = np.empty((side, side), dtype=a.dtype)
    tensor_bytes = rows * cols * element_size
    index_bytes = rows * 4  # dml-bench's indices are UINT32

    def one_hot_numpy():
        out.fill(0)
        out[np.arange(rows), hot] = 1

    def eye_numpy():
        eye_out.fill(0)
        np.fill_diagonal(eye_out, 1)

    workloads = [
        Workload(f"GATHER_ND1/{dtype}", 2 * tensor_bytes + index_bytes,
                 lambda: np.take(a, perm, axis=0, out=out), None),
        Workload(f"JOIN/{dtype}", 2 * tensor_bytes, lambda: np.concatenate([half_a, half_b], axis=1, out=out), None),
        Workload(f"ONE_HOT/{dtype}", tensor_bytes + index_bytes + 2 * element_size, one_hot_numpy, None),
        Workload(f"DIAGONAL_MATRIX/{dtype}", side * side * element_size, eye_numpy, None),
    ]
    for function in REDUCE_FUNCTIONS:
        if dtype not in REDUCE_TYPES[function]:
            continue
        for axis_name, axis in (("inner", 1), ("outer", 0)):
            out_elements = rows if axis == 1 else cols
            out_size = 4 if function.startswith("ARG") else element_size  # ARGMIN/ARGMAX write UINT32
            workloads.append(Workload(f"REDUCE_{function}/{dtype}/{axis_name}", tensor_bytes + out_elements * out_size,
                                      lambda f=function, ax=axis: numpy_reduce(f, a, ax), None))
    return workloads, (a, out, half_a, half_b, perm, eye_out, hot, side)


def attach_torch(workloads, arrays, dtype, torch_device):
    """Sets each workload's PyTorch call, on tensors made here (a function of its own, so each call's
    closure holds its own type's tensors)."""
    a, out, half_a, half_b, perm, eye_out, hot, side = arrays

    def dev(x):
        return torch.from_numpy(x).to(torch_device)

    ta, tout, tha, thb, tperm, teye = (dev(x) for x in (a, out, half_a, half_b, perm, eye_out))
    thot = dev(hot).unsqueeze(1)
    torch_fns = {
        f"GATHER_ND1/{dtype}": lambda: torch.index_select(ta, 0, tperm, out=tout),
        f"JOIN/{dtype}": lambda: torch.cat([tha, thb], dim=1, out=tout),
        f"ONE_HOT/{dtype}": lambda: tout.zero_().scatter_(1, thot, 1),
        f"DIAGONAL_MATRIX/{dtype}": lambda: torch.eye(side, out=teye),
    }
    for w in workloads:
        if w.name.startswith("REDUCE_"):
            function, _, axis_name = w.name[len("REDUCE_"):].split("/")
            w.torch_fn = lambda f=function, d=(1 if axis_name == "inner" else 0): torch_reduce(f, ta, d)
        else:
            w.torch_fn = torch_fns[w.name]


def make_workloads(size_bytes, dtypes, torch_device="cpu", with_numpy=True):
    """Yields dml-bench's workloads at one size: the baselines, then each data type's (built one type at a
    time, so only one type's arrays are alive), with inputs like dml-bench's (app/bench/workload_data.cpp)."""
    baselines, (a, out) = baseline_workloads(size_bytes)
    if torch is not None:
        ta, tout = (torch.from_numpy(x).to(torch_device) for x in (a, out))
        baselines[0].torch_fn = lambda: tout.copy_(ta)
        baselines[1].torch_fn = lambda: torch.amax(ta)
    yield from finish(baselines, with_numpy)
    for dtype in dtypes:
        workloads, arrays = typed_workloads(size_bytes, dtype)
        if torch is not None and dtype in TORCH_TYPES:
            attach_torch(workloads, arrays, dtype, torch_device)
        yield from finish(workloads, with_numpy)


def finish(workloads, with_numpy):
    if not with_numpy:
        for w in workloads:
            w.numpy_fn = None
    return workloads


def median_seconds(fn, min_time, min_runs, sync=lambda: None):
    fn()  # first call: allocations, page faults, thread start-up
    sync()
    samples = []
    start = time.perf_counter()
    while len(samples) < min_runs or time.perf_counter() - start < min_time:
        t0 = time.perf_counter()
        fn()
        sync()  # a CUDA call returns before the device has finished
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def dml_name(run_name):
    """dml-bench's own name: Google Benchmark appends "/min_time:0.002", "/manual_time" and the like."""
    parts = run_name.split("/")
    while parts and (parts[-1] == "manual_time" or ":" in parts[-1]):
        parts.pop()
    return "/".join(parts)


def read_bench(path, backend, size_text):
    """dml-bench JSON -> {workload name: (GB/s, fraction_of_copy)} for one backend and size."""
    with open(path) as f:
        report = json.load(f)
    figures = {}
    prefix = backend + "/"
    suffix = "/" + size_text
    for b in report.get("benchmarks", []):
        name = dml_name(b.get("run_name", b["name"]))
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        if b.get("error_occurred") or not name.startswith(prefix) or not name.endswith(suffix):
            continue
        figures[name[len(prefix): -len(suffix)]] = (b["bytes_per_second"] / 1e9, b.get("fraction_of_copy"))
    return figures


def fmt(value, digits=2):
    return "-" if value is None else f"{value:.{digits}f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bench_json", nargs="?", help="dml-bench --benchmark_format=json output")
    parser.add_argument("--backend", default="cpu", help="dml-bench backend whose figures to show")
    parser.add_argument("--size", default="64MiB", help="tensor size, as in dml-bench's names")
    parser.add_argument("--min-time", type=float, default=0.3, help="seconds per peer measurement")
    parser.add_argument("--filter", default="", help="only workloads whose name contains this")
    parser.add_argument("--dtypes", default="FLOAT32,FLOAT16,INT32",
                        help="comma-separated data types, or 'all' (%(default)s by default)")
    parser.add_argument("--threads", type=int, default=os.cpu_count(), help="PyTorch threads")
    parser.add_argument("--torch-device", default="cpu",
                        help="PyTorch device, e.g. cuda for a GPU backend's peer (numpy is then left out)")
    args = parser.parse_args()

    dtypes = list(NUMPY_TYPES) if args.dtypes == "all" else args.dtypes.split(",")
    unknown = [t for t in dtypes if t not in NUMPY_TYPES]
    if unknown:
        parser.error(f"--dtypes: not dml-bench data types: {', '.join(unknown)}")
    if torch is not None:
        torch.set_num_threads(args.threads)
    bench = read_bench(args.bench_json, args.backend, args.size) if args.bench_json else {}
    size_bytes = parse_size(args.size)
    on_cpu = args.torch_device == "cpu"
    sync = (lambda: None) if on_cpu or torch is None else torch.cuda.synchronize
    print(f"# dml-bench ({args.backend}) vs " + (f"numpy {np.__version__} and " if on_cpu else "")
          + (f"PyTorch {torch.__version__} on {args.torch_device} ({torch.get_num_threads()} CPU threads)"
             if torch else "no PyTorch")
          + f", {', '.join(dtypes)}, {args.size} per tensor; GB/s = (bytes read + written) / median time")
    # "x peer/copy" divides out the machine's state at each measurement: dml-bench's fraction_of_copy
    # over the best peer's GB/s as a fraction of the best peer copy measured in this run. On a shared
    # machine whose bandwidth drifts between the two runs it is the steadier of the two ratios.
    header = ["workload", "dml-bench", "numpy", "torch", "x best peer", "x peer/copy", "of copy", "targets"]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(["---"] + ["---:"] * (len(header) - 2) + ["---"]) + "|")
    peer_copy = None
    read_ceiling = None  # the best peer's READ GB/s in this run
    for w in make_workloads(size_bytes, dtypes, args.torch_device, on_cpu):
        if args.filter not in w.name and w.name not in ("MEMCPY", "READ"):
            continue
        np_gbs = w.bytes_moved / median_seconds(w.numpy_fn, args.min_time, 3) / 1e9 if w.numpy_fn else None
        torch_gbs = (w.bytes_moved / median_seconds(w.torch_fn, args.min_time, 3, sync) / 1e9
                     if w.torch_fn else None)
        dml_gbs, fraction = bench.get(w.name, (None, None))
        # A GPU backend's copy baseline is its JOIN1; show it on the MEMCPY row's dml-bench column.
        if w.name == "MEMCPY" and dml_gbs is None:
            dml_gbs, fraction = bench.get("JOIN1/FLOAT32", (None, None))
        best_peer = max(np_gbs or 0, torch_gbs or 0)
        # No peer for this type (a GPU run's PyTorch column on a type PyTorch does not reduce): no ratio.
        ratio = dml_gbs / best_peer if dml_gbs and best_peer else None
        if w.name == "MEMCPY":
            peer_copy = best_peer
        if w.name == "READ":
            read_ceiling = best_peer
        normalized = fraction / (best_peer / peer_copy) if fraction is not None and peer_copy and best_peer else None
        verdict = "-"
        misses = []
        if ratio is not None and w.name == "MEMCPY" and not on_cpu and ratio < GPU_COPY_PEER_TARGET:
            misses.append(f"peer copy {ratio:.3f}<{GPU_COPY_PEER_TARGET}")
        if dml_gbs is not None and w.name not in ("MEMCPY", "READ"):
            function = w.name.split("/")[0][len("REDUCE_"):] if w.name.startswith("REDUCE_") else ""
            copy_target = COPY_TARGET.get(function, DEFAULT_COPY_TARGET) if on_cpu else GPU_COPY_TARGET
            if fraction is not None and fraction < copy_target:
                misses.append(f"copy {fraction:.3f}<{copy_target}")
            if on_cpu and ratio is not None and ratio < PEER_TARGET:
                misses.append(f"peer {ratio:.3f}<{PEER_TARGET}")
                # 1.5x the peer needs more than the read bandwidth measured here: not reachable.
                if function and read_ceiling and PEER_TARGET * best_peer > read_ceiling:
                    misses[-1] += f" (needs {PEER_TARGET * best_peer:.1f} GB/s > READ {read_ceiling:.1f})"
        if dml_gbs is not None:
            verdict = "ok" if not misses else "MISS " + ", ".join(misses)
        print(f"| {w.name} | {fmt(dml_gbs)} | {fmt(np_gbs)} | {fmt(torch_gbs)} | {fmt(ratio)} | "
              f"{fmt(normalized)} | {fmt(fraction)} | {verdict} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
