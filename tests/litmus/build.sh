#!/bin/sh
# Rebuild the litmus kernels (committed next to their sources):
#   gfx942/out/litmus.co   gfx942/litmus.cl through tests/gfx942/cl2co.sh
#                          (clang-19 -> libclc -> opt-19 -> llc-19 -> ld.lld-19)
#   gfx942/out/litmus.lst  llvm-objdump-19's listing, to read what LLVM emitted
#                          for each ordering (the waits and cache operations)
#   gfx942/litmus_asm.s    written by gfx942/gen_asm.py (store buffering with
#                          hand-placed waits)
#   gfx942/out/litmus_asm.co  llvm-mc-19 -> ld.lld-19
#   sm75/litmus.ptx        written by sm75/gen_litmus.py
#   sm75/out/litmus.cubin  ptxas -arch=sm_75 -O3, and .sass, nvdisasm's listing
# Installs clang-19/llvm-19/lld-19/libclc-19 from apt and the NVIDIA wheels
# with pip when missing.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
if ! command -v clang-19 >/dev/null || ! command -v llc-19 >/dev/null \
    || ! command -v ld.lld-19 >/dev/null || ! ls /usr/lib/clc/amdgcn--amdhsa.bc >/dev/null 2>&1; then
    apt-get update && apt-get install -y clang-19 llvm-19 lld-19 libclc-19 libclc-19-dev
fi
mkdir -p "$HERE/gfx942/out"
sh "$ROOT/tests/gfx942/cl2co.sh" "$HERE/gfx942/litmus.cl" "$HERE/gfx942/out/litmus.co"
# Relative path: the listing names the file as given.
(cd "$HERE/gfx942/out" && llvm-objdump-19 -d --mcpu=gfx942 litmus.co > litmus.lst)
(cd "$HERE/gfx942" && python3 gen_asm.py)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
llvm-mc-19 -triple amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -o "$TMP/litmus_asm.o" "$HERE/gfx942/litmus_asm.s"
ld.lld-19 -shared -o "$HERE/gfx942/out/litmus_asm.co" "$TMP/litmus_asm.o"
PTXAS=$(sh "$ROOT/tests/cuda/find-ptxas.sh")
NVDISASM=$(sh "$ROOT/translation-rules/sm75/find-nvdisasm.sh")
(cd "$HERE/sm75" && python3 gen_litmus.py)
mkdir -p "$HERE/sm75/out"
"$PTXAS" -arch=sm_75 -O3 "$HERE/sm75/litmus.ptx" -o "$HERE/sm75/out/litmus.cubin"
"$NVDISASM" -c "$HERE/sm75/out/litmus.cubin" 2>/dev/null > "$HERE/sm75/out/litmus.sass"
echo "built the gfx942 and sm75 litmus binaries"
