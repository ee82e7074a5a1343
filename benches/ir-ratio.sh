#!/bin/sh
# IR instructions per machine instruction, per ISA, over the committed
# corpora: every kernel of every sm_75 cubin and gfx942 code object, lifted
# as `xisa run` runs it (with the lockstep wave syncs), with and without the
# simplification (`XISA_NO_SIMPLIFY=1`). Static counts (instructions in the
# listing), not executed ones. Usage: sh benches/ir-ratio.sh [XISA]
set -eu
xisa=${1:-./target/release/xisa}
count() { # ISA-glob... -> "machine ir ir_without files"
    m=0; a=0; b=0; n=0
    for f in "$@"; do
        [ -f "$f" ] || continue
        mi=$("$xisa" disasm "$f" 2>/dev/null | grep -cE '^\s+(/\*[0-9a-f]{4}\*/|[a-z_0-9]+ .*// [0-9A-F]{12}:)' || true)
        ia=$("$xisa" lift "$f" 2>/dev/null | grep -c ' !pc ' || true)
        ib=$(XISA_NO_SIMPLIFY=1 "$xisa" lift "$f" 2>/dev/null | grep -c ' !pc ' || true)
        [ "$ia" -gt 0 ] || continue
        m=$((m + mi)); a=$((a + ia)); b=$((b + ib)); n=$((n + 1))
    done
    echo "$m $a $b $n"
}
report() { # name counts
    set -- $2 "$1"
    awk -v m="$1" -v a="$2" -v b="$3" -v n="$4" -v name="$5" 'BEGIN {
        printf "%-8s %5d modules %7d machine  %8d IR (%.2f per instruction) without simplification %8d (%.2f)\n",
            name, n, m, a, a / m, b, b / m }'
}
report sm75 "$(count tests/sm75/out/*.cubin tests/cuda_corpus/out/*.cubin crates/xisa-bench/opencl/out/*.cubin)"
report gfx942 "$(count tests/gfx942/out/*.co tests/hip/out/*.co crates/xisa-bench/opencl/out/*.co)"
