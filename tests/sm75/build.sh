#!/bin/sh
# Rebuild the sm_75 kernel corpus: kernels/*.cl (OpenCL C -> clang/libclc ->
# llc PTX -> ptxas, cl2cubin.sh) and kernels/*.ptx (straight to ptxas), then each cubin's
# nvdisasm listing.  Outputs (committed) go to tests/sm75/out/:
#   NAME.ptx (OpenCL kernels only), NAME.cubin, NAME.sass (nvdisasm -c -hex).
# Installs the toolchain when missing: clang-19/llvm-19/libclc-19 (apt) and
# ptxas via tests/cuda/find-ptxas.sh (the nvidia-cuda-nvcc-cu12 wheel), nvdisasm via
# translation-rules/sm75/find-nvdisasm.sh.  Usage: build.sh [--listings-only]
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
K="$HERE/kernels"
O="$HERE/out"
mkdir -p "$O"

NVDISASM=$(sh "$ROOT/translation-rules/sm75/find-nvdisasm.sh")
if [ "${1:-}" != "--listings-only" ]; then
    if ! command -v clang-19 >/dev/null || ! command -v llc-19 >/dev/null \
        || ! ls /usr/lib/clc/nvptx64--nvidiacl.bc >/dev/null 2>&1; then
        apt-get update && apt-get install -y clang-19 llvm-19 lld-19 libclc-19 libclc-19-dev
    fi
    PTXAS=$(sh "$ROOT/tests/cuda/find-ptxas.sh")
    export PTXAS
    for src in "$K"/*.cl; do
        n=$(basename "$src" .cl)
        sh "$HERE/cl2cubin.sh" "$src" "$O/$n.cubin" "$O/$n.ptx"
    done
    for src in "$K"/*.ptx; do
        n=$(basename "$src" .ptx)
        "$PTXAS" -arch=sm_75 -o "$O/$n.cubin" "$src"
    done
fi
for c in "$O"/*.cubin; do
    "$NVDISASM" -c -hex "$c" > "${c%.cubin}.sass"
done
echo "built $(ls "$O"/*.cubin | wc -l) cubins in $O"
