#!/bin/sh
# Rebuild the CUDA corpus (tests/tests/cuda_corpus.rs): every *.cu here
# through NVRTC for sm_75 (tests/cuda/nvrtc.py installs the NVRTC/CCCL
# wheels when missing) into out/NAME.cubin, with nvdisasm's listing
# out/NAME.sass. Deterministic: a rebuild leaves `git status` clean.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
O="$HERE/out"
mkdir -p "$O"
NVDISASM=$(sh "$ROOT/translation-rules/sm75/find-nvdisasm.sh")
for src in "$HERE"/*.cu; do
    name=$(basename "$src" .cu)
    python3 "$ROOT/tests/cuda/nvrtc.py" "$src" "$O/$name.cubin"
    "$NVDISASM" -c "$O/$name.cubin" 2>/dev/null > "$O/$name.sass"
done
echo "built $O"
