#!/usr/bin/env bash
# Builds the case loader's libFuzzer target (clang-15, ASan+UBSan) in its own build folder and runs it.
#   scripts/fuzz.sh [SECONDS] [LIBFUZZER_ARGS...]     default 60 s
# Seeds are the corpus split one case per file (scripts/fuzz_seeds.py); new inputs the fuzzer keeps go
# to $BUILD_DIR/fuzz/corpus (kept between runs), crash inputs to $BUILD_DIR/fuzz/findings/. Exit status
# is libFuzzer's: nonzero on a finding. Environment: BUILD_DIR (default build-fuzz), JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift $(( $# > 0 ? 1 : 0 ))
build=${BUILD_DIR:-build-fuzz}
if ! command -v clang++-15 > /dev/null; then
  echo "fuzz.sh: clang++-15 not found; install Debian's clang-15 package" >&2
  exit 2
fi
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-15 \
  "${launcher[@]}" -DDMLC_FUZZ=ON -DDMLC_BUILD_TESTS=OFF -DDMLC_WITH_VULKAN=OFF > /dev/null
# Only the fuzzer and what it links (ops, case): no backend, engine or program.
ninja -C "$build" -j"${JOBS:-2}" case_loader_fuzzer
work="$build/fuzz"
python3 scripts/fuzz_seeds.py testcases "$work"
mkdir -p "$work/corpus" "$work/findings"
DMLC_FUZZ_WORK_DIR="$work" "$build/tests/fuzz/case_loader_fuzzer" -max_total_time="$seconds" \
  -artifact_prefix="$work/findings/" -print_final_stats=1 "$@" "$work/corpus" "$work/seeds"
