#!/usr/bin/env bash
# Regenerates the POCL oracle of the gfx942-specific portable OpenCL kernels
# (every launch spec that says "oracle": "pocl" and whose source lives in
# tests/gfx942/kernels/, one run per spec, so a source file may hold several
# kernels; the 13 kernels shared with sm_75 use
# tests/sm75/expected/, written by tests/sm75/pocl-ref.sh). Reuses the sm_75
# driver (tests/sm75/pocl/driver.c) and fill generator (tests/sm75/pocl/launch.py);
# the spec is handed to launch.py under the sm_75 format tag (same fields).
#
#   tests/gfx942/pocl-ref.sh [OUTDIR]     (default: tests/gfx942/expected)
#
# Needs cc, python3, OpenCL headers/loader and POCL (Debian: apt-get install
# pocl-opencl-icd ocl-icd-opencl-dev). Exit status 77: a prerequisite is missing.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
POCL="$HERE/../sm75/pocl"
OUT="${1:-$HERE/expected}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
for tool in cc python3; do
    command -v "$tool" >/dev/null || { echo "pocl-ref.sh: $tool not found" >&2; exit 77; }
done
if ! cc -O2 -o "$TMP/driver" "$POCL/driver.c" -lOpenCL 2>"$TMP/cc.log"; then
    echo "pocl-ref.sh: cannot build the driver (OpenCL headers and loader?):" >&2
    cat "$TMP/cc.log" >&2
    exit 77
fi
mkdir -p "$TMP/result"
export POCL_CACHE_DIR="$TMP/pocl-cache"
for spec in "$HERE"/kernels/*.launch.json; do
    name="$(basename "$spec" .launch.json)"
    grep -q '"oracle": "pocl"' "$spec" || continue
    source="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["source"])' "$spec")"
    # Kernels shared with sm_75 have their oracle in tests/sm75/expected/.
    case "$source" in ../*) continue ;; esac
    src="$HERE/kernels/$source"
    work="$TMP/$name"
    mkdir -p "$work/out"
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["format"]="xisa-sm75-launch/1"; json.dump(d, open(sys.argv[2],"w"))' \
        "$spec" "$work/spec.json"
    python3 "$POCL/launch.py" "$work/spec.json" "$work" > "$work/plan"
    grid="$(sed -n 's/^grid //p' "$work/plan")"
    block="$(sed -n 's/^block //p' "$work/plan")"
    mapfile -t args < <(sed -n 's/^arg //p' "$work/plan")
    kernel="$(sed -n 's/^kernel //p' "$work/plan")"
    rc=0
    "$TMP/driver" "$src" "$kernel" "$grid" "$block" "$work/out" "${args[@]}" || rc=$?
    [ "$rc" = 2 ] && exit 77
    [ "$rc" = 0 ] || exit "$rc"
    for i in $(sed -n 's/^output //p' "$work/plan"); do
        cp "$work/out/$i.bin" "$TMP/result/$name.$i.bin"
    done
    echo "$name: $(sed -n 's/^output //p' "$work/plan" | tr '\n' ' ')"
done
mkdir -p "$OUT"
cp "$TMP"/result/*.bin "$OUT"/
