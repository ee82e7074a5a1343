#!/bin/sh
# Compile one OpenCL C file to a gfx942 code object (v5), the documented
# pipeline: clang-19 -> llvm-link with clc/workitem_v5.cl, then libclc
# amdgcn--amdhsa.bc -> opt-19 (internalize all but the kernels, -O2) ->
# llc-19 -filetype=obj -> ld.lld-19 -shared.
# Usage: cl2co.sh SRC.cl OUT.co   (the tools must be installed: build.sh does)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
src=$1
out=$2
MCPU=gfx942
TRIPLE=amdgcn-amd-amdhsa
LIBCLC=/usr/lib/clc/amdgcn--amdhsa.bc
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
n=$(basename "$src" .cl)
cl() {
    clang-19 -x cl -cl-std=CL2.0 -target "$TRIPLE" -mcpu="$MCPU" -nogpulib -O2 \
        -emit-llvm -c -Xclang -finclude-default-header -o "$2" "$1"
}
# COV5-correct get_global_offset/get_global_id, linked ahead of libclc's (see
# the file); everything but the kernels is internalized afterwards, as a
# device link does, so no copy of them stays in the code object.
cl "$HERE/clc/workitem_v5.cl" "$TMP/clc_v5.bc"
cl "$src" "$TMP/$n.bc"
# libclc's module says amdgcn-unknown-amdhsa; the warning about the differing
# vendor is harmless.
llvm-link-19 -o "$TMP/$n.pre.bc" "$TMP/$n.bc" "$TMP/clc_v5.bc"
llvm-link-19 --only-needed -o "$TMP/$n.linked.bc" "$TMP/$n.pre.bc" "$LIBCLC" 2>/dev/null
kernels=$(llvm-nm-19 --defined-only "$TMP/$n.bc" | awk '$2 == "T" {print $3}' | paste -sd,)
opt-19 -passes='internalize,default<O2>' -internalize-public-api-list="$kernels" \
    -o "$TMP/$n.opt.bc" "$TMP/$n.linked.bc"
llc-19 -mtriple="$TRIPLE" -mcpu="$MCPU" -filetype=obj -o "$TMP/$n.o" "$TMP/$n.opt.bc"
ld.lld-19 -shared -o "$out" "$TMP/$n.o"
