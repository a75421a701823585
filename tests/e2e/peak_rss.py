#!/usr/bin/env python3
"""Runs a command and fails when it exits non-zero or its peak resident memory exceeds a limit.

  peak_rss.py LIMIT_MIB -- COMMAND...

The limit is what issue 5 allows a run: input + 2 x output + 256 MiB (the reference output and the
backend's output, nothing else copied)."""
import resource
import subprocess
import sys

limit_mib = float(sys.argv[1])
command = sys.argv[sys.argv.index("--") + 1:]
rc = subprocess.call(command)
peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"exit {rc}, peak resident memory {peak_mib:.0f} MiB, limit {limit_mib:.0f} MiB")
sys.exit(0 if rc == 0 and peak_mib <= limit_mib else 1)
