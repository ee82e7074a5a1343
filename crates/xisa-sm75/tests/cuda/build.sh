#!/bin/sh
# Rebuilds the committed cubins of crates/xisa-sm75/tests/cuda (tests/not_lifted.rs,
# tests/globals.rs) and their nvdisasm listings (NAME.sass, `nvdisasm -c -hex`):
# CUDA C++ through NVRTC (tests/cuda/nvrtc.py), PTX through ptxas
# (tests/cuda/find-ptxas.sh), OpenCL C through the corpus pipeline of
# tests/sm75/build.sh (clang-19 -> libclc -> llc-19 -> ptxas; clang-19,
# llvm-19 and libclc-19 must be installed: that script installs them);
# the NVIDIA wheels are installed with pip when missing. Deterministic: a
# rebuild leaves git clean.
set -e
cd "$(dirname "$0")"
ROOT=$(cd ../../../.. && pwd)
PY=${PYTHON:-python3}
PTXAS=$(sh "$ROOT/tests/cuda/find-ptxas.sh")
NVDISASM=$(sh "$ROOT/translation-rules/sm75/find-nvdisasm.sh")
for f in *.cu; do
    "$PY" "$ROOT/tests/cuda/nvrtc.py" "$f" "${f%.cu}.cubin"
done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for f in *.cl; do
    n=${f%.cl}
    clang-19 -target nvptx64-unknown-nvidiacl -cl-std=CL2.0 -O2 -emit-llvm -c \
        -Xclang -finclude-default-header -o "$TMP/$n.bc" "$f"
    llvm-link-19 --only-needed -o "$TMP/$n.linked.bc" "$TMP/$n.bc" \
        /usr/lib/clc/nvptx64--nvidiacl.bc
    opt-19 -O2 -o "$TMP/$n.opt.bc" "$TMP/$n.linked.bc"
    llc-19 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 -mattr=+ptx78 \
        -o "$TMP/$n.ptx" "$TMP/$n.opt.bc"
    "$PTXAS" -arch=sm_75 -O3 "$TMP/$n.ptx" -o "$n.cubin"
done
for f in *.ptx; do
    "$PTXAS" -arch=sm_75 -O3 "$f" -o "${f%.ptx}.cubin"
done
for f in *.cubin; do
    "$NVDISASM" -c -hex "$f" 2>/dev/null > "${f%.cubin}.sass"
done
