#!/usr/bin/env python3
"""A case file of one million empty cases (3 MB) runs to one report inside a memory limit (issue 47,
defect 6: it took 7.4 GB and aborted under a 4 GiB limit, no report written).

  million_cases.py DML_CONFORM LIMIT_MIB

The run gets an address-space limit (RLIMIT_AS) of LIMIT_MIB, as the issue's 4 GiB was. Each case is an
error ("missing field name"); the run exits 1 and the report holds every one of them."""
import json
import os
import resource
import subprocess
import sys
import tempfile

tool, limit_mib = sys.argv[1], float(sys.argv[2])
with tempfile.TemporaryDirectory() as folder:
    cases = os.path.join(folder, "million.json")
    with open(cases, "w") as f:
        f.write('{"cases": [' + ",".join(["{}"] * 1_000_000) + "]}")
    report = os.path.join(folder, "r.json")
    limit = int(limit_mib) << 20
    rc = subprocess.call([tool, "run", cases, "--report", report, "-q"], stdout=subprocess.DEVNULL,
                         preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    with open(report) as f:
        r = json.load(f)
    errors = r["totals"]["error"]
    last = r["cases"][-1]
    print(f"exit {rc}, {len(r['cases'])} cases, {errors} errors, peak resident memory {peak_mib:.0f} MiB, "
          f"address-space limit {limit_mib:.0f} MiB")
    ok = rc == 1 and len(r["cases"]) == 1_000_000 and errors == 1_000_000 and last["id"] == "million/#999999"
    sys.exit(0 if ok else 1)
