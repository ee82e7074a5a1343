#!/bin/sh
# Rebuild the compiled twins `xisa bench kernels` runs beside the IR kernels:
# each opencl/NAME.cl as an sm_75 cubin (tests/sm75/cl2cubin.sh) and a gfx942
# code object (tests/gfx942/cl2co.sh), into opencl/out/ (committed).
# Installs clang-19/llvm-19/lld-19/libclc-19 (apt) and ptxas (the
# nvidia-cuda-nvcc-cu12 wheel) when missing.  Usage: build.sh
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
O="$HERE/out"
mkdir -p "$O"
if ! command -v clang-19 >/dev/null || ! command -v llc-19 >/dev/null \
    || ! command -v ld.lld-19 >/dev/null \
    || ! ls /usr/lib/clc/nvptx64--nvidiacl.bc /usr/lib/clc/amdgcn--amdhsa.bc >/dev/null 2>&1; then
    apt-get update && apt-get install -y clang-19 llvm-19 lld-19 libclc-19 libclc-19-dev
fi
PTXAS=$(sh "$ROOT/tests/cuda/find-ptxas.sh")
export PTXAS
for src in "$HERE"/*.cl; do
    n=$(basename "$src" .cl)
    sh "$ROOT/tests/sm75/cl2cubin.sh" "$src" "$O/$n.cubin"
    sh "$ROOT/tests/gfx942/cl2co.sh" "$src" "$O/$n.co"
done
echo "built $(ls "$O"/*.cubin "$O"/*.co | wc -l) files in $O"
