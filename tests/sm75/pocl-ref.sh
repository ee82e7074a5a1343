#!/usr/bin/env bash
# Regenerates the POCL oracle of the OpenCL kernels of the sm_75 corpus: for
# every kernels/NAME.cl, builds the inputs its launch spec describes
# (pocl/launch.py), runs the kernel once on POCL (pocl/driver.c) and writes
# each output buffer I to OUTDIR/NAME.I.bin.
#
#   tests/sm75/pocl-ref.sh [OUTDIR]     (default: tests/sm75/expected)
#
# Needs cc, python3 and an OpenCL ICD with POCL (Debian/Ubuntu: apt-get install
# pocl-opencl-icd ocl-icd-opencl-dev). crates/xisa-cli/tests/sm75_corpus.rs
# (pocl_matches_committed) reruns this into a temporary directory and checks it
# reproduces the committed files.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${1:-$HERE/expected}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
cc -O2 -o "$TMP/driver" "$HERE/pocl/driver.c" -lOpenCL
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
    kernel="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["kernel"])' "$spec")"
    "$TMP/driver" "$src" "$kernel" "$grid" "$block" "$work/out" "${args[@]}"
    for i in $(sed -n 's/^output //p' "$work/plan"); do
        cp "$work/out/$i.bin" "$OUT/$name.$i.bin"
    done
    echo "$name: $(sed -n 's/^output //p' "$work/plan" | tr '\n' ' ')"
done
