#!/usr/bin/env bash
# Windows CI on Linux: cross-compiles every program for Windows x64 with mingw-w64 (preset PRESET,
# default windows-mingw; dml-bench is left out, Debian has no Windows Google Benchmark), fetches the real
# Windows runtimes (scripts/fetch_runtimes.sh: Microsoft's DirectML.dll 1.15.4, DXC's dxcompiler.dll and
# dxil.dll and FXC's d3dcompiler_47.dll beside the programs, Mesa 25's lavapipe for the D3D12 runtimes,
# whose exports also set VKD3D_CONFIG=virtual_heaps and one Mesa shader cache that every step and worker
# shares: docs/backends.md, "Speed under Wine"), then runs under Wine with Xvfb (Wine's DXGI needs a display):
#   1. every GoogleTest .exe but the D3D12 smoke test, the compiler one compiling every kernel variant with
#      the real DXC and FXC (DMLC_REQUIRE_DXC=1, DMLC_REQUIRE_FXC=1: a missing compiler or a kernel it
#      refuses fails CI);
#   2. `dml-conform.exe run testcases` on cpu, whose per-case statuses must equal the Linux build's
#      (LINUX_CONFORM, default build/app/conform/dml-conform; skipped with a note when it is absent);
#   3. `dml-conform.exe fuzz`: five `--replay` cases print the same case files as the Linux build's, and a
#      500-case campaign gives the same ids, operators and statuses (the generator is platform-free);
#      then `dml-conform.exe backends`;
#   4. on each of two D3D12 runtimes, Wine 8's own (vkd3d 1.6, which runs FXC's DXBC) and vkd3d-proton
#      2.14.1 (built by scripts/vkd3d_proton.sh from ../shared/third_party; it runs DXC's DXIL; a clear skip
#      when its source is absent): the D3D12 smoke test with each compiler's kernels against cpu, the corpus
#      and a 1,000-case fuzz campaign on the d3d12 backend, and the corpus with the model files of
#      tests/e2e/models and a fuzz campaign on the real DirectML, every run green against the one tagged
#      expectations file .ci/expectations.csv with its runtime's tag (--tag runtime=RUNTIME), every line
#      naming its cause;
#   5. on Wine's vkd3d 1.6, `dml-conform.exe run testcases --backend directml --ab-metacommands`: the corpus
#      again, each case also with DISABLE_META_COMMANDS; with no driver metacommands both runs must agree;
#      then ONNX's node tests (scripts/onnx_node_tests.py) on the real DirectML;
#   6. on vkd3d-proton, `run testcases --backend d3d12 --reference directml`: our kernels judged by
#      DirectML's, each difference listed with DirectML's cause and blamed on it by the exact reference;
#   7. `expectations update --dry-run` on every report judged against .ci/expectations.csv: no line stale.
# Every run is judged by its report's totals and its exit code together (scripts/judge_report.py).
# Environment: BUILD_DIR (default build-win), PRESET (default windows-mingw; .ci/run takes
# windows-mingw-ci), LINUX_CONFORM, JOBS (default nproc), WINE_TIMEOUT (seconds one Wine program may run,
# default 1800), DIRECTML_FUZZ_COUNT (default 1000: the baseline lists the failures of seed 5's first 1000).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build-win}
preset=${PRESET:-windows-mingw}
linux_conform=${LINUX_CONFORM:-build/app/conform/dml-conform}
jobs=${JOBS:-$(nproc)}
start=$(date +%s)
step() { echo "== [$(( $(date +%s) - start ))s] $*"; }

packages=(cmake ninja-build ccache python3 curl ca-certificates g++-mingw-w64-x86-64-posix wine wine64 xvfb xauth
          mesa-vulkan-drivers
          meson glslang-tools mingw-w64-tools gcc-mingw-w64-x86-64-posix
          libcli11-dev nlohmann-json3-dev libspdlog-dev libfmt-dev libgtest-dev libgmock-dev directx-headers-dev
          protobuf-compiler libonnx-dev python3-onnx)  # ONNX: protoc and onnx.proto for the messages, the suite
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  step "installing: ${missing[*]}"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# protobuf-lite for mingw from Debian's source package (pinned), so that the Windows build reads ONNX's node
# tests; where it cannot be had the reader is compiled out and the ONNX step below skips, saying so.
step "protobuf-lite for mingw (scripts/protobuf_mingw.sh)"
protobuf_mingw=$(bash scripts/protobuf_mingw.sh) || { echo "protobuf_mingw.sh failed: the build reads no ONNX file"; protobuf_mingw=""; }

step "configure and build ($build_dir, preset $preset, -j$jobs)"
cmake --preset "$preset" -B "$build_dir" -DDMLC_PROTOBUF_MINGW="$protobuf_mingw" >/dev/null
cmake --build "$build_dir" -j"$jobs"
conform="$build_dir/app/conform/dml-conform.exe"

step "the real runtimes: DirectML 1.15.4, DXC and FXC beside the programs, Mesa 25's lavapipe for Wine"
runtime_env=$(bash scripts/fetch_runtimes.sh "$(dirname "$conform")" "$build_dir/tests/backends/d3d12")
eval "$runtime_env"
echo "VKD3D_CONFIG=$VKD3D_CONFIG; Mesa's shader cache in $MESA_SHADER_CACHE_DIR ($(du -sh "$MESA_SHADER_CACHE_DIR" 2>/dev/null | cut -f1 || echo empty))"

export WINEPREFIX=${WINEPREFIX:-$(cd "$build_dir" && pwd)/wineprefix} WINEDEBUG=${WINEDEBUG:--all}
display=:$(( 90 + RANDOM % 100 ))
Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
xvfb_pid=$!
trap 'wineserver -k 2>/dev/null || true; kill "$xvfb_pid" 2>/dev/null || true' EXIT
export DISPLAY=$display
step "wine prefix $WINEPREFIX"
wineboot -i >/dev/null 2>&1 || true
# A crashing program gets winedbg's backtrace on stderr instead of its crash dialog, which would wait on
# the Xvfb display until the time limit.
wine reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >/dev/null
# Every Wine program runs with a time limit and without the script's stdin (the test loop reads its list
# from stdin, which a Wine console would otherwise consume).
wine() { timeout "${WINE_TIMEOUT:-1800}" wine "$@" < /dev/null; }
# `judged JUDGE_ARGS... -- ARGS...`: runs dml-conform.exe ARGS and judges its report (ARGS' --report) and
# exit code together with scripts/judge_report.py JUDGE_ARGS; a failed judgement fails CI.
judged() {
  local judge=() rc=0 report="" previous=""
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do judge+=("$1"); shift; done
  [ $# -gt 0 ] || { echo "judged: no -- before the dml-conform arguments"; failed=1; return; }
  shift
  for a in "$@"; do
    case "$a" in --report=*) report=${a#--report=} ;; *) [ "$previous" = "--report" ] && report=$a ;; esac
    previous=$a
  done
  # A report an earlier CI run left there is never judged (nor read by `expectations update`) as this one's.
  if [ -n "$report" ]; then rm -f "$report"; fi
  wine "$conform" "$@" || rc=$?
  python3 scripts/judge_report.py "$report" --exit-code "$rc" "${judge[@]}" || failed=1
}

step "unit tests"
failed=0
export DMLC_REQUIRE_DXC=1 DMLC_REQUIRE_FXC=1
while IFS= read -r exe; do
  # The smoke test runs below; dml-conform-planted is a dml-conform with test backends, not a test program.
  case "$exe" in *dmlc_d3d12_smoke.exe|*dml-conform-planted.exe) continue ;; esac
  if wine "$exe" --gtest_brief=1 > "$exe.log" 2>&1; then
    echo "pass  $exe ($(grep -o '[0-9]* tests\? from [0-9]* test suites\? ran' "$exe.log" | head -1))"
  else
    echo "FAIL  $exe"; tail -30 "$exe.log"; failed=1
  fi
done < <(find "$build_dir/tests" -name '*.exe' | sort)

step "dml-conform run testcases --backend cpu"
wine "$conform" run testcases --backend cpu -q --report "$build_dir/cpu_windows.json" || true
if [ -x "$linux_conform" ]; then
  "$linux_conform" run testcases --backend cpu -q --report "$build_dir/cpu_linux.json" >/dev/null || true
  python3 - "$build_dir/cpu_linux.json" "$build_dir/cpu_windows.json" <<'PY' || failed=1
import json, sys
def statuses(path):
    with open(path) as f:
        return {c["id"]: c["status"] for c in json.load(f)["cases"]}
linux, windows = statuses(sys.argv[1]), statuses(sys.argv[2])
diff = sorted(i for i in linux.keys() | windows.keys() if linux.get(i) != windows.get(i))
for i in diff[:50]:
    print(f"  {i}: linux {linux.get(i)}, windows {windows.get(i)}")
print(f"{len(linux)} cases on Linux, {len(windows)} on Windows, {len(diff)} differ")
sys.exit(1 if diff or not linux else 0)
PY
else
  echo "note: $linux_conform not built; per-case comparison with Linux skipped"
fi

step "dml-conform fuzz: the same generated cases as on Linux"
if [ -x "$linux_conform" ]; then
  for case in 3:0 3:17 3:123 9:4242 11:99999; do
    # The case file --replay prints comes before the summary line, which names the machine.
    diff <("$linux_conform" fuzz --replay "$case" --isolation none 2>/dev/null | sed '/^fuzz: seed/,$d') \
         <(wine "$conform" fuzz --replay "$case" --isolation none 2>/dev/null | tr -d '\r' | sed '/^fuzz: seed/,$d') \
      > "$build_dir/fuzz_replay.diff" && echo "same case $case" || { echo "case $case differs:"; head -20 "$build_dir/fuzz_replay.diff"; failed=1; }
  done
  "$linux_conform" fuzz --count 500 --seed 5 -q --report "$build_dir/fuzz_linux.json" >/dev/null || true
  wine "$conform" fuzz --count 500 --seed 5 -q --report "$build_dir/fuzz_windows.json" >/dev/null || true
  python3 - "$build_dir/fuzz_linux.json" "$build_dir/fuzz_windows.json" <<'PY' || failed=1
import json, sys
def cases(path):
    with open(path) as f:
        return [(c["id"], c["operator"], c["status"]) for c in json.load(f)["cases"]]
linux, windows = cases(sys.argv[1]), cases(sys.argv[2])
print(f"fuzz --count 500: {len(linux)} cases on Linux, {len(windows)} on Windows, same ids, operators and statuses: {linux == windows}")
sys.exit(0 if linux == windows and len(linux) == 500 else 1)
PY
fi

step "dml-conform backends (each device's tags, on Wine's own d3d12)"
wine "$conform" backends --tag runtime=wine-vkd3d-1.6 || failed=1

# The d3d12 backend and DirectML on each D3D12 runtime (docs/backends.md, "What is verified where").
# `on_runtime RUNTIME`: the steps below for one runtime, its environment exported by the caller:
#   1. the smoke test, the kernels of each compiler in DMLC_REQUIRE_D3D12_COMPILERS required to agree with cpu;
#   2. `run testcases --backend d3d12`: no fail and no error; every skip one of SKIPS' reasons (none allowed
#      when SKIPS is empty);
#   3. `fuzz --backend d3d12 --count 1000`: no finding, but those .ci/expectations.csv lists for the d3d12
#      backend on this runtime, with their causes;
#   4. `run testcases tests/e2e/models --backend directml` and `fuzz --backend directml`, judged against the
#      lines of .ci/expectations.csv for directml, on every runtime or on this one: a line the runtime does
#      not need is an unexpected pass there; tests/e2e/behaviours' files on DirectML: those expecting
#      another admitted behaviour pass, saying which each showed, and the pinned ones fail.
# Every judged d3d12 and directml run gets the same file and the runtime's tag (`expected` below): each run
# keeps the lines whose tags it has (docs/isolation-and-ci.md, "Tagged expectations").
expectations=.ci/expectations.csv
expectation_reports=()  # every report judged against $expectations, for `expectations update` at the end
on_runtime() {
  local runtime=$1 skips=() expected=(--baseline "$expectations" --tag "runtime=$1")
  [ -n "$SKIPS" ] && skips=(--message-prefix "skip=$SKIPS") || skips=(--at-most skip=0)

  step "$runtime: D3D12 smoke test (the kernels of $DMLC_REQUIRE_D3D12_COMPILERS against cpu)"
  DMLC_REQUIRE_D3D12=1 wine "$build_dir/tests/backends/d3d12/dmlc_d3d12_smoke.exe" --gtest_brief=1 || failed=1

  step "$runtime: dml-conform run testcases --backend d3d12"
  judged --min-cases 800 "${skips[@]}" -- \
    run testcases --backend d3d12 -j "$jobs" -q "${expected[@]}" --report "$build_dir/d3d12.$runtime.json"
  expectation_reports+=("$build_dir/d3d12.$runtime.json")

  step "$runtime: dml-conform fuzz --backend d3d12 (seed 7, 1000 cases)"
  judged --min-cases 1000 -- fuzz --backend d3d12 --seed 7 --count 1000 --max-shrinks 0 -j "$jobs" -q \
    "${expected[@]}" --report "$build_dir/d3d12_fuzz.$runtime.json"
  expectation_reports+=("$build_dir/d3d12_fuzz.$runtime.json")

  step "$runtime: dml-conform run testcases --backend directml (Microsoft's DirectML.dll; known failures in $expectations)"
  # The models write files beside themselves (`writeFile`): a copy keeps the source tree clean.
  rm -rf "$build_dir/models" && cp -r tests/e2e/models "$build_dir/models"
  judged --min-cases 800 -- run testcases "$build_dir/models" --backend directml -j "$jobs" -q \
    "${expected[@]}" --report "$build_dir/directml.$runtime.json" --html "$build_dir/directml.$runtime.html"
  expectation_reports+=("$build_dir/directml.$runtime.json")
  grep -q 'id="dmlc-data"' "$build_dir/directml.$runtime.html" ||
    { echo "$build_dir/directml.$runtime.html: no page written"; failed=1; }

  step "$runtime: judged by the rule on the real DirectML (files expecting another admitted behaviour pass; pins fail)"
  wine "$conform" run tests/e2e/behaviours/judged_by_rule.json --backend directml -q \
    --report "$build_dir/behaviours.$runtime.json" > /dev/null || { echo "  judged_by_rule.json: not green"; failed=1; }
  python3 - "$build_dir/behaviours.$runtime.json" <<'PY' || failed=1
import json, sys
cases = json.load(open(sys.argv[1]))["cases"]
shown = {c["id"]: (c["status"], c.get("behaviour"), c.get("expectedBehaviour")) for c in cases}
print("  " + "; ".join(f"{i}: {s}, shows {b}, file expects {e}" for i, (s, b, e) in sorted(shown.items())))
sys.exit(0 if len(cases) == 3 and all(s == "pass" and b and e and b != e for s, b, e in shown.values()) else 1)
PY
  pinned=0; wine "$conform" run tests/e2e/behaviours/pinned.json --backend directml -q > /dev/null || pinned=$?
  [ "$pinned" -eq 1 ] || { echo "  pinned.json: exit $pinned, not 1 (each pin fails)"; failed=1; }

  step "$runtime: dml-conform fuzz --backend directml (seed 5, judged against the same baseline)"
  judged --min-cases "${DIRECTML_FUZZ_COUNT:-1000}" -- fuzz --backend directml --seed 5 --count "${DIRECTML_FUZZ_COUNT:-1000}" \
    --max-elements 256 --max-shrinks 0 -j "$jobs" -q "${expected[@]}" --report "$build_dir/directml_fuzz.$runtime.json"
  expectation_reports+=("$build_dir/directml_fuzz.$runtime.json")
}

step "every known failure names its cause, DirectML's or a runtime's; a rule of ours is never a listed failure"
# Each line is `[ TAGS ] id,status,cause` (the group optional); the tags carry no ',' or '"', so the
# group is cut off before the CSV is read. The file's overlaps and syntax are dml-conform's to check:
# a bad file fails every run that reads it.
python3 - "$expectations" <<'PY' || failed=1
import csv, re, sys
for path in sys.argv[1:]:
    lines = [l for l in open(path, encoding="utf-8-sig") if l.strip() and not l.lstrip().startswith("#")]
    rows = list(csv.reader(re.sub(r"^\s*\[[^\]]*\]\s*", "", l) for l in lines))
    bad = [r for r in rows if len(r) != 3 or not r[2].strip() or r[2].startswith("ours")]
    for r in bad[:20]:
        print(f"  {path}: no cause, or a rule of ours: {','.join(r)}")
    print(f"{path}: {len(rows)} known failures, {len(bad)} without a cause or ours")
    if bad:
        sys.exit(1)
PY

# Wine's own d3d12, vkd3d 1.6: it reads DXBC only, so the kernels run as Microsoft's FXC compiles them
# (d3dcompiler_47.dll beside the programs; DXC's DXIL is refused) and the 64-bit integer kernels, which
# cs_5_1 cannot express, skip.
SKIPS="d3d12: d3dcompiler_47.dll (cs_5_1) cannot compile kernel reduce_i64" DMLC_REQUIRE_D3D12_COMPILERS=fxc \
  on_runtime wine-vkd3d-1.6

step "wine-vkd3d-1.6: dml-conform run testcases --backend directml --ab-metacommands (both runs are DirectML's shaders here: they agree)"
judged --min-cases 800 -- run testcases --backend directml --ab-metacommands -j "$jobs" -q \
  --baseline "$expectations" --tag runtime=wine-vkd3d-1.6 --report "$build_dir/directml_ab.json"
expectation_reports+=("$build_dir/directml_ab.json")
python3 - "$build_dir/directml_ab.json" <<'PY' || failed=1
import json, sys
cases = json.load(open(sys.argv[1]))["cases"]
ab = [c for c in cases if "metacommandAb" in c]
differ = [c["id"] for c in ab if not c["metacommandAb"]["agree"]]
print(f"--ab-metacommands: {len(ab)} of {len(cases)} cases ran both ways, {len(differ)} disagree {differ[:5]}")
sys.exit(1 if differ or len(ab) < 700 else 0)
PY

# ONNX's node tests on the real DirectML (docs/case-format.md, "Running ONNX's node tests"), read by the
# Windows build itself through the protobuf-lite scripts/protobuf_mingw.sh built.
if [ -n "$protobuf_mingw" ]; then
  step "wine-vkd3d-1.6: ONNX's node tests (Debian's python3-onnx) on the real DirectML"
  /usr/bin/python3 scripts/onnx_node_tests.py "$build_dir/onnx-node" >/dev/null
  judged --min-cases 131 --at-most skip=26 -- run "$build_dir/onnx-node/node" --backend directml -j "$jobs" -q \
    --report "$build_dir/directml_onnx.json"
else
  echo "SKIPPED: ONNX's node tests on DirectML: this build reads no ONNX file (protobuf_mingw.sh failed above)"
fi

# vkd3d-proton 2.14.1, built from ../shared/third_party (scripts/vkd3d_proton.sh): it reads DXIL, so the
# backend keeps DXC and every kernel runs, the 64-bit ones too; FXC's kernels are checked by the smoke
# test. It reports no double-precision shader ops on lavapipe, so DirectML skips FLOAT64 there.
step "vkd3d-proton 2.14.1 beside the programs (built once, then cached)"
proton=0
bash scripts/vkd3d_proton.sh "$(dirname "$conform")" "$build_dir/tests/backends/d3d12" || proton=$?
if [ "$proton" -eq 0 ]; then
  WINEDLLOVERRIDES="d3d12,d3d12core=n" VKD3D_SHADER_MODEL=6_2 VKD3D_FILTER_DEVICE_NAME=llvmpipe VKD3D_SHADER_CACHE_PATH=0 \
    SKIPS="" DMLC_REQUIRE_D3D12_COMPILERS=dxc,fxc on_runtime vkd3d-proton

  # Our kernels judged by DirectML's own, case by case (docs/semantics.md, "Any backend as the
  # reference"): each difference is listed in $expectations with DirectML's cause, and the exact cpu
  # reference must side with our kernels there (blame "reference"); DirectML skips FLOAT64 on lavapipe.
  step "vkd3d-proton: dml-conform run testcases --backend d3d12 --reference directml (our kernels judged by DirectML's)"
  WINEDLLOVERRIDES="d3d12,d3d12core=n" VKD3D_SHADER_MODEL=6_2 VKD3D_FILTER_DEVICE_NAME=llvmpipe VKD3D_SHADER_CACHE_PATH=0 \
    judged --min-cases 1000 --message-prefix "skip=reference directml:0: directml: " -- \
    run testcases --backend d3d12 --reference directml -j "$jobs" -q --baseline "$expectations" \
    --tag runtime=vkd3d-proton --report "$build_dir/d3d12_vs_directml.json"
  expectation_reports+=("$build_dir/d3d12_vs_directml.json")
  python3 - "$build_dir/d3d12_vs_directml.json" <<'PY' || failed=1
import json, sys
d = json.load(open(sys.argv[1]))
known = [c for c in d["cases"] if c["status"] == "expected-fail"]
wrong = [c["id"] for c in known if c.get("blame") != "reference"]
print(f"  {len(known)} differences, each DirectML's; blamed elsewhere: {wrong or 'none'}")
sys.exit(1 if wrong or d["context"].get("reference") != "directml:0" else 0)
PY
elif [ "$proton" -eq 2 ]; then
  echo "SKIPPED: every vkd3d-proton step: its source tarball is absent (the message above names the path)"
else
  echo "FAIL: vkd3d-proton could not be built"; failed=1
fi

# The one file kept true (docs/isolation-and-ci.md, "Tagged expectations"): updated from every report
# judged against it, on both runtimes, it must not change. A line whose case passed on every run it
# applies to, a failure no line names, or a line a person must narrow is printed with why, and fails CI;
# `expectations update` without --dry-run on the same reports writes the fix.
step "dml-conform expectations update --dry-run $expectations (${#expectation_reports[@]} reports judged against it)"
if [ -x "$linux_conform" ]; then
  present=()
  for r in "${expectation_reports[@]}"; do
    if [ -f "$r" ]; then present+=("$r"); else echo "  $r: not written (its run failed above)"; failed=1; fi
  done
  [ ${#present[@]} -eq 0 ] || "$linux_conform" expectations update --dry-run "$expectations" "${present[@]}" || failed=1
else
  echo "note: $linux_conform not built; the check that $expectations is still true skipped"
fi

step "done (failed=$failed)"
exit "$failed"
