#!/bin/sh
# Rebuild the HIP corpus into tests/hip/out/ (committed; deterministic):
#   NAME.co   gfx942 code object of kernels/NAME.hip (hip2co.sh),
#   NAME.lst  llvm-objdump-19 -d --mcpu=gfx942 NAME.co (for reading; the
#             disassembler's oracle is the gfx942 corpus).
# Installs clang-19, llvm-19, lld-19, libamdhip64-dev and rocm-device-libs
# from apt when missing. Expected outputs: reference.py.
# Usage: build.sh
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
O="$HERE/out"
mkdir -p "$O"
if ! command -v clang-19 >/dev/null || ! command -v llc-19 >/dev/null \
    || ! command -v ld.lld-19 >/dev/null || ! [ -e /usr/include/hip/hip_runtime.h ] \
    || ! [ -e /usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ockl.bc ]; then
    apt-get update && apt-get install -y clang-19 llvm-19 lld-19 libamdhip64-dev rocm-device-libs
fi
for src in "$HERE"/kernels/*.hip; do
    n=$(basename "$src" .hip)
    sh "$HERE/hip2co.sh" "$src" "$O/$n.co"
    (cd "$O" && llvm-objdump-19 -d --mcpu=gfx942 "$n.co" > "$n.lst")
done
echo "built $(ls "$O"/*.co | wc -l) code objects in $O"
