#!/bin/sh
# Rebuild the gfx942 kernel corpus into tests/gfx942/out/ (committed):
#   NAME.co   HSA code object (ELF, code object v5) for gfx942,
#   NAME.lst  `llvm-objdump-19 -d --mcpu=gfx942 NAME.co`: the listing oracle
#             for the gfx942 disassembler,
#   NAME.elf.txt  `llvm-readelf-19 -h -S -s --notes` (header, sections, symbols,
#             metadata YAML) and NAME.kd.txt (llvm-objdump's `.amdhsa_kernel`
#             decoding of every kernel descriptor): oracles for the loader test.
# Sources: kernels/*.cl (gfx942-specific OpenCL C), the 30 OpenCL C kernels of
# tests/sm75/kernels/ (used by path, not copied), and kernels/*.s (hand-written
# assembly for atomics no compiler emits).
# OpenCL: cl2co.sh (clang-19 -> libclc -> opt-19 -O2 -> llc-19 -> ld.lld-19).
# Assembly: llvm-mc-19 -> ld.lld-19.
# Installs clang-19/llvm-19/lld-19/libclc-19 from apt when missing.
# Usage: build.sh [--listings-only]
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
K="$HERE/kernels"
SM75K="$ROOT/tests/sm75/kernels"
O="$HERE/out"
MCPU=gfx942
TRIPLE=amdgcn-amd-amdhsa
mkdir -p "$O"

if [ "${1:-}" != "--listings-only" ]; then
    if ! command -v clang-19 >/dev/null || ! command -v llc-19 >/dev/null \
        || ! command -v ld.lld-19 >/dev/null || ! command -v llvm-mc-19 >/dev/null \
        || ! ls /usr/lib/clc/amdgcn--amdhsa.bc >/dev/null 2>&1; then
        apt-get update && apt-get install -y clang-19 llvm-19 lld-19 libclc-19 libclc-19-dev
    fi
    TMP=$(mktemp -d)
    trap 'rm -rf "$TMP"' EXIT
    for src in "$SM75K"/*.cl "$K"/*.cl; do
        sh "$HERE/cl2co.sh" "$src" "$O/$(basename "$src" .cl).co"
    done
    # A stripped copy (no .symtab: the loader falls back to .dynsym).
    llvm-strip-19 -o "$O/two_kernels.co.stripped" "$O/two_kernels.co"
    for src in "$K"/*.s; do
        [ -e "$src" ] || continue
        n=$(basename "$src" .s)
        llvm-mc-19 -triple "$TRIPLE" -mcpu="$MCPU" -filetype=obj -o "$TMP/$n.o" "$src"
        ld.lld-19 -shared -o "$O/$n.co" "$TMP/$n.o"
    done
fi
# Listings name the file as given: relative, so they do not depend on where
# the checkout is.
cd "$O"
for c in *.co; do
    llvm-objdump-19 -d --mcpu="$MCPU" "$c" > "${c%.co}.lst"
    # Oracles for the code-object loader test (crates/xisa-cdna/tests/codeobj.rs):
    # ELF header, sections, symbols and the metadata note as YAML ...
    llvm-readelf-19 -h -S -s --notes "$c" > "${c%.co}.elf.txt"
    # ... and LLVM's decoding of each kernel descriptor (.amdhsa_* directives).
    llvm-objdump-19 -D -j .rodata --mcpu="$MCPU" "$c" \
        | awk '/^[0-9a-f]+ <.*\.kd>:$/ {p = 1} p {print} /^\.end_amdhsa_kernel/ {p = 0; print ""}' \
        > "${c%.co}.kd.txt"
done
echo "built $(ls ./*.co | wc -l) code objects in $O"
