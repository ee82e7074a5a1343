#!/bin/sh
# Rebuild the PTX sweep (tests/tests/ptx_sweep.rs): gen.py writes one
# FAMILY.ptx per family (keeping only the forms ptxas accepts for sm_75),
# manifest.tsv and rejected.txt; ptxas -arch=sm_75 -O3 compiles each into
# out/FAMILY.cubin, and nvdisasm -c writes out/FAMILY.sass. The ptxas and
# nvdisasm wheels are installed when missing. Deterministic: a rebuild
# leaves `git status` clean.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PTXAS=$(sh "$ROOT/tests/cuda/find-ptxas.sh")
NVDISASM=$(sh "$ROOT/translation-rules/sm75/find-nvdisasm.sh")
python3 "$HERE/gen.py" --ptxas "$PTXAS" --out "$HERE"
mkdir -p "$HERE/out"
for src in "$HERE"/*.ptx; do
    name=$(basename "$src" .ptx)
    "$PTXAS" -arch=sm_75 -O3 "$src" -o "$HERE/out/$name.cubin"
    "$NVDISASM" -c "$HERE/out/$name.cubin" 2>/dev/null > "$HERE/out/$name.sass"
done
echo "built $HERE/out"
