#!/usr/bin/env bash
# Chess perft speed: `kientuong perft --game chess --depth 6` (119,060,324 nodes) against
# Stockfish's `go perft 6`, best of N runs each (the machine may be shared), printing the Mnps of
# both and their ratio. Our time is the one kientuong reports (perft only); Stockfish's is wall
# time minus its best start-up-and-quit time (it loads its network at start).
# Usage: scripts/perft-speed-chess.sh [runs]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
depth=6
expected=119060324
stockfish="${STOCKFISH:-/usr/games/stockfish}"
source scripts/lib/perft-speed.sh

build_release
now() { date +%s.%N; }

best_perft chess "$depth" "$expected" "$runs"
best_ours=$best_wall

best_sf=""
if [ -x "$stockfish" ]; then
    startup=""
    for _ in $(seq "$runs"); do
        start=$(now)
        printf 'quit\n' | "$stockfish" >/dev/null 2>&1
        end=$(now)
        keep_min startup "$(echo "$end - $start" | bc -l)"
    done
    for _ in $(seq "$runs"); do
        start=$(now)
        out=$(printf 'position startpos\ngo perft %s\nquit\n' "$depth" | "$stockfish" 2>/dev/null)
        end=$(now)
        grep -q "Nodes searched: $expected" <<<"$out" || { echo "stockfish: $out" >&2; exit 1; }
        keep_min best_sf "$(echo "$end - $start - $startup" | bc -l)"
    done
fi

ours_mnps=$(echo "$expected / $best_ours / 1000000" | bc -l)
printf 'kientuong perft %d: %.3f s  %.1f Mnps\n' "$depth" "$best_ours" "$ours_mnps"
if [ -n "$best_sf" ]; then
    sf_mnps=$(echo "$expected / $best_sf / 1000000" | bc -l)
    printf 'stockfish perft %d: %.3f s  %.1f Mnps\n' "$depth" "$best_sf" "$sf_mnps"
    printf 'ratio kientuong/stockfish: %.2f\n' "$(echo "$ours_mnps / $sf_mnps" | bc -l)"
else
    echo "stockfish not found at $stockfish: no comparison" >&2
fi
