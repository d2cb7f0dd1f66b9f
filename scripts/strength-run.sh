#!/usr/bin/env bash
# The project's strength table (its latest figures are in the README, "Matches, SPRT and
# gauntlets"): kientuong against calibrated opponents at 10+0.1, 1 thread, Hash 16, the
# built-in books with each opening played by both colours, no adjudication; plus the
# 2-threads-against-1 self-play matches.
#
#   scripts/strength-run.sh [-k KIENTUONG] [-o OUTDIR] [-g GAMES] [-c CONCURRENCY] [-t TC] [MATCH…]
#
# MATCH names (default: the whole table, one after another, each using CONCURRENCY games at once):
#   sf2000 sf2500 sf2850 ethereal   chess vs Stockfish 15.1 at UCI_Elo 2000/2500/2850, Ethereal 12
#   sf2500-960                      the same at UCI_Elo 2500 in Chess960 (the 960 numbered starts)
#   fsf                             xiangqi vs Fairy-Stockfish 11.1 at full strength (UCI)
#   smp-chess smp-xiangqi           Threads=2 against Threads=1, self-play
#   nnue-chess nnue-xiangqi         the game's net (crates/nnue/nets/GAME.nnue as EvalFile)
#                                   against the hand-written evaluation (Use NNUE false)
# Size CONCURRENCY to the cores: each game of a 1-thread match uses two cores at most while both
# engines think (only one thinks at a time unless pondering), an SMP game three.
# Writes OUTDIR/<match>.log (progress + cutechess-style summary with pentanomial counts) and
# OUTDIR/<match>.pgn, and prints each summary as it finishes.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/match.sh

match_options 2,18 strength-out 200 10+0.1 "$@"
matches=("${rest[@]}")
[ ${#matches[@]} -gt 0 ] || matches=(sf2000 sf2500 ethereal fsf smp-chess smp-xiangqi)

# Debian installs the peers outside the usual PATH.
export PATH="$PATH:/usr/games"
# Every peer the named matches need is found before the first game: a missing one (a machine
# laid anew) used to surface only when its match came up, an hour into the run, as an engine
# with an empty command.
declare -A peer
for m in "${matches[@]}"; do
  case $m in
    sf2000|sf2500|sf2850|sf2500-960) need=stockfish ;;
    ethereal) need=ethereal-chess ;;
    fsf) need=fairy-stockfish ;;
    *) continue ;;
  esac
  peer[$need]=$(command -v "$need") ||
    { echo "missing peer: $need (apt-get install $need; Debian puts it in /usr/games)" >&2; exit 1; }
done

mkdir -p "$out"
ours=(--engine "cmd=$kt" name=kientuong option.Threads=1)

# Each match keeps its state in OUTDIR/<match>.state: run the same command again (same OUTDIR)
# and a stopped match continues where it stopped, a finished one prints its result; the log of
# the earlier slice is appended to OUTDIR/<match>.log.earlier first.
run_match() { # name game engine-args…
  local name=$1 game=$2 state_flag=--state
  shift 2
  echo "== $name ($game, $games games, tc=$tc, concurrency $conc)"
  if [ -s "$out/$name.state" ]; then
    state_flag=--resume
    [ ! -f "$out/$name.log" ] || cat "$out/$name.log" >>"$out/$name.log.earlier"
  fi
  play_match "$game" 1 "$out/$name.log" "$@" --pgnout "file=$out/$name.pgn" "$state_flag" "$out/$name.state"
  grep -E '^(Score of|Elo difference|Ptnml|SPRT)' "$out/$name.log" || tail -5 "$out/$name.log"
}

for m in "${matches[@]}"; do
  case $m in
    sf2000|sf2500|sf2850|sf2500-960)
      elo=${m#sf} elo=${elo%-960} game=chess
      [ "$m" = "${m%-960}" ] || game=fischerandom
      run_match "${game/fischerandom/chess960}-sf$elo" "$game" "${ours[@]}" \
        --engine "cmd=${peer[stockfish]}" "name=stockfish-$elo" option.Threads=1 \
        option.UCI_LimitStrength=true "option.UCI_Elo=$elo" ;;
    ethereal)
      run_match chess-ethereal chess "${ours[@]}" \
        --engine "cmd=${peer[ethereal-chess]}" name=ethereal option.Threads=1 ;;
    fsf)
      run_match xiangqi-fsf xiangqi "${ours[@]}" \
        --engine "cmd=${peer[fairy-stockfish]}" name=fairy-stockfish proto=uci \
        option.Threads=1 ;;
    smp-chess|smp-xiangqi)
      run_match "$m" "${m#smp-}" \
        --engine "cmd=$kt" name=kientuong-2t option.Threads=2 \
        --engine "cmd=$kt" name=kientuong-1t option.Threads=1 ;;
    nnue-chess|nnue-xiangqi)
      run_match "$m" "${m#nnue-}" \
        --engine "cmd=$kt" name=kientuong-nnue option.Threads=1 \
          "option.EvalFile=$PWD/crates/nnue/nets/${m#nnue-}.nnue" \
        --engine "cmd=$kt" name=kientuong-hce option.Threads=1 "option.Use NNUE=false" ;;
    *) echo "unknown match '$m'" >&2; exit 2 ;;
  esac
done
echo done > "$out/DONE"
