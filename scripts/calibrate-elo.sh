#!/usr/bin/env bash
# Calibration of `Skill Level` (and so of `UCI_Elo`) against Stockfish 15.1's own `UCI_Elo`
# ladder, chess: each of our levels plays one Stockfish rung, each opening with both colours.
#   scripts/calibrate-elo.sh [-k KIENTUONG] [-o OUTDIR] [-g GAMES] [-c CONCURRENCY] [-t TC] [LEVEL:SF_ELO …]
# Default pairs: 0:1350 5:1350 10:1500 15:1800 18:2000. Prints one line per pair:
#   level L vs stockfish E: score, Elo difference ± error, so level L ≈ E + difference.
# The node caps of the weakened levels bind long before any clock does, so a short TC measures
# them as well as 10+0.1 would; Stockfish's own weakening is calibrated at its authors' TC.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/match.sh

match_options 2,9 calibration-out 40 2+0.02 "$@"
pairs=("${rest[@]}")
[ ${#pairs[@]} -gt 0 ] || pairs=(0:1350 5:1350 10:1500 15:1800 18:2000)
export PATH="$PATH:/usr/games"
sf=$(command -v stockfish) || { echo "missing peer: stockfish" >&2; exit 1; }
mkdir -p "$out"

for pair in "${pairs[@]}"; do
  level=${pair%%:*} elo=${pair##*:}
  log="$out/level$level-sf$elo.log"
  play_match chess 7 "$log" option.Threads=1 \
    --engine "cmd=$kt" "name=kientuong-level$level" "option.Skill Level=$level" \
    --engine "cmd=$sf" "name=stockfish-$elo" option.UCI_LimitStrength=true "option.UCI_Elo=$elo"
  score=$(grep -m1 '^Score of' "$log" | sed 's/^Score of //')
  elo_line=$(grep -m1 '^Elo difference' "$log" | sed 's/, LOS.*//')
  echo "level $level vs stockfish $elo: $score; $elo_line"
done
