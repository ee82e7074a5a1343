#!/bin/sh
# Compile one OpenCL C file to an sm_75 cubin, the documented pipeline:
# clang-19 (nvptx64-unknown-nvidiacl) -> llvm-link-19 with libclc ->
# opt-19 -O2 -> llc-19 -mcpu=sm_75 (PTX) -> ptxas -arch=sm_75.
# Usage: cl2cubin.sh SRC.cl OUT.cubin [OUT.ptx]
# (the tools must be installed: tests/sm75/build.sh does; PTXAS may name ptxas)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
src=$1
out=$2
PTX_ATTR="+ptx78"
LIBCLC=/usr/lib/clc/nvptx64--nvidiacl.bc
PTXAS=${PTXAS:-$(sh "$ROOT/tests/cuda/find-ptxas.sh")}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
n=$(basename "$src" .cl)
ptx=${3:-$TMP/$n.ptx}
clang-19 -target nvptx64-unknown-nvidiacl -cl-std=CL2.0 -O2 -emit-llvm -c \
    -Xclang -finclude-default-header -o "$TMP/$n.bc" "$src"
llvm-link-19 --only-needed -o "$TMP/$n.linked.bc" "$TMP/$n.bc" "$LIBCLC"
opt-19 -O2 -o "$TMP/$n.opt.bc" "$TMP/$n.linked.bc"
llc-19 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 -mattr="$PTX_ATTR" -o "$ptx" "$TMP/$n.opt.bc"
"$PTXAS" -arch=sm_75 -o "$out" "$ptx"
