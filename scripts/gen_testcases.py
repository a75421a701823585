#!/usr/bin/python3
"""Generates the coverage corpus testcases/generated/<operator>/*.json (and the .npy inputs some of
them read from testcases/generated/<operator>/data/, inside the case file's folder as sourcePaths must
be: docs/untrusted-files.md) from fixed seeds, with expected values computed by independent
numpy models of the operators (scripts/testcase_gen/models.py).

  python3 scripts/gen_testcases.py           # (re)write the generated files
  python3 scripts/gen_testcases.py --check   # exit 1 when the checked-in files differ from a fresh run

Both modes also recompute the hand-written testcases/spec_examples with the same models, and check the
Python reproduction of the {"random": ...} initializer against the values its C++ tests pin.
Needs numpy (Debian: python3-numpy).
"""

import argparse
import io
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from testcase_gen import diagonal, diagonal1, gather, join, one_hot, random_init, reduce, spec_check  # noqa: E402
from testcase_gen.writer import render_file  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parent.parent
GENERATED = REPO / "testcases" / "generated"
SPEC_EXAMPLES = REPO / "testcases" / "spec_examples"
OPERATORS = {"gather_nd1": gather, "diagonal_matrix": diagonal, "join": join, "reduce": reduce,
             "one_hot": one_hot, "diagonal_matrix1": diagonal1}


def _npy_bytes(arr):
    buf = io.BytesIO()
    np.save(buf, np.ascontiguousarray(arr), allow_pickle=False)
    return buf.getvalue()


def build():
    """Every generated file as {path relative to GENERATED: bytes}, plus the case count per operator."""
    files, counts = {}, {}
    for op, module in OPERATORS.items():
        def npy(name, arr, op=op):
            rel = f"data/{op}_{name}.npy"
            files[f"{op}/{rel}"] = _npy_bytes(arr)
            return {"sourcePath": rel}
        counts[op] = 0
        for filename, cases in module.generate(npy).items():
            files[f"{op}/{filename}"] = render_file(cases, "../../schema.json").encode()
            counts[op] += len(cases)
    return files, counts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the files on disk; write nothing")
    args = parser.parse_args()

    random_init.self_check()  # the random initializer's pinned values, before any case depends on them
    problems, spec_count = spec_check.check(SPEC_EXAMPLES)
    for p in problems:
        print(f"spec example disagrees with the model: {p}", file=sys.stderr)

    files, counts = build()
    on_disk = {str(p.relative_to(GENERATED)): p for p in GENERATED.rglob("*") if p.is_file()} \
        if GENERATED.exists() else {}
    stale = sorted(set(on_disk) - set(files))
    changed = sorted(rel for rel, data in files.items() if rel not in on_disk or on_disk[rel].read_bytes() != data)

    if args.check:
        for rel in changed:
            print(f"differs or missing: testcases/generated/{rel}", file=sys.stderr)
        for rel in stale:
            print(f"not generated (stale): testcases/generated/{rel}", file=sys.stderr)
        ok = not (changed or stale or problems)
        print(f"{'up to date' if ok else 'OUT OF DATE'}: {sum(counts.values())} generated cases, "
              f"{spec_count} spec examples")
        return 0 if ok else 1

    for rel in stale:
        on_disk[rel].unlink()
    for rel in changed:
        path = GENERATED / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(files[rel])
    summary = ", ".join(f"{op} {n}" for op, n in counts.items())
    print(f"wrote {len(changed)} of {len(files)} files, removed {len(stale)}; cases: {summary}; "
          f"total {sum(counts.values())} generated + {spec_count} spec examples")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
