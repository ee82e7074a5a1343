#!/bin/sh
# Rebuilds the committed random-kernel corpus (tests/clfuzz/corpus/) from
# corpus/seeds.txt: each seed's kernel (gen.py) as sSEED.cl, its sm_75 cubin
# (tests/sm75/cl2cubin.sh) and gfx942 code object (tests/gfx942/cl2co.sh),
# and POCL's outputs on the seed's inputs (run.py --oracle: sSEED.out,
# sSEED.acc). Installs the toolchain when missing, as tests/sm75/build.sh
# does; POCL: apt-get install pocl-opencl-icd ocl-icd-opencl-dev.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
C="$HERE/corpus"
if ! command -v clang-19 >/dev/null || ! command -v llc-19 >/dev/null \
    || ! ls /usr/lib/clc/nvptx64--nvidiacl.bc >/dev/null 2>&1; then
    apt-get update && apt-get install -y clang-19 llvm-19 lld-19 libclc-19 libclc-19-dev
fi
PTXAS=$(sh "$ROOT/tests/cuda/find-ptxas.sh")
export PTXAS
rm -f "$C"/*.cl "$C"/*.cubin "$C"/*.co "$C"/*.out "$C"/*.acc
for seed in $(sed 's/#.*//' "$C/seeds.txt"); do
    python3 "$HERE/gen.py" "$seed" > "$C/s$seed.cl"
    sh "$ROOT/tests/sm75/cl2cubin.sh" "$C/s$seed.cl" "$C/s$seed.cubin" 2>/dev/null
    sh "$ROOT/tests/gfx942/cl2co.sh" "$C/s$seed.cl" "$C/s$seed.co" 2>/dev/null
done
python3 "$HERE/run.py" --oracle "$C"
echo "built $(ls "$C"/*.cl | wc -l) kernels in $C"
