#!/usr/bin/env bash
# Xiangqi perft speed: `kientuong perft --game xiangqi --depth 5` (133,312,995 nodes), best of
# N runs (the machine may be shared), printing Mnps by wall time (what kientuong reports) and by
# the process's CPU time (user+sys), which is what an unshared core would give.
# Usage: scripts/perft-speed-xiangqi.sh [runs]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
depth=5
expected=133312995
target="${CARGO_TARGET_DIR:-target}"

cargo build --release -p engine-bin >&2
bin="$target/release/kientuong"

best_wall=""
best_cpu=""
for _ in $(seq "$runs"); do
    # `time -p` writes user/sys after the command's own stderr.
    out=$( { TIMEFORMAT='cpu %U %S'; time "$bin" perft --game xiangqi --depth "$depth"; } 2>&1 )
    grep -q "Nodes searched: $expected" <<<"$out" || { echo "wrong node count: $out" >&2; exit 1; }
    wall=$(sed -n 's/^time: \([0-9.]*\) s.*/\1/p' <<<"$out")
    cpu=$(awk '/^cpu /{print $2 + $3}' <<<"$out")
    if [ -z "$best_wall" ] || [ "$(echo "$wall < $best_wall" | bc -l)" = 1 ]; then best_wall=$wall; fi
    if [ -z "$best_cpu" ] || [ "$(echo "$cpu < $best_cpu" | bc -l)" = 1 ]; then best_cpu=$cpu; fi
done

mnps() { echo "scale=1; $expected / $1 / 1000000" | bc -l; }
echo "xiangqi perft depth $depth: $expected nodes"
echo "  wall: best ${best_wall}s = $(mnps "$best_wall") Mnps"
echo "  cpu:  best ${best_cpu}s = $(mnps "$best_cpu") Mnps"
