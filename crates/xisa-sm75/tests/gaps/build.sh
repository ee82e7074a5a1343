#!/bin/sh
# Rebuilds gaps.cubin and its nvdisasm listing (ptxas from the
# nvidia-cuda-nvcc-cu12 wheel, nvdisasm from translation-rules/sm75), and
# uniform_ex.cubin from OpenCL C (tests/sm75/cl2cubin.sh: clang-19, libclc,
# opt, llc, ptxas), with its PTX and listing.
set -e
cd "$(dirname "$0")"
PTXAS=${PTXAS:-$(python3 -c 'import nvidia.cuda_nvcc, os; print(os.path.join(list(nvidia.cuda_nvcc.__path__)[0], "bin", "ptxas"))')}
NVDISASM=$(sh ../../../../translation-rules/sm75/find-nvdisasm.sh)
"$PTXAS" -arch sm_75 gaps.ptx -o gaps.cubin
"$NVDISASM" -c -hex gaps.cubin > gaps.sass
PTXAS="$PTXAS" sh ../../../../tests/sm75/cl2cubin.sh uniform_ex.cl uniform_ex.cubin uniform_ex.ptx
"$NVDISASM" -c -hex uniform_ex.cubin > uniform_ex.sass
