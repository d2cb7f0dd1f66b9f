#!/usr/bin/env bash
# Calibration of `Skill Level`, and so of `UCI_Elo`, against a peer's own `UCI_Elo` ladder:
# chess against Stockfish 15.1, xiangqi against Fairy-Stockfish 11.1 (over UCI, `UCI_Variant
# xiangqi`). Each pair L:E plays our level L against the peer's rung E; a pair L:@M plays level
# L against our own level M, for a level below the peer's lowest rung. Each opening of the
# built-in book is played with both colours.
#   scripts/calibrate-elo.sh [-k KIENTUONG] [-o OUTDIR] [-g GAMES] [-c CONCURRENCY] [-t TC] [chess|xiangqi] [LEVEL:PEER_ELO|LEVEL:@LEVEL …]
# Default: chess and the pairs below. Prints one line per pair (level L vs E: score, Elo
# difference ± error, so level L ≈ E + difference), then writes the game's rows of
# engine-bin/src/session/elo-anchors.tsv, the table the engine is built with:
# each level's Elo is its rung plus its difference, out-of-order levels pooled
# (scripts/lib/elo-anchors.awk says how). The measured levels replace the game's rows from the
# lowest of them to the highest and the other rows stay, so a few levels can be measured again
# with more games; the table must still run from level 0 to level 20 and rise, else nothing is
# written. The table lives in git: review the diff, rebuild, commit it with the logs' figures.
# The node caps of the weakened levels bind long before any clock does, so a short TC measures
# them as well as 10+0.1 would; Stockfish's own weakening is calibrated at its authors' TC.
# A pair whose log in OUTDIR is finished is read, not replayed, so a stopped run resumes: give
# each engine its own OUTDIR.
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
    [ ${#pairs[@]} -gt 0 ] ||
      pairs=(5:1350 8:1500 10:1700 12:1800 14:2000 16:2100 18:2200 19:2300 20:2500 0:@5) ;;
  xiangqi)
    peer=fairy-stockfish
    [ ${#pairs[@]} -gt 0 ] ||
      pairs=(0:1350 5:1500 8:1800 10:2000 12:2200 14:2400 16:2700 17:2850 20:2850) ;;
esac
peer_cmd=$(command -v $peer) || { echo "missing peer: $peer" >&2; exit 1; }
# ELO_TABLE: another table to write (the tests use it)
table=${ELO_TABLE:-engine-bin/src/session/elo-anchors.tsv}
mkdir -p "$out"

rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
for pair in "${pairs[@]}"; do
  level=${pair%%:*} rung=${pair##*:}
  case $rung in
    @*) them=kientuong-level${rung#@} log="$out/$game-level$level-level${rung#@}.log"
        opponent=(--engine "cmd=$kt" "name=$them" proto=uci "option.Skill Level=${rung#@}") ;;
    *) them=$peer-$rung log="$out/$game-level$level-$peer$rung.log"
       opponent=(--engine "cmd=$peer_cmd" "name=$them" proto=uci option.UCI_LimitStrength=true
         "option.UCI_Elo=$rung") ;;
  esac
  # A finished pair is not played again: a stopped calibration resumes in its OUTDIR.
  grep -q '^Score of' "$log" 2>/dev/null ||
    play_match "$game" 7 "$log" option.Threads=1 \
      --engine "cmd=$kt" "name=kientuong-level$level" proto=uci "option.Skill Level=$level" \
      "${opponent[@]}"
  score=$(grep -m1 '^Score of' "$log" | sed 's/^Score of //') ||
    { echo "calibrate-elo: the match of $pair failed, see $log" >&2; exit 1; }
  elo_line=$(grep -m1 '^Elo difference' "$log" | sed 's/, LOS.*//')
  ptnml=$(grep -m1 '^Ptnml' "$log" | sed 's/, pentanomial.*//')
  echo "$game level $level vs $them: $score; $elo_line; $ptnml"
  # level, rung (@M for a level of ours), difference, error ("inf" when nothing is measured)
  echo "$elo_line" | awk -v l="$level" -v r="$rung" '{ print l, r, $3, $5 }' >>"$rows"
done

anchors=$(awk -f scripts/lib/elo-anchors.awk "$rows")
[ -n "$anchors" ] || { echo "calibrate-elo: no pair measured anything; $table is unchanged" >&2; exit 1; }
# The measured levels replace the game's rows from the lowest of them to the highest (pooling may
# put an anchor between them); the rows outside that span are kept, so a few levels can be
# measured again with more games.
measured=$(awk '$4 != "inf" && $4 !~ /nan/ { print $1 }' "$rows" | sort -n)
low=$(echo "$measured" | head -n1) high=$(echo "$measured" | tail -n1)
merged=$({
  echo "$anchors"
  awk -v g="$game" -v lo="$low" -v hi="$high" '$1 == g && ($2 < lo || $2 > hi) { print $2, $3 }' "$table"
} | sort -n -k1,1)
if ! echo "$merged" | awk 'NR > 1 && $2 <= elo { bad = 1 } { elo = $2 } END { exit bad }' ||
  [ "$(echo "$merged" | head -n1 | cut -d' ' -f1)" != 0 ] ||
  [ "$(echo "$merged" | tail -n1 | cut -d' ' -f1)" != 20 ]; then
  echo "calibrate-elo: the anchors must run from level 0 to level 20 and rise (measure the" >&2
  echo "levels beside the new ones again too); $table is unchanged. Level, Elo:" >&2
  echo "$merged" >&2
  exit 1
fi
bench=$("$kt" bench 2>/dev/null | sed -n 's/^Bench: \([0-9]*\).*/\1/p')
what="measured $(date -u +%F) by the engine of Bench $bench, $games games a row at $tc, pairs ${pairs[*]}"
{
  if [ "$low" = 0 ] && [ "$high" = 20 ]; then
    grep -v -E "^$game[[:space:]]|^# $game:" "$table"
    echo "# $game: $what"
  else
    # A partial run keeps what the kept rows were measured by, and says which levels it redid.
    grep -v -E "^$game[[:space:]]" "$table"
    span="levels $low-$high"; [ "$low" != "$high" ] || span="level $low"
    echo "# $game: $span $what"
  fi
  echo "$merged" | awk -v g="$game" '{ printf "%s\t%s\t%s\n", g, $1, $2 }'
} >"$table.new"
mv "$table.new" "$table"
echo "$table: $game anchors (level Elo): $(echo "$merged" | tr '\n' ' ')"
