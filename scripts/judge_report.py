#!/usr/bin/env python3
"""Judges a `dml-conform run` or `fuzz` report as CI does: by the report's own totals, and by the exit code
the program returned, which must agree with them (0 exactly when every case is green). A run whose exit
code says green while its report holds red cases fails here: CI does not trust either alone.

  scripts/judge_report.py REPORT --exit-code RC [--message-prefix STATUS=PREFIX ...] [--at-most STATUS=N ...]
                          [--min-cases N]

Prints the totals by status and each case that breaks a rule (at most 30). Exit 0 when the report holds
at least N cases, every case's status is green (pass, skip, expected-fail, flake), every case of a status
named by --message-prefix has a message starting with one of that status's prefixes, no status named by
--at-most has more cases than its N, and RC agrees with the totals; 1 otherwise.
"""

import argparse
import collections
import json
import sys

GREEN = {"pass", "skip", "expected-fail", "flake"}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report")
    parser.add_argument("--exit-code", type=int, required=True, help="what the program that wrote REPORT returned")
    parser.add_argument("--message-prefix", nargs="+", action="extend", default=[], metavar="STATUS=PREFIX",
                        help="cases of STATUS must have a message starting with one of its PREFIXes")
    parser.add_argument("--at-most", nargs="+", action="extend", default=[], metavar="STATUS=N",
                        help="at most N cases of STATUS (skip=0: every case must run)")
    parser.add_argument("--min-cases", type=int, default=1)
    args = parser.parse_args()

    try:
        with open(args.report, encoding="utf-8") as f:
            cases = json.load(f)["cases"]
    except (OSError, ValueError, KeyError) as e:
        print(f"{args.report}: no report to judge ({e}); the program returned {args.exit_code}")
        return 1

    prefixes = collections.defaultdict(list)
    for rule in args.message_prefix:
        status, _, prefix = rule.partition("=")
        prefixes[status].append(prefix)

    counts = collections.Counter(c["status"] for c in cases)
    print(f"{args.report}: {len(cases)} cases: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) +
          f"; exit code {args.exit_code}")
    problems = []
    for c in cases:
        status, message = c["status"], c.get("message", "")
        if status not in GREEN:
            problems.append(f"{status}: {c['id']}: {message[:300]}")
        elif status in prefixes and not any(message.startswith(p) for p in prefixes[status]):
            problems.append(f"{status} without the expected reason: {c['id']}: {message[:300]}")
    for p in problems[:30]:
        print("  " + p)
    if len(problems) > 30:
        print(f"  ... and {len(problems) - 30} more")

    red = sum(n for s, n in counts.items() if s not in GREEN)
    ok = not problems and len(cases) >= args.min_cases
    for rule in args.at_most:
        status, _, limit = rule.partition("=")
        if counts[status] > int(limit):
            print(f"  {counts[status]} cases {status}; at most {limit} expected")
            ok = False
    if len(cases) < args.min_cases:
        print(f"  only {len(cases)} cases; at least {args.min_cases} expected")
    # 0 exactly when green; 1 when red (2 and the interrupt codes mean the report is not a whole run).
    if (red == 0) != (args.exit_code == 0) or args.exit_code not in (0, 1):
        print(f"  the exit code {args.exit_code} disagrees with the report's {red} red cases")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
