#!/usr/bin/env bash
# Reproduces a game's committed evaluation weights from a fresh datagen: self-play data, then
# Texel tuning (`kientuong texel`) written back into crates/eval-<game>/src/weights.rs.
#
#   scripts/texel.sh xiangqi            the recipe of the committed xiangqi weights (defaults)
#   GAMES=200 scripts/texel.sh chess    smaller or larger runs through the environment
#
# The data depends on the evaluation that plays it: to reproduce a tuning commit, generate with
# the build of its parent (DATAGEN_BIN=path/to/that/kientuong); the tuner itself reads the
# current weights.rs as its starting point. Data is identical at any THREADS (games are seeded
# by number and written in order), and so is the Texel run (its sums are added in a fixed order).
#
# Variables (defaults = the committed xiangqi run): GAMES, NODES, SEED, THREADS, STEPS, LR,
# LAMBDA, HOLDOUT, OUT (data file), DATAGEN_BIN. Training data is regenerated, never
# committed; it goes to the data cache outside the work tree (docs/TRAINING.md), and a file
# already there is not made again. Datagen's draw adjudication stays off (the committed weights
# were tuned without it; a DATAGEN_BIN from before it has no such flag). Afterwards measure the tuned build against the old one with `kientuong match`
# (crates/tournament/README.md) and commit the weights only if the match says they gain.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:?usage: scripts/texel.sh chess|xiangqi}
GAMES=${GAMES:-1520}
NODES=${NODES:-5000}
SEED=${SEED:-1}
THREADS=${THREADS:-$(nproc)}
STEPS=${STEPS:-2000}
LR=${LR:-1}
LAMBDA=${LAMBDA:-0.1}
HOLDOUT=${HOLDOUT:-0.1}
DATA_ROOT=${KIENTUONG_DATA:-${XDG_CACHE_HOME:-$HOME/.cache}/kientuong}
mkdir -p "$DATA_ROOT"
# `tune-`: the prefix from before this script was texel.sh, kept so that data made then is found.
OUT=${OUT:-$DATA_ROOT/tune-$game-s$SEED-n$NODES-g$GAMES.data}

cargo build --release -q -p engine-bin
bin=${CARGO_TARGET_DIR:-target}/release/kientuong
draw=(--draw-plies 0); [ -z "${DATAGEN_BIN:-}" ] || draw=()
[ -s "$OUT" ] || "${DATAGEN_BIN:-$bin}" datagen --game "$game" --games "$GAMES" --nodes "$NODES" \
    --seed "$SEED" --threads "$THREADS" "${draw[@]}" --out "$OUT"
"$bin" texel --game "$game" --data "$OUT" --steps "$STEPS" --lr "$LR" --lambda "$LAMBDA" --holdout "$HOLDOUT" \
  --threads "$THREADS" --write
git diff --stat -- "crates/eval-$game/src/weights.rs"
