#!/usr/bin/env bash
# The real Windows runtimes the Windows build is judged against, and a Vulkan driver Wine can run them on,
# each pinned by version and SHA-256 and cached between runs:
#   - Microsoft's DirectML.dll 1.15.4, dxcompiler.dll and dxil.dll (DXC 1.8.2502.8), from the npm package
#     onnxruntime-node 1.30.0 (bin/napi-v6/win32/x64/), copied beside the programs in each DEST_DIR;
#   - Microsoft's FXC, d3dcompiler_47.dll 10.0.22621.2428 (cs_5_1 DXBC, which Wine's own vkd3d 1.6 runs),
#     from the npm package webgpu 0.6.2 (dist/win32-x64/), likewise: Wine's builtin d3dcompiler_47 is a
#     stub that cannot compile compute shaders, and Wine loads a native one found beside the program;
#   - lavapipe from Mesa 25.0.7 (Debian bookworm-backports' mesa-vulkan-drivers, with the libdrm it needs),
#     unpacked with dpkg -x into the cache: Wine 8's vkd3d 1.6 needs its descriptor indexing, which Debian
#     12's Mesa 22.3.6 lacks. Nothing is installed and the machine's apt sources and Mesa stay as they are.
# Usage: scripts/fetch_runtimes.sh [DEST_DIR...]
# Prints, on stdout, the `export` lines that point Vulkan (and so Wine's D3D12) at that lavapipe, give
# Wine's vkd3d its original descriptor heaps (VKD3D_CONFIG=virtual_heaps: each process's first heap then
# costs milliseconds, not seconds; backends/d3d12/wine_heaps.h) and keep Mesa's shader cache beside that
# lavapipe in the cache (MESA_SHADER_CACHE_DIR, unless already set), where every worker process shares it:
#   eval "$(scripts/fetch_runtimes.sh build-win/app/conform)"
# Environment: DMLC_RUNTIME_CACHE (default $XDG_CACHE_HOME/dml-conform/runtimes, else
# ~/.cache/dml-conform/runtimes), DMLC_DEBIAN_MIRROR (default http://deb.debian.org/debian).
# Exit status: 0 when every file is in place and matches its pin; 1 with a message naming the file, the
# address and what went wrong otherwise (a refused download, a checksum that differs).
set -euo pipefail

say() { echo "fetch_runtimes: $*" >&2; }
fail() { say "$*"; exit 1; }
trap 'fail "line $LINENO: \`$BASH_COMMAND\` failed"' ERR

cache=${DMLC_RUNTIME_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dml-conform/runtimes}
cache=${cache/#\~/$HOME}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)  # absolute: the ICD manifest and the exports name files in it

# The npm package and the three DLLs inside it.
ort_version=1.30.0
ort_url=https://registry.npmjs.org/onnxruntime-node/-/onnxruntime-node-$ort_version.tgz
ort_sha256=6e3390d6b783e7be946fad629292799da28d0b42f84856e50d2c1b0383291e75
ort_dir=package/bin/napi-v6/win32/x64
dlls=(
  "DirectML.dll   234e8898778cdec88d3cb0539508273494082812c968699f3de665a018971625"
  "dxcompiler.dll 593d42df78c7f9cbd97c1374af107cfe20985759f98b77afc1448fe41ee3cc76"
  "dxil.dll       cf9a3981263f8ec30c9905d136eeaf4b4573209c602198671b958ec86905dea8"
)

# FXC, from Dawn's Node.js package (gl@8.1.6 ships an older d3dcompiler_47, 6.3.9600, that refuses cs_5_1).
fxc_version=0.6.2
fxc_url=https://registry.npmjs.org/webgpu/-/webgpu-$fxc_version.tgz
fxc_sha256=77a6be6513b9f7c2e94425620ce603efb38cdc5d0393e1b31a1b0c8479330ffd
fxc_member=package/dist/win32-x64/d3dcompiler_47.dll
fxc_dll_sha256=289767b49dc8525bce262ea06fee4ef9fced2e131a55b25654ce871c1f0498b2

# Debian's pool paths and SHA-256s, as bookworm-backports' signed Packages index gives them.
mesa_version=25.0.7-2~bpo12+1
debian=${DMLC_DEBIAN_MIRROR:-http://deb.debian.org/debian}
debs=(
  "pool/main/m/mesa/mesa-vulkan-drivers_25.0.7-2~bpo12+1_amd64.deb 3899f1800424c60a05df5d6913076a526ca8fdbabec43672cd397563d1ca3263"
  "pool/main/libd/libdrm/libdrm2_2.4.123-1~bpo12+1_amd64.deb 9cc2f341964286295124a32d3625edb76730500625e54a1e682761f883064d7b"
  "pool/main/libd/libdrm/libdrm-amdgpu1_2.4.123-1~bpo12+1_amd64.deb 334e2ae389af0e9cb607c2ccfbbf7ae9feb34131ff998550baeffeeae6cda296"
)

# Downloads URL to FILE unless FILE is there with the pinned SHA-256; fails naming both otherwise.
fetch() {
  local url=$1 file=$2 sha256=$3
  if [ -f "$file" ] && echo "$sha256  $file" | sha256sum --check --status; then return; fi
  mkdir -p "$(dirname "$file")"
  say "downloading $url"
  curl -sSfL --retry 3 -o "$file.part" "$url" ||
    fail "could not download $url (refused or unreachable; the pin may have left the registry: update this script)"
  echo "$sha256  $file.part" | sha256sum --check --status ||
    fail "$url: SHA-256 $(sha256sum "$file.part" | cut -d' ' -f1), pinned $sha256; not used"
  mv "$file.part" "$file"
}

# DirectML and DXC.
ort_tgz="$cache/onnxruntime-node-$ort_version.tgz"
dll_dir="$cache/onnxruntime-node-$ort_version"
fetch "$ort_url" "$ort_tgz" "$ort_sha256"
dlls_ready() {
  for entry in "${dlls[@]}"; do
    read -r name sha256 <<< "$entry"
    echo "$sha256  $dll_dir/$name" | sha256sum --check --status 2>/dev/null || return 1
  done
}
if ! dlls_ready; then
  rm -rf "$dll_dir.part" && mkdir -p "$dll_dir.part"
  tar -xzf "$ort_tgz" -C "$dll_dir.part" --strip-components=5 "$ort_dir/DirectML.dll" "$ort_dir/dxcompiler.dll" "$ort_dir/dxil.dll"
  for entry in "${dlls[@]}"; do
    read -r name sha256 <<< "$entry"
    echo "$sha256  $dll_dir.part/$name" | sha256sum --check --status || fail "$name in $ort_tgz differs from its pin $sha256"
  done
  rm -rf "$dll_dir" && mv "$dll_dir.part" "$dll_dir"
fi
# FXC: only the one DLL is kept of the 51 MB package.
fxc_tgz="$cache/webgpu-$fxc_version.tgz"
fxc_dll="$cache/webgpu-$fxc_version/d3dcompiler_47.dll"
if ! echo "$fxc_dll_sha256  $fxc_dll" | sha256sum --check --status 2>/dev/null; then
  fetch "$fxc_url" "$fxc_tgz" "$fxc_sha256"
  rm -rf "$(dirname "$fxc_dll").part" && mkdir -p "$(dirname "$fxc_dll").part"
  tar -xzf "$fxc_tgz" -C "$(dirname "$fxc_dll").part" --strip-components=3 "$fxc_member"
  echo "$fxc_dll_sha256  $(dirname "$fxc_dll").part/d3dcompiler_47.dll" | sha256sum --check --status ||
    fail "d3dcompiler_47.dll in $fxc_tgz differs from its pin $fxc_dll_sha256"
  rm -rf "$(dirname "$fxc_dll")" && mv "$(dirname "$fxc_dll").part" "$(dirname "$fxc_dll")"
  rm -f "$fxc_tgz"
fi
runtime_files=("$fxc_dll")
for entry in "${dlls[@]}"; do runtime_files+=("$dll_dir/${entry%% *}"); done
for file in "${runtime_files[@]}"; do
  for dest in "$@"; do
    mkdir -p "$dest"
    cp -f "$file" "$dest/"
  done
done

# lavapipe: the debs unpacked side by side.
mesa_dir="$cache/mesa-$mesa_version"
lib="$mesa_dir/root/usr/lib/x86_64-linux-gnu"
if ! [ -f "$lib/libvulkan_lvp.so" ]; then
  rm -rf "$mesa_dir.part" && mkdir -p "$mesa_dir.part"
  for entry in "${debs[@]}"; do
    read -r path sha256 <<< "$entry"
    deb="$cache/debs/$(basename "$path")"
    fetch "$debian/$path" "$deb" "$sha256"
    dpkg-deb -x "$deb" "$mesa_dir.part/root"
  done
  rm -rf "$mesa_dir" && mv "$mesa_dir.part" "$mesa_dir"
fi
# Its ICD manifest, written on every run so that it names the library where the cache is now; checked,
# since a manifest naming no library would quietly leave Vulkan on the system's older lavapipe.
sed "s|\"library_path\": \"[^\"]*\"|\"library_path\": \"$lib/libvulkan_lvp.so\"|" \
  "$mesa_dir/root/usr/share/vulkan/icd.d/lvp_icd.json" > "$mesa_dir/lvp_icd.json"
grep -qF "\"$lib/libvulkan_lvp.so\"" "$mesa_dir/lvp_icd.json" ||
  fail "$mesa_dir/root/usr/share/vulkan/icd.d/lvp_icd.json has no library_path to point at $lib"
say "DirectML 1.15.4 and DXC (onnxruntime-node $ort_version), FXC (webgpu $fxc_version) and lavapipe $mesa_version ready in $cache"
printf 'export VK_DRIVER_FILES=%q\n' "$mesa_dir/lvp_icd.json"
printf 'export LD_LIBRARY_PATH=%q${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\n' "$lib"
printf 'export VKD3D_CONFIG=virtual_heaps${VKD3D_CONFIG:+,$VKD3D_CONFIG}\n'
# A run's shaders compiled once serve its later runs too: lavapipe compiles each of DirectML's kernels
# with LLVM at its first dispatch, most of a cold corpus run's time once the heaps cost nothing.
printf 'export MESA_SHADER_CACHE_DIR=${MESA_SHADER_CACHE_DIR:-%q}\n' "$mesa_dir/shader-cache"
