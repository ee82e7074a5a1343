#!/bin/sh
# Rebuilds kernels.co (and kernels.lst) from kernels.cl with clang-19 / ld.lld-19.
set -eu
cd "$(dirname "$0")"
clang-19 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 \
    -c kernels.cl -o kernels.o
ld.lld-19 -shared kernels.o -o kernels.co
rm -f kernels.o
llvm-objdump-19 -d --mcpu=gfx942 kernels.co > kernels.lst
