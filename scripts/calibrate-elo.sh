#!/usr/bin/env bash
# Calibration of `Skill Level` (and so of `UCI_Elo`) against a peer's own `UCI_Elo` ladder:
# chess against Stockfish 15.1, xiangqi against Fairy-Stockfish 11.1 (over UCI, `UCI_Variant
# xiangqi`). Each of our levels plays one rung, each opening with both colours.
#   scripts/calibrate-elo.sh [-k KIENTUONG] [-o OUTDIR] [-g GAMES] [-c CONCURRENCY] [-t TC] [chess|xiangqi] [LEVEL:PEER_ELO …]
# Default: chess; the default pairs are the rows of the README's tables. Prints one line per pair:
#   level L vs PEER E: score, Elo difference ± error, so level L ≈ E + difference.
# The node caps of the weakened levels bind long before any clock does, so a short TC measures
# them as well as 10+0.1 would; Stockfish's own weakening is calibrated at its authors' TC.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/match.sh

match_options 2,10 calibration-out 80 2+0.02 "$@"
game=chess
case ${rest[0]:-} in chess|xiangqi) game=${rest[0]}; rest=("${rest[@]:1}") ;; esac
pairs=("${rest[@]}")
export PATH="$PATH:/usr/games"
case $game in
  chess)
    peer=stockfish
    [ ${#pairs[@]} -gt 0 ] || pairs=(5:1350 8:1350 10:1500 12:1700 14:1800 16:1900 18:2000 19:2100 20:2300) ;;
  xiangqi)
    peer=fairy-stockfish
    [ ${#pairs[@]} -gt 0 ] || pairs=(0:1350 5:1350 10:1800 13:2100 16:2400 18:2700 20:2850) ;;
esac
peer_cmd=$(command -v $peer) || { echo "missing peer: $peer" >&2; exit 1; }
mkdir -p "$out"

for pair in "${pairs[@]}"; do
  level=${pair%%:*} elo=${pair##*:}
  log="$out/$game-level$level-$peer$elo.log"
  play_match "$game" 7 "$log" option.Threads=1 \
    --engine "cmd=$kt" "name=kientuong-level$level" proto=uci "option.Skill Level=$level" \
    --engine "cmd=$peer_cmd" "name=$peer-$elo" proto=uci option.UCI_LimitStrength=true \
      "option.UCI_Elo=$elo"
  score=$(grep -m1 '^Score of' "$log" | sed 's/^Score of //')
  elo_line=$(grep -m1 '^Elo difference' "$log" | sed 's/, LOS.*//')
  ptnml=$(grep -m1 '^Ptnml' "$log" | sed 's/, pentanomial.*//')
  echo "$game level $level vs $peer $elo: $score; $elo_line; $ptnml"
done
