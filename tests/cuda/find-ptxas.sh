#!/bin/sh
# Print the path of ptxas (from the nvidia-cuda-nvcc-cu12 wheel, pinned;
# override the version with XISA_NVCC_VERSION), installing the wheel with pip
# when it is missing. XISA_PTXAS=/path/to/ptxas skips the search. Exit status
# 1 (and a message on stderr) when it cannot be had.
set -u
if [ -n "${XISA_PTXAS:-}" ]; then
    if [ -x "$XISA_PTXAS" ]; then echo "$XISA_PTXAS"; exit 0; fi
    echo "XISA_PTXAS=$XISA_PTXAS is not executable" >&2; exit 1
fi
VERSION="${XISA_NVCC_VERSION:-12.9.86}"
PY="${PYTHON:-python3}"
find_it() {
    "$PY" -c 'import nvidia, os, sys
for root in nvidia.__path__:
    p = os.path.join(root, "cuda_nvcc", "bin", "ptxas")
    if os.access(p, os.X_OK):
        print(p); sys.exit(0)
sys.exit(1)' 2>/dev/null
}
if P=$(find_it); then echo "$P"; exit 0; fi
echo "ptxas not found; installing nvidia-cuda-nvcc-cu12==$VERSION with pip" >&2
"$PY" -m pip install --quiet "nvidia-cuda-nvcc-cu12==$VERSION" >&2 || {
    echo "pip install nvidia-cuda-nvcc-cu12==$VERSION failed" >&2; exit 1; }
if P=$(find_it); then echo "$P"; exit 0; fi
echo "ptxas still not found after installing the wheel" >&2
exit 1
