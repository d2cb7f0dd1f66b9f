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
target="${CARGO_TARGET_DIR:-target}"

cargo build --release -p engine-bin >&2
bin="$target/release/kientuong"

now() { date +%s.%N; }

best_ours=""
for _ in $(seq "$runs"); do
    out=$("$bin" perft --game chess --depth "$depth" 2>&1)
    grep -q "Nodes searched: $expected" <<<"$out" || { echo "wrong node count: $out" >&2; exit 1; }
    t=$(sed -n 's/^time: \([0-9.]*\) s.*/\1/p' <<<"$out")
    if [ -z "$best_ours" ] || [ "$(echo "$t < $best_ours" | bc -l)" = 1 ]; then best_ours=$t; fi
done

best_sf=""
if [ -x "$stockfish" ]; then
    startup=""
    for _ in $(seq "$runs"); do
        start=$(now)
        printf 'quit\n' | "$stockfish" >/dev/null 2>&1
        end=$(now)
        t=$(echo "$end - $start" | bc -l)
        if [ -z "$startup" ] || [ "$(echo "$t < $startup" | bc -l)" = 1 ]; then startup=$t; fi
    done
    for _ in $(seq "$runs"); do
        start=$(now)
        out=$(printf 'position startpos\ngo perft %s\nquit\n' "$depth" | "$stockfish" 2>/dev/null)
        end=$(now)
        grep -q "Nodes searched: $expected" <<<"$out" || { echo "stockfish: $out" >&2; exit 1; }
        t=$(echo "$end - $start - $startup" | bc -l)
        if [ -z "$best_sf" ] || [ "$(echo "$t < $best_sf" | bc -l)" = 1 ]; then best_sf=$t; fi
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
