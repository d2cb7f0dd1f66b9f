#!/usr/bin/env bash
# The clock under stress (reliability issue, part 4): kientuong against kientuong, Threads 4
# each on a 2-core machine, Hash 16, the default Move Overhead, with two busy loops (one per
# core, at the engines' own nice level) running all the while, in four cells: chess and xiangqi
# at 1+0.01 and at 0.5+0.005, 2,000 games each by default. The runner's time margin is 0: a
# move that arrives after the clock is empty loses, so every overstep counts. Each side's least
# time left when a move arrived goes into the PGN tags (`WhiteClockLow`, `BlackClockLow`).
#   scripts/clock-stress.sh [-k KIENTUONG] [-m MINUTES] [-g GAMES_PER_CELL] [-s SEED]
#                           [-o MOVE_OVERHEAD_MS] [CELL …]
# CELL is GAME-TC (chess-1+0.01, chess-0.5+0.005, xiangqi-1+0.01, xiangqi-0.5+0.005; default
# all four); with -o both engines get that Move Overhead and the cell's files are named
# GAME-TC-moN, a match of its own. Each call plays for at most MINUTES (split between the
# unfinished cells) and the next call resumes every cell from its state file (on a new
# machine, copied from lab/matches: the runner then starts a new PGN, the old one having stayed
# behind). KIENTUONG plays and referees a new cell; give a binary that stays put
# (scripts/lib/build-of.sh's build_of), since the state names it and a resumed cell plays the
# binary its state names. State, PGNs and logs live outside the work tree, under
# ${KIENTUONG_DATA:-~/.cache/kientuong}/clock-stress/; `scripts/clock-stress-report` reports.
set -euo pipefail
cd "$(dirname "$0")/.."

kt=target/release/kientuong minutes=60 games=2000 seed=4 overhead=
while getopts "k:m:g:s:o:" opt; do
  case $opt in
    k) kt=$OPTARG ;; m) minutes=$OPTARG ;; g) games=$OPTARG ;; s) seed=$OPTARG ;;
    o) overhead=$OPTARG ;;
    *) sed -n 2,18p "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
cells=("$@")
[ ${#cells[@]} -gt 0 ] || cells=(chess-1+0.01 chess-0.5+0.005 xiangqi-1+0.01 xiangqi-0.5+0.005)
kt=$(realpath "$kt")

dir=${KIENTUONG_DATA:-$HOME/.cache/kientuong}/clock-stress
mkdir -p "$dir"

todo=()
for cell in "${cells[@]}"; do
  case $cell in
    chess-* | xiangqi-*) ;;
    *) echo "clock-stress: unknown cell $cell" >&2; exit 2 ;;
  esac
  state="$dir/$cell${overhead:+-mo$overhead}.state"
  if [ -f "$state" ] && grep -q '^finished' "$state"; then
    echo "clock-stress $cell: finished"
  else
    todo+=("$cell")
  fi
done
[ ${#todo[@]} -gt 0 ] || exit 0

# The hog: one busy loop per core at the engines' nice level, so the engines' threads and the
# runner's share the cores with it. Whatever else the machine runs adds to it (the log says
# the load when a slice starts).
hogs=()
for _ in $(seq "$(nproc)"); do
  nice -n 0 bash -c 'while :; do :; done' &
  hogs+=($!)
done
trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT
trap 'exit 143' TERM INT

slice=$((minutes * 60 / ${#todo[@]}))
for cell in "${todo[@]}"; do
  game=${cell%%-*} tc=${cell#*-}
  name=$cell${overhead:+-mo$overhead}
  state="$dir/$name.state"
  extra=()
  [ -z "$overhead" ] || extra=("option.Move Overhead=$overhead")
  echo "$(date -u +%FT%TZ) $name: slice of ${slice}s, runner $kt (sha256 $(sha256sum "$kt" | cut -c1-12)), load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$dir/slices.log"
  if [ -f "$state" ]; then
    args=(match --resume "$state")
  else
    args=(match --game "$game"
      --engine "cmd=$kt" name=a --engine "cmd=$kt" name=b
      --each "tc=$tc" timemargin=0 option.Threads=4 option.Hash=16 "${extra[@]}"
      --games 2 --rounds $(((games + 1) / 2)) --repeat --concurrency 1 --seed "$seed"
      --pgnout "$dir/$name.pgn" --state "$state")
  fi
  # A slice ends by SIGTERM; the state was written after the last finished game, and the game
  # cut short is played again on resume.
  timeout --signal=TERM "$slice" "$kt" "${args[@]}" >> "$dir/$name.log" 2>&1 || true
done
