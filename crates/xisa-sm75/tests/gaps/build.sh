#!/bin/sh
# Rebuilds gaps.cubin and its nvdisasm listing (ptxas from the
# nvidia-cuda-nvcc-cu12 wheel, nvdisasm from translation-rules/sm75).
set -e
cd "$(dirname "$0")"
PTXAS=${PTXAS:-$(python3 -c 'import nvidia.cuda_nvcc, os; print(os.path.join(list(nvidia.cuda_nvcc.__path__)[0], "bin", "ptxas"))')}
NVDISASM=$(sh ../../../../translation-rules/sm75/find-nvdisasm.sh)
"$PTXAS" -arch sm_75 gaps.ptx -o gaps.cubin
"$NVDISASM" -c -hex gaps.cubin > gaps.sass
