#!/usr/bin/env bash
# The project's strength figures: kientuong against calibrated opponents at 10+0.1, each
# opening played with both colours, all matches at once (size the concurrency to the cores).
#   scripts/strength-run.sh KIENTUONG STOCKFISH FAIRY_STOCKFISH OUTDIR [GAMES] [CONC_EACH]
# Writes OUTDIR/<match>.log (progress + cutechess-style summary) and OUTDIR/<match>.pgn.
set -euo pipefail
kt=$1 sf=$2 fsf=$3 out=$4 games=${5:-200} conc=${6:-5}
mkdir -p "$out"
rounds=$((games / 2))
common=(--games 2 --rounds "$rounds" --repeat --concurrency "$conc" --seed 1
        --each tc=10+0.1 option.Hash=16 option.Threads=1)

"$kt" match --game chess "${common[@]}" \
  --engine cmd="$kt" name=kientuong \
  --engine cmd="$sf" name=stockfish-1500 option.UCI_LimitStrength=true option.UCI_Elo=1500 \
  --pgnout file="$out/chess-sf1500.pgn" > "$out/chess-sf1500.log" 2>&1 &

"$kt" match --game xiangqi "${common[@]}" \
  --engine cmd="$kt" name=kientuong \
  --engine cmd="$fsf" name=fairy-stockfish proto=uci \
  --pgnout file="$out/xiangqi-fsf.pgn" > "$out/xiangqi-fsf.log" 2>&1 &

wait
echo done > "$out/DONE"
