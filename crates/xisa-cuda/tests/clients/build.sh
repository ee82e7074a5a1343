#!/bin/sh
# Rebuilds kernels.cubin and kernels.ptx from kernels.cu with NVRTC
# (tests/cuda/nvrtc.py installs its wheels when missing). Run from anywhere.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
python3 "$root/tests/cuda/nvrtc.py" "$here/kernels.cu" "$here/kernels.cubin" --ptx "$here/kernels.ptx"
