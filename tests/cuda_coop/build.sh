#!/bin/sh
# Rebuild the grid-barrier fixtures (tests/tests/grid_sync.rs): coop.cu
# through NVRTC for sm_75 as relocatable device code, linked with CUDA's
# device runtime (libcudadevrt.a) by nvJitLink (tests/cuda/nvrtc.py
# --devrt installs the wheels when missing), into coop.cubin; and
# header_sync.cu without the device runtime (cooperative groups'
# header-only grid sync) into header_sync.cubin; with nvdisasm's listings
# (*.sass). Deterministic: a rebuild leaves `git status` clean.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NVDISASM=$(sh "$ROOT/translation-rules/sm75/find-nvdisasm.sh")
python3 "$ROOT/tests/cuda/nvrtc.py" --devrt "$HERE/coop.cu" "$HERE/coop.cubin"
python3 "$ROOT/tests/cuda/nvrtc.py" "$HERE/header_sync.cu" "$HERE/header_sync.cubin"
for f in coop header_sync; do
    "$NVDISASM" -c "$HERE/$f.cubin" 2>/dev/null > "$HERE/$f.sass"
done
echo "built $HERE"
