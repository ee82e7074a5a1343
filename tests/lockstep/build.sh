#!/bin/sh
# Rebuild the lockstep kernels (committed next to their sources):
#   out/warp_sync.cubin, .sass  warp_sync.cu through NVRTC for sm_75
#                               (tests/cuda/nvrtc.py; CUB from the CCCL wheel),
#                               with nvdisasm's listing
#   out/wave_sync.co, .lst      wave_sync.cl through tests/gfx942/cl2co.sh,
#                               with llvm-objdump-19's listing
# Installs the wheels and clang-19/llvm-19/lld-19/libclc-19 when missing.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
O="$HERE/out"
mkdir -p "$O"
if ! command -v clang-19 >/dev/null || ! command -v llc-19 >/dev/null \
    || ! command -v ld.lld-19 >/dev/null || ! ls /usr/lib/clc/amdgcn--amdhsa.bc >/dev/null 2>&1; then
    apt-get update && apt-get install -y clang-19 llvm-19 lld-19 libclc-19 libclc-19-dev
fi
python3 "$ROOT/tests/cuda/nvrtc.py" "$HERE/warp_sync.cu" "$O/warp_sync.cubin"
NVDISASM=$(sh "$ROOT/translation-rules/sm75/find-nvdisasm.sh")
"$NVDISASM" -c "$O/warp_sync.cubin" 2>/dev/null > "$O/warp_sync.sass"
sh "$ROOT/tests/gfx942/cl2co.sh" "$HERE/wave_sync.cl" "$O/wave_sync.co"
# Relative path: the listing names the file as given.
(cd "$O" && llvm-objdump-19 -d --mcpu=gfx942 wave_sync.co > wave_sync.lst)
echo "built $O"
