#!/bin/sh
# Rebuilds the committed cubins of crates/xisa-sm75/tests/ptx from their PTX
# (ptxas from the nvidia-cuda-nvcc-cu12 wheel, installed with pip when
# missing; XISA_PTXAS overrides). Deterministic: a rebuild leaves git clean.
set -e
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
find_ptxas() {
    "$PY" - <<'PYEOF' 2>/dev/null
import os, sys
try:
    import nvidia
except ImportError:
    sys.exit(1)
for root in nvidia.__path__:
    p = os.path.join(root, "cuda_nvcc", "bin", "ptxas")
    if os.access(p, os.X_OK):
        print(p); sys.exit(0)
sys.exit(1)
PYEOF
}
PTXAS=${XISA_PTXAS:-$(find_ptxas || true)}
if [ -z "$PTXAS" ]; then
    "$PY" -m pip install -q "nvidia-cuda-nvcc-cu12==${XISA_NVCC_VERSION:-12.9.86}"
    PTXAS=$(find_ptxas)
fi
"$PY" gen_fconv.py
# Every *.ptx here, including miscompiles.ptx (tests/miscompiles.rs).
for f in *.ptx; do
    "$PTXAS" -arch=sm_75 -O3 "$f" -o "${f%.ptx}.cubin"
done
# Listings the tests read to check the forms under test are there.
NVDISASM=$(sh ../../../../translation-rules/sm75/find-nvdisasm.sh)
"$NVDISASM" -c uniform_switch.cubin 2>/dev/null > uniform_switch.sass
