#!/usr/bin/env bash
# The check of the `UCI_Elo` scale scripts/calibrate-elo.sh wrote: for each Elo E, kientuong
# with `UCI_LimitStrength` and `UCI_Elo` E plays the peer at the same named Elo (chess:
# Stockfish 15.1; xiangqi: Fairy-Stockfish 11.1 over UCI), each opening of the built-in book with
# both colours; a true scale scores 40-60 %.
#   scripts/check-elo.sh [-k KIENTUONG] [-o OUTDIR] [-g GAMES] [-c CONCURRENCY] [-t TC] [chess|xiangqi] E…
# Defaults: 200 games at 2+0.02 (the calibration's TC), concurrency 2. Prints one line per Elo:
# score, Elo difference ± error, pentanomial counts, and "within" or "OUTSIDE" 40-60 %. A
# finished pair's log in OUTDIR is read, not replayed. Exit status 0 when every Elo is within.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/match.sh

match_options 2,9 elo-check-out 200 2+0.02 "$@"
game=chess
case ${rest[0]:-} in chess|xiangqi) game=${rest[0]}; rest=("${rest[@]:1}") ;; esac
[ ${#rest[@]} -gt 0 ] || { sed -n 2,9p "$0"; exit 2; }
export PATH="$PATH:/usr/games"
case $game in chess) peer=stockfish ;; xiangqi) peer=fairy-stockfish ;; esac
peer_cmd=$(command -v $peer) || { echo "missing peer: $peer" >&2; exit 1; }
mkdir -p "$out"

status=0
for elo in "${rest[@]}"; do
  log="$out/$game-elo$elo-$peer$elo.log"
  grep -q '^Score of' "$log" 2>/dev/null ||
    play_match "$game" 11 "$log" option.Threads=1 option.UCI_LimitStrength=true "option.UCI_Elo=$elo" \
      --engine "cmd=$kt" "name=kientuong-elo$elo" proto=uci \
      --engine "cmd=$peer_cmd" "name=$peer-$elo" proto=uci
  score=$(grep -m1 '^Score of' "$log" | sed 's/^Score of //') ||
    { echo "check-elo: the match at $elo failed, see $log" >&2; exit 1; }
  elo_line=$(grep -m1 '^Elo difference' "$log" | sed 's/, LOS.*//')
  ptnml=$(grep -m1 '^Ptnml' "$log" | sed 's/, pentanomial.*//')
  verdict=$(echo "$score" | sed -n 's/.*\[\([0-9.]*\)\].*/\1/p' |
    awk '{ print ($1 >= 0.4 && $1 <= 0.6) ? "within" : "OUTSIDE" }')
  [ "$verdict" = within ] || status=1
  echo "$game UCI_Elo $elo vs $peer $elo: $score; $elo_line; $ptnml; $verdict 40-60 %"
done
exit $status
