#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine: installs the Debian packages that are missing, builds
# what the command needs (ccache, Ninja), then runs it.
#   scripts/dev.sh build            build dml-conform (build/app/conform/dml-conform)
#   scripts/dev.sh run [ARGS...]    build dml-conform and run `dml-conform run ARGS` (default: testcases)
#   scripts/dev.sh test             build everything and run the whole test suite (ctest), the HTML page's
#                                   browser test included (Chromium from Debian, playwright-core from npm)
#   scripts/dev.sh bench [ARGS...]  build dml-bench and run it
#   scripts/dev.sh onnx [ARGS...]   build dml-conform, write ONNX's node tests (python3-onnx) to
#                                   $BUILD_DIR/onnx-node and run them (`dml-conform run ... ARGS`)
# Environment: BUILD_DIR (default build), DMLC_SANITIZE=ON for an ASan+UBSan build.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ ccache git pkg-config python3 python3-numpy
          libcli11-dev nlohmann-json3-dev libspdlog-dev libbenchmark-dev libgtest-dev libgmock-dev
          directx-headers-dev libvulkan-dev glslang-tools mesa-vulkan-drivers vulkan-validationlayers
          g++-aarch64-linux-gnu chromium
          libonnx-dev libprotobuf-dev python3-onnx)  # ONNX's node tests: the reader, and the suite's generator

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return
  echo "installing: ${missing[*]}"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

build_dir=${BUILD_DIR:-build}
configure() {
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DDMLC_SANITIZE="${DMLC_SANITIZE:-OFF}" >/dev/null
}

command=${1:-test}; shift || true
install_missing
configure
case "$command" in
  build)
    cmake --build "$build_dir" --target dml-conform
    ;;
  run)
    cmake --build "$build_dir" --target dml-conform
    [ $# -eq 0 ] && set -- testcases
    exec "$build_dir/app/conform/dml-conform" run "$@"
    ;;
  test)
    cmake --build "$build_dir"
    # The HTML page's browser test drives Chromium through playwright-core, pinned with its checksum in
    # tests/browser/package-lock.json; without Node.js 20 the test skips and says so.
    if command -v npm > /dev/null && [ ! -d tests/browser/node_modules/playwright-core ]; then
      npm ci --prefix tests/browser --no-audit --no-fund --loglevel=error
    fi
    # The fuzz label (a 60 s fuzzer run with its own build) is run on demand: ctest -L fuzz.
    cd "$build_dir" && exec ctest --output-on-failure -j"$(nproc)" -LE fuzz
    ;;
  onnx)
    cmake --build "$build_dir" --target dml-conform
    /usr/bin/python3 scripts/onnx_node_tests.py "$build_dir/onnx-node"
    exec "$build_dir/app/conform/dml-conform" run "$build_dir/onnx-node/node" "$@"
    ;;
  bench)
    cmake --build "$build_dir" --target dml-bench
    exec "$build_dir/app/bench/dml-bench" "$@"
    ;;
  *) echo "usage: scripts/dev.sh build|run|test|bench|onnx [ARGS...]" >&2; exit 2 ;;
esac
