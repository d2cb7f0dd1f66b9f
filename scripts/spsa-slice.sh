#!/usr/bin/env bash
# One slice of a prepared SPSA run of lab/spsa (its README says what each run tunes): starts it
# from NAME.params or resumes it from its state, plays for MINUTES (0: to the end) and copies
# the state to lab/spsa/NAME.state, to be committed, as scripts/redecide.sh does for matches.
# A new machine resumes from that copy. The engine is a `--features tune` build of the run's
# commit, kept in the data cache at a fixed path (the state names it; remade from git when
# missing). The run's length, seed and conditions are fixed below, before its first pair.
#
# Fixed-node runs may share the cores with datagen; a clock run (time-1) needs the machine to
# itself.
#   scripts/spsa-slice.sh [-m MINUTES] [-j CONCURRENCY] chess-search-4|xiangqi-search-2|time-1
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=0 jobs=1
while getopts "m:j:" opt; do
  case $opt in
    m) minutes=$OPTARG ;; j) jobs=$OPTARG ;;
    *) sed -n 2,11p "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
name=${1:?the run: chess-search-4, xiangqi-search-2 or time-1}
# commit game pairs seed limit: the search constants on the search of session 50 (221ffd9:
# the piece-keyed correction and its weights in chess), the time constants at a short clock.
# chess-search-3 (59ce885, seed 31) was left after its first 16 pairs for chess-search-4.
case $name in
  chess-search-4) run=(221ffd9 chess 8000 34 nodes=20000) ;;
  xiangqi-search-2) run=(221ffd9 xiangqi 8000 32 nodes=20000) ;;
  time-1) run=(221ffd9 chess 3000 33 tc=5+0.05) ;;
  *) echo "spsa-slice: no prepared run $name" >&2; exit 2 ;;
esac
commit=${run[0]} game=${run[1]} pairs=${run[2]} seed=${run[3]} limit=${run[4]}
data=${KIENTUONG_DATA:-$HOME/.cache/kientuong}

# The tune build, at a path that stays the same across slices and machines.
source scripts/lib/build-of.sh
bin=$(build_of "$commit" "$data" tune "" tune)
# The nets of the commit, as files, so that the run does not depend on what is embedded.
net="$data/play-nets/$game-$commit.nnue"
mkdir -p "$data/play-nets" "$data/spsa"
[ -s "$net" ] || git show "$commit:crates/nnue/nets/$game.nnue" >"$net"

state="$data/spsa/$name.state"
snapshot="lab/spsa/$name.state"
[ -f "$state" ] || [ ! -f "$snapshot" ] || cp "$snapshot" "$state"
# The state keeps everything but the engine, which every slice names again, and the check of
# the run's game, pairs, seed and params against it.
run_args=(--engine "cmd=$bin" "$limit" option.Hash=16 option.Threads=1 "option.EvalFile=$net"
  --game "$game" --params "lab/spsa/$name.params" --pairs "$pairs" --seed "$seed")
if [ ! -f "$state" ]; then
  # The first run's --concurrency is the batch every later slice keeps (θ moves once a batch),
  # so that a 16-core machine and a single core reach the same θ: 16, fixed before the first
  # pair; this call plays one.
  "$bin" spsa "${run_args[@]}" --concurrency 16 --state "$state" --stop-after 1 --quiet
fi
args=(spsa "${run_args[@]}" --resume "$state" --concurrency "$jobs")
echo "$name: $bin, $game, $limit, $pairs pairs, seed $seed" >&2
if [ "$minutes" -gt 0 ]; then
  timeout --signal=TERM "$((minutes * 60))" nice -n 5 "$bin" "${args[@]}" || true
else
  nice -n 5 "$bin" "${args[@]}"
fi
[ -f "$state" ] && cp "$state" "$snapshot"
