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
source scripts/lib/perft-speed.sh

build_release
best_perft xiangqi "$depth" "$expected" "$runs"

mnps() { echo "scale=1; $expected / $1 / 1000000" | bc -l; }
echo "xiangqi perft depth $depth: $expected nodes"
echo "  wall: best ${best_wall}s = $(mnps "$best_wall") Mnps"
echo "  cpu:  best ${best_cpu}s = $(mnps "$best_cpu") Mnps"
