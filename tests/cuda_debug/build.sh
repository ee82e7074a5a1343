#!/bin/sh
# Rebuild the debug-build fixtures (tests/tests/debug_builds.rs): every *.cu
# here through NVRTC for sm_75 with -G (tests/cuda/nvrtc.py installs the
# NVRTC wheels when missing) into NAME.cubin, with nvdisasm's listing
# NAME.sass. Deterministic: a rebuild leaves `git status` clean.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NVDISASM=$(sh "$ROOT/translation-rules/sm75/find-nvdisasm.sh")
for src in "$HERE"/*.cu; do
    name=$(basename "$src" .cu)
    # From /: a debug build records the working directory (DWARF
    # comp_dir), which must not depend on where the checkout is.
    (cd / && python3 "$ROOT/tests/cuda/nvrtc.py" -G "$src" "$HERE/$name.cubin")
    "$NVDISASM" -c "$HERE/$name.cubin" 2>/dev/null > "$HERE/$name.sass"
done
echo "built $HERE"
