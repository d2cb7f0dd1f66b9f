#!/usr/bin/env bash
# The measurement issue's re-decision matches: a build of COMMIT (default: the newest commit
# that changed the engine) against a build of BASE (default 74eafaa, the search issue's base), at
# a fixed node count (default 20,000), 1 thread, Hash 16, the built-in books with both colours
# per opening, no adjudication. Both engines get the nets of COMMIT's tree as EvalFile, so that
# only the search differs. The runner is a third build (RUNNER, default COMMIT): its books
# and its replay guard decide the openings. Fixed nodes: it may share the cores with datagen.
#
# It runs in slices across sessions and machines, as scripts/target-match.sh does: the builds
# live in the data cache (remade from git when missing), the state in the cache, copied after
# every slice to lab/matches/<game>-redecide-<commit>-vs-<base>-n<nodes>[-s<seed>].state to be
# committed; a new machine resumes from that copy. The game count is fixed before the first
# game (-r ROUNDS game pairs, default 1000: 2,000 games) and never extended.
#
# An ablation (-a NAME): COMMIT with lab/ablations/NAME.patch applied (a group of kept changes
# switched off) plays first, against COMMIT, as a [-3, 1] SPRT capped at 5,000 games (-r 2500):
# H1 (the build without the group is not worse) removes the group, H0 keeps it, and a run that
# reaches its cap undecided is unfinished (nothing is removed).
#
# A candidate (-p NAME): COMMIT with lab/candidates/NAME.patch applied (a new search change)
# plays first, against COMMIT, as a [0, 5] SPRT capped at 6,000 games (-r 3000): H1 keeps the
# change, H0 rejects it, the cap leaves it unfinished.
#   scripts/redecide.sh [-c COMMIT] [-b BASE | -a ABLATION | -p CANDIDATE] [-n NODES] [-r ROUNDS]
#                       [-s SEED] [-m MINUTES] [-j CONCURRENCY] chess|xiangqi
set -euo pipefail
cd "$(dirname "$0")/.."

base=74eafaa commit="" nodes=20000 rounds="" seed=661 minutes=0 jobs=1 patch="" patch_dir=""
bounds=(elo0=-3 elo1=1)
while getopts "c:b:a:p:n:r:s:m:j:" opt; do
  case $opt in
    c) commit=$OPTARG ;; b) base=$OPTARG ;; n) nodes=$OPTARG ;; r) rounds=$OPTARG ;;
    a) patch=$OPTARG patch_dir=lab/ablations ;;
    p) patch=$OPTARG patch_dir=lab/candidates bounds=(elo0=0 elo1=5) ;;
    s) seed=$OPTARG ;; m) minutes=$OPTARG ;; j) jobs=$OPTARG ;;
    *) sed -n 2,24p "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
game=${1:?chess or xiangqi}
# 2,000 games against a base; an ablation's SPRT gets a cap of 5,000 (a [-3, 1] test of a group
# worth little needs thousands of games to decide).
# A candidate's [0, 5] test, of a gain of a few Elo, gets 6,000.
if [ -z "$rounds" ]; then
  case $patch_dir in
    lab/ablations) rounds=2500 ;; lab/candidates) rounds=3000 ;; *) rounds=1000 ;;
  esac
fi
if [ -z "$commit" ]; then
  commit=$(git log -1 --format=%H -- crates engine-bin src Cargo.toml Cargo.lock .cargo)
fi
commit=$(git rev-parse --short=7 "$commit")
data=${KIENTUONG_DATA:-$HOME/.cache/kientuong}
source scripts/lib/build-of.sh
head_bin=$(build_of "$commit" "$data")
if [ -n "$patch" ]; then
  patch_file=$patch_dir/$patch.patch
  base=$commit-$patch
  base_bin=$(build_of "$commit" "$data" "$patch" "$patch_file")
else
  base=$(git rev-parse --short=7 "$base")
  base_bin=$(build_of "$base" "$data")
fi
runner=$(build_of "${RUNNER:-$commit}" "$data")
# The nets of COMMIT, as files both builds load.
nets="$data/play-nets"
mkdir -p "$nets"
net="$nets/$game-$commit.nnue"
[ -s "$net" ] || git show "$commit:crates/nnue/nets/$game.nnue" >"$net"

name="$game-redecide-$commit-vs-$base-n$nodes"
# Another seed is another test (a retest of an unfinished candidate): its own state.
[ "$seed" = 661 ] || name+="-s$seed"
state="$data/matches/$name.state"
snapshot="lab/matches/$name.state"
mkdir -p "$data/matches" lab/matches
[ -f "$state" ] || [ ! -f "$snapshot" ] || cp "$snapshot" "$state"
echo "$name: $head_bin against $base_bin, runner $runner" >&2

if [ -f "$state" ]; then
  args=(match --resume "$state")
else
  engines=(--engine "cmd=$head_bin" "name=$commit" --engine "cmd=$base_bin" "name=$base")
  sprt=()
  if [ -n "$patch" ]; then
    engines=(--engine "cmd=$base_bin" "name=$base" --engine "cmd=$head_bin" "name=$commit")
    sprt=(--sprt "${bounds[@]}" alpha=0.05 beta=0.05)
  fi
  args=(match --game "$game" "${engines[@]}"
    --each "nodes=$nodes" option.Hash=16 option.Threads=1 "option.EvalFile=$net"
    --games 2 --rounds "$rounds" --repeat --concurrency "$jobs" --openings order=random
    --seed "$seed" --state "$state" "${sprt[@]}")
fi
if [ "$minutes" -gt 0 ]; then
  timeout --signal=TERM "$((minutes * 60))" nice -n 5 "$runner" "${args[@]}" || true
else
  nice -n 5 "$runner" "${args[@]}"
fi
cp "$state" "$snapshot"
grep '^#' "$snapshot" || true
