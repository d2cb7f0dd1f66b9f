#!/usr/bin/env bash
# Reproduces a game's committed evaluation weights from a fresh datagen: self-play data with
# the current build, then Texel tuning written back into crates/eval-<game>/src/weights.rs.
#
#   scripts/tune.sh xiangqi            the recipe of the committed xiangqi weights (below)
#   GAMES=200 scripts/tune.sh chess    smaller or larger runs through the environment
#
# Variables (defaults = the committed xiangqi run): GAMES, NODES, SEED, THREADS, STEPS, LR,
# LAMBDA, OUT (data file). Training data is regenerated, never committed. Afterwards measure
# the tuned build against the old one with `kientuong match` (see crates/tournament/README.md)
# and commit the weights only if the match says they gain.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:?usage: scripts/tune.sh chess|xiangqi}
GAMES=${GAMES:-800}
NODES=${NODES:-5000}
SEED=${SEED:-1}
THREADS=${THREADS:-$(nproc)}
STEPS=${STEPS:-3000}
LR=${LR:-1}
LAMBDA=${LAMBDA:-0.5}
OUT=${OUT:-target/datagen-$game-s$SEED-n$NODES-g$GAMES.bin}

cargo build --release -q -p engine-bin
bin=${CARGO_TARGET_DIR:-target}/release/kientuong
"$bin" datagen --game "$game" --games "$GAMES" --nodes "$NODES" --seed "$SEED" --threads "$THREADS" --out "$OUT"
"$bin" tune --game "$game" --data "$OUT" --steps "$STEPS" --lr "$LR" --lambda "$LAMBDA" --threads "$THREADS" --write
git diff --stat -- "crates/eval-$game/src/weights.rs"
