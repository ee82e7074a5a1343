#!/usr/bin/env bash
# Regenerates the POCL oracle of the OpenCL kernels of the sm_75 corpus: for
# every kernels/NAME.cl, builds the inputs its launch spec describes
# (pocl/launch.py), runs the kernel once on POCL (pocl/driver.c) and writes
# each output buffer I to OUTDIR/NAME.I.bin.
#
#   tests/sm75/pocl-ref.sh [OUTDIR]     (default: tests/sm75/expected)
#
# Needs cc, python3 and an OpenCL ICD with POCL (Debian/Ubuntu: apt-get install
# pocl-opencl-icd ocl-icd-opencl-dev). crates/xisa-cli/tests/corpus.rs
# (pocl_matches_committed) reruns this into a temporary directory and checks it
# reproduces the committed files. Exit status 77: a prerequisite is missing
# (no cc, python3, OpenCL headers/loader or POCL platform); nothing was written.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${1:-$HERE/expected}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
for tool in cc python3; do
    command -v "$tool" >/dev/null || { echo "pocl-ref.sh: $tool not found" >&2; exit 77; }
done
if ! cc -O2 -o "$TMP/driver" "$HERE/pocl/driver.c" -lOpenCL 2>"$TMP/cc.log"; then
    echo "pocl-ref.sh: cannot build the driver (OpenCL headers and loader?):" >&2
    cat "$TMP/cc.log" >&2
    exit 77
fi
mkdir -p "$TMP/result"
# POCL caches compiled kernels per user; a private cache keeps runs independent.
export POCL_CACHE_DIR="$TMP/pocl-cache"
for src in "$HERE"/kernels/*.cl; do
    name="$(basename "$src" .cl)"
    spec="$HERE/kernels/$name.launch.json"
    work="$TMP/$name"
    mkdir -p "$work/out"
    python3 "$HERE/pocl/launch.py" "$spec" "$work" > "$work/plan"
    grid="$(sed -n 's/^grid //p' "$work/plan")"
    block="$(sed -n 's/^block //p' "$work/plan")"
    mapfile -t args < <(sed -n 's/^arg //p' "$work/plan")
    kernel="$(sed -n 's/^kernel //p' "$work/plan")"
    rc=0
    "$TMP/driver" "$src" "$kernel" "$grid" "$block" "$work/out" "${args[@]}" || rc=$?
    # The driver exits 2 when the ICD loader has no POCL platform.
    [ "$rc" = 2 ] && exit 77
    [ "$rc" = 0 ] || exit "$rc"
    for i in $(sed -n 's/^output //p' "$work/plan"); do
        cp "$work/out/$i.bin" "$TMP/result/$name.$i.bin"
    done
    echo "$name: $(sed -n 's/^output //p' "$work/plan" | tr '\n' ' ')"
done
mkdir -p "$OUT"
cp "$TMP"/result/*.bin "$OUT"/
