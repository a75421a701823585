#!/usr/bin/python3
"""Writes ONNX's node tests, as Debian 12's python3-onnx (1.12) generates them, into a folder.

    scripts/onnx_node_tests.py OUT_DIR [--all]

OUT_DIR/node/test_*/model.onnx and test_data_set_N/{input,output}_*.pb, the layout of ONNX's
`onnx.backend.test.cmd_tools generate-data`, which this runs. Without --all only the tests of the
operators dml-conform maps onto DirectML are kept: a model of one node of such an operator (the
others, and the multi-node "_expanded" tests, would only skip). The generators are
deterministic (each seeds numpy itself), so a second run writes the same files.

python3-onnx 1.12 predates numpy 1.24, which removed the aliases np.float, np.int, np.bool,
np.object, np.complex and np.str; its generators still use them and stop at "np.float was a
deprecated alias". They are restored here, as the builtins they aliased, before ONNX is imported.
"""
import argparse
import builtins
import os
import shutil
import sys

import numpy as np

for _alias in ("float", "int", "bool", "object", "complex", "str"):
    if _alias not in vars(np):  # numpy's module __getattr__ raises (or warns) for a removed alias
        setattr(np, _alias, getattr(builtins, _alias))

import onnx  # noqa: E402  (after the aliases)
from onnx.backend.test.cmd_tools import generate_data  # noqa: E402

# The ONNX operators dml-conform maps (app/case/onnx/); a test's model holds one node of its operator.
MAPPED = {
    "GatherND", "OneHot", "EyeLike", "Concat", "ArgMax", "ArgMin", "ReduceSum", "ReduceMean", "ReduceMax",
    "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare",
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--all", action="store_true", help="keep every node test, not only the mapped operators'")
    args = parser.parse_args()

    node_dir = os.path.join(args.out_dir, "node")
    if os.path.isdir(node_dir):
        shutil.rmtree(node_dir)  # a stale test of an older run never lingers
    generate_data(argparse.Namespace(output=args.out_dir, op_type=None))
    for extra in ("real", "simple", "pytorch-converted", "pytorch-operator"):
        shutil.rmtree(os.path.join(args.out_dir, extra), ignore_errors=True)

    kept = 0
    for test in sorted(os.listdir(node_dir)):
        folder = os.path.join(node_dir, test)
        model = onnx.load(os.path.join(folder, "model.onnx"))
        nodes = model.graph.node
        if args.all or (len(nodes) == 1 and nodes[0].op_type in MAPPED):
            kept += 1
        else:
            shutil.rmtree(folder)
    print(f"{kept} node tests in {node_dir} (onnx {onnx.__version__})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
