#!/bin/sh
# Compile one HIP source to a gfx942 code object (v5):
#   clang-19 -x hip --offload-arch=gfx942 --offload-device-only -nogpulib
#     (HIP headers of Debian's libamdhip64-dev, ROCm 5.2) -> LLVM bitcode
#   -> llvm-link-19 --only-needed with ROCm's device libraries (Debian's
#      rocm-device-libs: hip (__atomic_work_item_fence, called by the
#      headers' __syncthreads and __threadfence), ockl, ocml and the oclc
#      control libraries, code object ABI 500; its newest ISA library is
#      gfx940's, which gfx942 shares)
#   -> opt-19 (internalize all but the kernels and the device globals, -O2)
#   -> llc-19 -mcpu=gfx942 -> ld.lld-19 -shared.
# -cuid=NAME fixes the compilation-unit id (the __hip_cuid_* symbol): by
# default clang hashes the command line, which names a mktemp directory;
# -fmacro-prefix-map makes __FILE__ (a failed assert's message) the source's
# bare name, wherever the checkout is.
# clang cannot link the device libraries itself (ROCm 5.2 has none named for
# gfx942), hence -nogpulib and the explicit link, as a HIP device link does.
# Usage: hip2co.sh SRC.hip OUT.co   (the tools must be installed: build.sh does)
set -eu
src=$1
out=$2
MCPU=gfx942
TRIPLE=amdgcn-amd-amdhsa
BC=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
n=$(basename "$src" .hip)
# A source may ask for more compiler flags on a line `// hip2co: FLAGS`.
extra=$(sed -n 's|^// hip2co: ||p' "$src" | head -n 1)
# shellcheck disable=SC2086 # (the flags are words)
clang-19 -x hip -std=c++17 --offload-arch="$MCPU" --offload-device-only -nogpulib \
    -cuid="$n" -fmacro-prefix-map="$(dirname "$src")/=" -O2 $extra -emit-llvm -c \
    -o "$TMP/$n.bc" "$src"
llvm-link-19 --only-needed -o "$TMP/$n.linked.bc" "$TMP/$n.bc" \
    "$BC/hip.bc" "$BC/ockl.bc" "$BC/ocml.bc" "$BC/oclc_abi_version_500.bc" \
    "$BC/oclc_isa_version_940.bc" "$BC/oclc_wavefrontsize64_on.bc" \
    "$BC/oclc_daz_opt_off.bc" "$BC/oclc_finite_only_off.bc" \
    "$BC/oclc_unsafe_math_off.bc" "$BC/oclc_correctly_rounded_sqrt_on.bc"
# Kernels and device variables stay visible (xisa run --set-global finds
# globals by name); the library functions are internalized and inlined.
keep=$(llvm-nm-19 --defined-only "$TMP/$n.bc" | awk '$2 ~ /^[TDBR]$/ {print $3}' | paste -sd,)
opt-19 -passes='internalize,default<O2>' -internalize-public-api-list="$keep" \
    -o "$TMP/$n.opt.bc" "$TMP/$n.linked.bc"
llc-19 -mtriple="$TRIPLE" -mcpu="$MCPU" -filetype=obj -o "$TMP/$n.o" "$TMP/$n.opt.bc"
ld.lld-19 -shared -o "$out" "$TMP/$n.o"
