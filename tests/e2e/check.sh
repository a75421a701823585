#!/usr/bin/env bash
# End-to-end check of one dml-conform invocation:
#   check.sh --rc N [--contains TEXT]... [--lacks TEXT]... [--json FILE]... [--xml FILE]...
#            [--json-check FILE EXPR]... [--agree JSON XML] [--exists FILE]... -- COMMAND ARGS...
# Runs COMMAND, then asserts its exit code, that its stdout+stderr contains (or lacks) each TEXT
# literally, that each FILE parses as JSON / XML, that each python EXPR over the report `d` is true,
# that a JSON report, a JUnit file and the console totals line agree, and that files exist.
# Prints the output on failure.
set -u
rc_expected=""
contains=() lacks=() jsons=() xmls=() checks=() agree=() exists=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rc) rc_expected="$2"; shift 2 ;;
    --contains) contains+=("$2"); shift 2 ;;
    --lacks) lacks+=("$2"); shift 2 ;;
    --json) jsons+=("$2"); shift 2 ;;
    --xml) xmls+=("$2"); shift 2 ;;
    --json-check) checks+=("$2" "$3"); shift 3 ;;
    --agree) agree=("$2" "$3"); shift 3 ;;
    --exists) exists+=("$2"); shift 2 ;;
    --) shift; break ;;
    *) echo "check.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
for f in "${jsons[@]}" "${xmls[@]}" "${exists[@]}"; do rm -rf "$f"; done
output=$("$@" 2>&1)
rc=$?
failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }
[ "$rc" = "$rc_expected" ] || fail "exit code $rc, expected $rc_expected"
for text in "${contains[@]}"; do
  grep -qF -- "$text" <<<"$output" || fail "output lacks: $text"
done
for text in "${lacks[@]}"; do
  grep -qF -- "$text" <<<"$output" && fail "output contains: $text"
done
for f in "${jsons[@]}"; do
  python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$f" || fail "$f is not valid JSON"
done
for f in "${xmls[@]}"; do
  python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$f" || fail "$f is not valid XML"
done
for ((i = 0; i < ${#checks[@]}; i += 2)); do
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' \
    "${checks[i]}" "${checks[i + 1]}" || fail "${checks[i]}: not true: ${checks[i + 1]}"
done
if [ ${#agree[@]} = 2 ]; then
  agree_script='
import json, os, re, sys, xml.etree.ElementTree as E
t = json.load(open(sys.argv[1]))["totals"]
x = E.parse(sys.argv[2]).getroot().attrib
m = re.search(r"(\d+) cases: (\d+) passed, (\d+) failed, (\d+) errors, (\d+) skipped", os.environ["OUTPUT"])
console = dict(zip(["cases", "pass", "fail", "error", "skip"], map(int, m.groups())))
junit = {"cases": int(x["tests"]), "fail": int(x["failures"]), "error": int(x["errors"]), "skip": int(x["skipped"])}
# JUnit counts unexpected passes as failures and crashes and timeouts as errors.
as_junit = {"cases": t["cases"], "fail": t["fail"] + t.get("unexpectedPass", 0),
            "error": t["error"] + t.get("crash", 0) + t.get("timeout", 0), "skip": t["skip"]}
sys.exit(0 if {k: t[k] for k in console} == console and junit == as_junit else 1)'
  OUTPUT="$output" python3 -c "$agree_script" "${agree[0]}" "${agree[1]}" || fail "report, JUnit and console totals disagree"
fi
for f in "${exists[@]}"; do
  [ -e "$f" ] || fail "$f was not written"
done
if [ "$failed" != 0 ]; then
  echo "--- command: $*" >&2
  echo "$output" >&2
  exit 1
fi
exit 0
