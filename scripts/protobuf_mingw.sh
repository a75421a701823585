#!/usr/bin/env bash
# protobuf-lite 3.21.12 for the mingw cross build, so that the Windows dml-conform reads ONNX's node tests
# too: Debian has no mingw protobuf, so its own source package (the version of its libprotobuf-dev and
# protoc, which generate the ONNX messages for both builds) is fetched with apt-get source, checked against
# its pinned SHA-256, and only libprotobuf-lite is cross-compiled (the ONNX messages Debian ships are
# LITE_RUNTIME). Prints the install prefix; the Windows configure takes it as DMLC_PROTOBUF_MINGW.
# Usage: scripts/protobuf_mingw.sh
# The build (about 20 s) is cached in DMLC_RUNTIME_CACHE (as scripts/fetch_runtimes.sh's), keyed by the
# tarball's SHA-256. Environment: DMLC_PROTOBUF_SRC, a folder already holding the orig tarball (default:
# fetched). Exit status: 0 with the prefix on stdout; 1 when the source differs from its pin or the build
# fails.
set -euo pipefail

say() { echo "protobuf_mingw: $*" >&2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
version=3.21.12
tar_sha256=930c2c3b5ecc6c9c12615cf5ad93f1cd6e12d0aba862b572e076259970ac3a53  # Debian bookworm's orig tarball
cache=${DMLC_RUNTIME_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dml-conform/runtimes}
cache=${cache/#\~/$HOME}
out="$cache/protobuf-lite-mingw-$version-${tar_sha256:0:16}"

if ! [ -f "$out/lib/libprotobuf-lite.a" ]; then
  work=$(mktemp -d)
  src=${DMLC_PROTOBUF_SRC:-}
  if [ -z "$src" ]; then
    # apt-get source with a deb-src list of its own: the system's apt sources are left as they are.
    src=$work/src
    mkdir -p "$src/lists/partial"
    echo "deb-src http://deb.debian.org/debian bookworm main" > "$src/sources.list"
    apt=(-o Dir::Etc::SourceList="$src/sources.list" -o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$src/lists")
    apt-get -qq "${apt[@]}" update >&2
    (cd "$src" && apt-get -qq "${apt[@]}" source --download-only "protobuf=$version-3+deb12u1" >&2)
  fi
  tarball="$src/protobuf_$version.orig.tar.gz"
  echo "$tar_sha256  $tarball" | sha256sum --check --status ||
    { say "$tarball: not there or not the pinned SHA-256 $tar_sha256"; exit 1; }
  tar -xzf "$tarball" -C "$work"
  say "building libprotobuf-lite $version for mingw into $out"
  cmake -S "$work/protobuf-$version" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_TOOLCHAIN_FILE="$repo/cmake/mingw-w64-x86_64.cmake" -DCMAKE_INSTALL_PREFIX="$out.part" \
        -Dprotobuf_BUILD_TESTS=OFF -Dprotobuf_BUILD_PROTOC_BINARIES=OFF -Dprotobuf_BUILD_SHARED_LIBS=OFF \
        -Dprotobuf_WITH_ZLIB=OFF >&2 || { say "configure failed (in $work)"; exit 1; }
  cmake --build "$work/build" --target libprotobuf-lite >&2 || { say "the build failed (in $work)"; exit 1; }
  rm -rf "$out.part" && mkdir -p "$out.part/lib" "$out.part/include"
  cp "$work/build/libprotobuf-lite.a" "$out.part/lib/"
  (cd "$work/protobuf-$version/src" && find google \( -name '*.h' -o -name '*.inc' \) -exec cp --parents {} "$out.part/include/" \;)
  rm -rf "$work" "$out" && mv "$out.part" "$out"
fi
echo "$out"
