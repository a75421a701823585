#!/usr/bin/env bash
# vkd3d-proton 2.14.1's d3d12.dll and d3d12core.dll, a Direct3D 12 on Vulkan that reads DXIL, built from
# the source kept in ../shared/third_party/vkd3d-proton (no package registry carries a build) and copied
# beside the programs in each DEST_DIR. Wine uses them only where WINEDLLOVERRIDES says
# "d3d12,d3d12core=n" (scripts/windows_ci.sh exports it per step; docs/backends.md, "What is verified
# where"); elsewhere its builtin d3d12 (vkd3d 1.6) stays in use, so the DLLs are harmless beside a program.
# Usage: scripts/vkd3d_proton.sh [DEST_DIR...]
# The build (about 3 minutes on 2 idle cores) is cached in DMLC_RUNTIME_CACHE (as scripts/fetch_runtimes.sh's),
# keyed by the tarball's SHA-256 and the build's options, so a CI machine that keeps its cache builds once.
# Its shader-visible descriptor heaps are capped at 131,072 descriptors (MAX_VIEW_DESCRIPTORS, the
# third-party README says why: lavapipe pays for the cap, not the heap, 3.4-4.4 s a heap at upstream's
# 1,000,000); the project's own heap is 65,536 and DirectML's are smaller.
# Environment: DMLC_VKD3D_PROTON_SRC (default ../shared/third_party/vkd3d-proton beside the repository).
# Exit status: 0 when the DLLs are in place; 2 when the source tarball is absent (the message names the path
# looked at: the caller reports a skip); 1 when it differs from its pin or the build fails.
set -euo pipefail

say() { echo "vkd3d_proton: $*" >&2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
src=${DMLC_VKD3D_PROTON_SRC:-$repo/../shared/third_party/vkd3d-proton}
tarball="$src/vkd3d-proton-2.14.1-src.tar.xz"
tar_sha256=4d5e58cdb616393c1e7d3ef77fba8827b6ea9bd768dca3f2625b3096e36403cf
max_view_descriptors=131072

if ! [ -f "$tarball" ] || ! [ -f "$src/build.sh" ]; then
  say "no vkd3d-proton source at $tarball (with build.sh beside it); set DMLC_VKD3D_PROTON_SRC to its folder"
  exit 2
fi
echo "$tar_sha256  $tarball" | sha256sum --check --status ||
  { say "$tarball: SHA-256 $(sha256sum "$tarball" | cut -d' ' -f1), pinned $tar_sha256; not used"; exit 1; }

cache=${DMLC_RUNTIME_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dml-conform/runtimes}
cache=${cache/#\~/$HOME}
out="$cache/vkd3d-proton-2.14.1-${tar_sha256:0:16}-views$max_view_descriptors"
if ! [ -f "$out/d3d12.dll" ] || ! [ -f "$out/d3d12core.dll" ]; then
  say "building vkd3d-proton 2.14.1 from $tarball into $out"
  packages=(meson ninja-build glslang-tools mingw-w64-tools g++-mingw-w64-x86-64-posix gcc-mingw-w64-x86-64-posix)
  missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
  fi
  rm -rf "$out.part"
  work=$(mktemp -d)
  VKD3D_PROTON_WORK=$work MAX_VIEW_DESCRIPTORS=$max_view_descriptors \
    bash "$src/build.sh" "$tarball" "$out.part" >&2 || { say "the build failed (its logs: $work)"; exit 1; }
  rm -rf "$work" "$out" && mv "$out.part" "$out"
fi
for dest in "$@"; do
  mkdir -p "$dest"
  cp -f "$out/d3d12.dll" "$out/d3d12core.dll" "$dest/"
done
say "vkd3d-proton 2.14.1 ready in $out"
