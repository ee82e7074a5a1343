#!/bin/sh
# Rebuild the grid-barrier fixture (tests/tests/grid_sync.rs): coop.cu
# through NVRTC for sm_75 as relocatable device code, linked with CUDA's
# device runtime (libcudadevrt.a) by nvJitLink (tests/cuda/nvrtc.py
# --devrt installs the wheels when missing), into coop.cubin, with
# nvdisasm's listing coop.sass. Deterministic: a rebuild leaves
# `git status` clean.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NVDISASM=$(sh "$ROOT/translation-rules/sm75/find-nvdisasm.sh")
python3 "$ROOT/tests/cuda/nvrtc.py" --devrt "$HERE/coop.cu" "$HERE/coop.cubin"
"$NVDISASM" -c "$HERE/coop.cubin" 2>/dev/null > "$HERE/coop.sass"
echo "built $HERE"
