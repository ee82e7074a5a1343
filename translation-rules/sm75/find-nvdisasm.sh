#!/bin/sh
# Print the path of the nvdisasm used as the sm_75 oracle, installing the
# `nvidia-cuda-nvdisasm` wheel (pinned; override with XISA_NVDISASM_VERSION)
# with pip when it is missing.  XISA_NVDISASM=/path/to/nvdisasm skips the
# search.  Exit status 1 (and a message on stderr) when it cannot be had.
set -u
if [ -n "${XISA_NVDISASM:-}" ]; then
    if [ -x "$XISA_NVDISASM" ]; then echo "$XISA_NVDISASM"; exit 0; fi
    echo "XISA_NVDISASM=$XISA_NVDISASM is not executable" >&2; exit 1
fi
VERSION="${XISA_NVDISASM_VERSION:-13.5.37}"
PY="${PYTHON:-python3}"
find_it() {
    "$PY" - <<'PYEOF' 2>/dev/null
import os, sys
try:
    import nvidia
except ImportError:
    sys.exit(1)
for root in list(getattr(nvidia, "__path__", [])):
    for dirpath, dirnames, filenames in os.walk(root):
        if "nvdisasm" in filenames and os.path.basename(dirpath) == "bin":
            p = os.path.join(dirpath, "nvdisasm")
            if os.access(p, os.X_OK):
                print(p)
                sys.exit(0)
sys.exit(1)
PYEOF
}
if P=$(find_it); then echo "$P"; exit 0; fi
echo "nvdisasm not found; installing nvidia-cuda-nvdisasm==$VERSION with pip" >&2
"$PY" -m pip install --quiet "nvidia-cuda-nvdisasm==$VERSION" >&2 || {
    echo "pip install nvidia-cuda-nvdisasm==$VERSION failed" >&2; exit 1; }
if P=$(find_it); then echo "$P"; exit 0; fi
echo "nvdisasm still not found after installing the wheel" >&2
exit 1
