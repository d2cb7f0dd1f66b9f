#!/usr/bin/env bash
# The reliability soak (issue 35): Threads=2 against Threads=1 at 1+0.01 with the runner's time
# margin 0, Hash 16, the built-in openings with both colours, in chess and in xiangqi, 5,000
# games each by default. It runs in slices across sessions: each call plays for at most MINUTES
# (split between the games still unfinished), and the next call resumes both matches from their
# state files. A sampler records the peak RSS (VmHWM) of every engine process meanwhile.
#   scripts/soak.sh [-k KIENTUONG] [-m MINUTES] [-g GAMES_PER_GAME] [-s SEED] [chess|xiangqi …]
# State, PGNs and the RSS table live outside the work tree, under
# ${KIENTUONG_DATA:-~/.cache/kientuong}/soak/. `scripts/soak-report` summarizes them. A machine
# that is laid anew loses them: the README keeps the tally of each series, and a new series
# takes a new SEED (the opening order) so that it does not replay the lost one's games.
set -euo pipefail
cd "$(dirname "$0")/.."

kt=target/release/kientuong minutes=30 games=5000 seed=35
while getopts "k:m:g:s:" opt; do
  case $opt in
    k) kt=$OPTARG ;; m) minutes=$OPTARG ;; g) games=$OPTARG ;; s) seed=$OPTARG ;;
    *) sed -n 2,11p "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(chess xiangqi)

dir=${KIENTUONG_DATA:-$HOME/.cache/kientuong}/soak
mkdir -p "$dir/engines"
# The engines are copies under fixed names: a resumed match finds its engines at the paths its
# state names, and the sampler tells the two processes apart by name. Each slice plays the
# build it was given; the log says which.
cp "$kt" "$dir/engines/kientuong-t2.new" && mv "$dir/engines/kientuong-t2.new" "$dir/engines/kientuong-t2"
cp "$kt" "$dir/engines/kientuong-t1.new" && mv "$dir/engines/kientuong-t1.new" "$dir/engines/kientuong-t1"
# Name the binary itself: with -k it need not be the work tree's HEAD (session 16's slice was
# logged under a docs commit while it played the next engine commit's build).
build="$kt (sha256 $(sha256sum "$kt" | cut -c1-12); work tree at $(git rev-parse --short HEAD 2>/dev/null || echo unknown))"

python3 scripts/lib/rss_sampler.py "$dir/rss.tsv" kientuong-t2 kientuong-t1 &
sampler=$!
trap 'kill $sampler 2>/dev/null || true' EXIT

slice=$((minutes * 60 / ${#kinds[@]}))
for game in "${kinds[@]}"; do
  state="$dir/$game.state"
  if [ -f "$state" ] && grep -q '^finished' "$state"; then
    echo "soak $game: finished"
    continue
  fi
  echo "$(date -u +%FT%TZ) soak $game: slice of ${slice}s with build $build" >> "$dir/slices.log"
  if [ -f "$state" ]; then
    args=(match --resume "$state")
  else
    args=(match --game "$game"
      --engine "cmd=$dir/engines/kientuong-t2" name=threads2 option.Threads=2
      --engine "cmd=$dir/engines/kientuong-t1" name=threads1 option.Threads=1
      --each tc=1+0.01 timemargin=0 option.Hash=16
      --games 2 --rounds $(((games + 1) / 2)) --repeat --concurrency 1 --seed "$seed"
      --pgnout "$dir/$game.pgn" --state "$state")
  fi
  # A slice ends by SIGTERM; the state was written after the last finished game, and the game
  # cut short is played again on resume.
  timeout --signal=TERM "$slice" "$dir/engines/kientuong-t1" "${args[@]}" >> "$dir/$game.log" 2>&1 || true
done
