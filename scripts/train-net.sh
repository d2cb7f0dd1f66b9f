#!/usr/bin/env bash
# Reproduces a game's committed NNUE net from a fresh datagen: self-play data with the
# hand-written evaluation at a fixed node count, then `kientuong train-net` into
# crates/nnue/nets/<game>.nnue. The recipe of each committed net is in crates/nnue/nets/README.md.
#
#   scripts/train-net.sh chess                 the committed chess recipe (defaults below)
#   GAMES=3000 EPOCHS=40 scripts/train-net.sh xiangqi
#
# Variables: GAMES, NODES, SEED, THREADS (datagen: with 1 thread the file, and so the net, is
# identical run to run; more threads change the record order), EPOCHS, BATCH, LR, LAMBDA,
# TRAIN_THREADS (the trainer's result does not depend on it), OUT (data file), NET (net file).
# Training data is regenerated, never committed. Measure the new net against the hand-written
# evaluation (or the previous net) with `kientuong match` before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:?usage: scripts/train-net.sh chess|xiangqi}
# The committed recipes (crates/nnue/nets/README.md).
case $game in
chess) DEFAULT_GAMES=1500 DEFAULT_LAMBDA=0.0 ;;
xiangqi) DEFAULT_GAMES=367 DEFAULT_LAMBDA=0.1 ;;
*) echo "unknown game $game" >&2; exit 2 ;;
esac
GAMES=${GAMES:-$DEFAULT_GAMES}
NODES=${NODES:-5000}
SEED=${SEED:-1}
THREADS=${THREADS:-1}
EPOCHS=${EPOCHS:-60}
BATCH=${BATCH:-4096}
LR=${LR:-0.001}
LAMBDA=${LAMBDA:-$DEFAULT_LAMBDA}
TRAIN_THREADS=${TRAIN_THREADS:-$(nproc)}
OUT=${OUT:-target/datagen-$game-s$SEED-n$NODES-g$GAMES.bin}
NET=${NET:-crates/nnue/nets/$game.nnue}

cargo build --release -q -p engine-bin
bin=${CARGO_TARGET_DIR:-target}/release/kientuong
if [ ! -s "$OUT" ]; then
    "$bin" datagen --game "$game" --games "$GAMES" --nodes "$NODES" --seed "$SEED" --threads "$THREADS" --out "$OUT"
fi
"$bin" train-net --game "$game" --data "$OUT" --epochs "$EPOCHS" --batch "$BATCH" --lr "$LR" \
    --lambda "$LAMBDA" --seed "$SEED" --threads "$TRAIN_THREADS" --out "$NET"
echo "net written to $NET; rebuild to embed it"
