#!/usr/bin/env bash
# The search issue's target match: a build of COMMIT (default HEAD) against a build of the
# issue's base `74eafaa`, 10+0.1, 1 thread, Hash 16, the built-in openings with both colours, no
# adjudication, 400 games, two at a time. It is two hours of both cores, so it runs in slices
# across sessions and machines:
#   - both builds live in the data cache (`${KIENTUONG_DATA:-~/.cache/kientuong}/builds/<commit>/`)
#     and are rebuilt from git when missing, at the same paths, so a state file finds its engines;
#   - the state lives in the cache and is copied after every slice to
#     `lab/matches/<game>-target-<commit>.state` (no PGN: the state holds every result and the
#     pentanomial pairs), which a session commits; a new machine resumes from that copy.
#   scripts/target-match.sh [-c COMMIT] [-b BASE] [-m MINUTES] [-r ROUNDS] [-s SEED] chess|xiangqi
# With -m the slice ends after MINUTES (the game cut short is played again on resume).
# With -b the base is another commit (a later issue's start, or the build before a kept change,
# for its spot check at this clock): both engines then get COMMIT's net as EvalFile, so that
# only the search (and its speed) differs, and the state is named <game>-target-COMMIT-vs-BASE.
# COMMIT defaults to the newest commit that changed what the engine is built from (`crates/`,
# `engine-bin/`, `src/`, the Cargo files), not to HEAD: committing a slice's state moves HEAD, and
# a default of HEAD made the next slice start a new match of the same engine from game 1 (session
# 14 lost a slice so).
set -euo pipefail
cd "$(dirname "$0")/.."

base=74eafaa commit="" minutes=0 rounds=200 seed=103 other_base=""
while getopts "c:b:m:r:s:" opt; do
  case $opt in
    c) commit=$OPTARG ;; b) other_base=$OPTARG ;; m) minutes=$OPTARG ;; r) rounds=$OPTARG ;;
    s) seed=$OPTARG ;;
    *) sed -n 2,19p "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
game=${1:?chess or xiangqi}
if [ -z "$commit" ]; then
  commit=$(git log -1 --format=%H -- crates engine-bin src Cargo.toml Cargo.lock .cargo)
fi
commit=$(git rev-parse --short=7 "$commit")
[ -z "$other_base" ] || base=$(git rev-parse --short=7 "$other_base")
echo "target match of $commit against $base ($game)" >&2
data=${KIENTUONG_DATA:-$HOME/.cache/kientuong}

source scripts/lib/build-of.sh

head_bin=$(build_of "$commit" "$data")
base_bin=$(build_of "$base" "$data")
name="$game-target-$commit"
same_nets=()
if [ -n "$other_base" ]; then
  name+="-vs-$base"
  net="$data/play-nets/$game-$commit.nnue"
  mkdir -p "$data/play-nets"
  [ -s "$net" ] || git show "$commit:crates/nnue/nets/$game.nnue" >"$net"
  same_nets=("option.EvalFile=$net")
fi
state="$data/matches/$name.state"
snapshot="lab/matches/$name.state"
mkdir -p "$data/matches" lab/matches
[ -f "$state" ] || [ ! -f "$snapshot" ] || cp "$snapshot" "$state"

if [ -f "$state" ]; then
  args=(match --resume "$state")
else
  args=(match --game "$game" --engine "cmd=$head_bin" "name=$commit" --engine "cmd=$base_bin" "name=$base"
    --each tc=10+0.1 option.Hash=16 option.Threads=1 "${same_nets[@]}" --games 2 --rounds "$rounds" --repeat
    --concurrency 2 --openings order=random --seed "$seed" --state "$state")
fi
if [ "$minutes" -gt 0 ]; then
  timeout --signal=TERM "$((minutes * 60))" "$head_bin" "${args[@]}" || true
else
  "$head_bin" "${args[@]}"
fi
cp "$state" "$snapshot"
grep '^#' "$snapshot" || true
