#!/usr/bin/env bash
# Compares two `xisa` builds on barrier-heavy kernels of every frontend: the
# same kernel and inputs, the builds alternating, best of N runs each, one
# host thread (see docs/benchmarks.md, "Barrier-heavy kernels").
#
#   benches/compare-builds.sh OLD_XISA NEW_XISA [N]
#
# Build an older commit with e.g.
#   git worktree add /tmp/old REV && (cd /tmp/old && CARGO_TARGET_DIR=/tmp/old-target cargo build --release -p xisa-cli)
set -euo pipefail
old=${1:?old xisa binary}; new=${2:?new xisa binary}; n=${3:-7}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
head -c $((4 * 1048576)) /dev/urandom > "$tmp/in.bin"
cases=(
  "ir reduce_tree|tests/kernels/reduce_tree.xir --grid 4096 --block 256 --arg buf:$tmp/in.bin --arg zeros:32768"
  "ir prefix_scan|tests/kernels/prefix_scan.xir --grid 2048 --block 128 --arg buf:$tmp/in.bin --arg zeros:1048576"
  "sm75 reduce_sum|tests/sm75/out/reduce_sum.cubin --grid 4096 --block 256 --arg buf:$tmp/in.bin --arg zeros:16384 --arg i32:1048576"
  "gfx942 reduce_sum|tests/gfx942/out/reduce_sum.co --grid 4096 --block 256 --arg buf:$tmp/in.bin --arg zeros:16384 --arg i32:1048576"
)
ms() { "$@" --threads 1 2>&1 | sed -n 's/.*, \([0-9.]*\) ms$/\1/p'; }
printf '%-18s %10s %10s %7s\n' kernel "old ms" "new ms" "old/new"
for c in "${cases[@]}"; do
  name=${c%%|*}; args=${c#*|}
  best_old=; best_new=
  for _ in $(seq "$n"); do
    o=$(ms "$old" run $args); w=$(ms "$new" run $args)
    best_old=$(printf '%s\n%s\n' "$o" "${best_old:-$o}" | sort -g | head -1)
    best_new=$(printf '%s\n%s\n' "$w" "${best_new:-$w}" | sort -g | head -1)
  done
  printf '%-18s %10s %10s %7.2f\n' "$name" "$best_old" "$best_new" "$(echo "$best_old / $best_new" | bc -l)"
done
