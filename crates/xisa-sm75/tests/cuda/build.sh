#!/bin/sh
# Rebuilds the committed cubins of crates/xisa-sm75/tests/cuda (tests/not_lifted.rs)
# and their nvdisasm listings (NAME.sass, `nvdisasm -c -hex`): CUDA C++ through
# NVRTC (tests/cuda/nvrtc.py), PTX through ptxas (tests/cuda/find-ptxas.sh);
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
for f in *.ptx; do
    "$PTXAS" -arch=sm_75 -O3 "$f" -o "${f%.ptx}.cubin"
done
for f in *.cubin; do
    "$NVDISASM" -c -hex "$f" 2>/dev/null > "${f%.cubin}.sass"
done
