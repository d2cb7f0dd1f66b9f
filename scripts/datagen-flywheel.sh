#!/usr/bin/env bash
# The datagen flywheel: the next nets' self-play data, made on one niced core beside whatever
# else the session runs (a fixed-node job: it biases no fixed-node test on the other core; stop
# it for clock tests). Each cycle makes, through scripts/train-net.sh with DATA_ONLY=1 and one
# job, 100 chess files of standard starts, 10 of Chess960 and 10 of Double Fischer Random
# starts, and 20 xiangqi files, each its own seed range; a file appears only when whole, so the
# script resumes where any earlier run stopped, in this session or another on the same cache.
#
#   scripts/datagen-flywheel.sh [MINUTES]   make files for about MINUTES (default 150), then stop
#   scripts/datagen-flywheel.sh --manifest  add the files finished so far to the manifests
#   REMAKE=1 scripts/datagen-flywheel.sh    remake the listed files this machine lacks, too
#
# The recipe: a game's files are the games of the net in use at its REV (chess net 7 at
# CHESS_REV, xiangqi net 9 at XIANGQI_REV), played by the search of that REV, 5000 nodes a
# move, no draw adjudication, as every committed recipe. The manifests are
# lab/nets/chess-net7-games.manifest and xiangqi-net9-games.manifest (net 6's chess games, seeds
# 30000-31599, 40000-40159 and 45000-45159 of 149d577, are chess-net6-games.manifest; net 8's
# xiangqi games, seeds 90000-90311 of 149d577, xiangqi-net8-games.manifest); train-net.sh with
# their SEEDS and DATAGEN_REV remakes the files on a new machine.
set -euo pipefail
cd "$(dirname "$0")/.."
CHESS_REV=a83a2da
XIANGQI_REV=dfb8225
CYCLES=40 # seed ranges reserved: chess 50000-53999, 54000-54399, 55000-55399; xiangqi 100000-100799
DATA_ROOT=${KIENTUONG_DATA:-${XDG_CACHE_HOME:-$HOME/.cache}/kientuong}
# One frozen build of each REV plays, checks and writes its game's manifest, so that editing or
# rebuilding the tree meanwhile changes nothing (scripts/lib/build-of.sh builds each once,
# under the cache).
source scripts/lib/build-of.sh
rev_of() { if [ "$1" = chess ]; then echo "$CHESS_REV"; else echo "$XIANGQI_REV"; fi; }

# The slices of cycle k, one line each: game variant seeds games.
slices_of() {
    local k=$1
    echo "chess standard $((50000 + 100 * k))-$((50099 + 100 * k)) 20"
    echo "chess fischerandom $((54000 + 10 * k))-$((54009 + 10 * k)) 20"
    echo "chess dfrc $((55000 + 10 * k))-$((55009 + 10 * k)) 20"
    echo "xiangqi standard $((100000 + 20 * k))-$((100019 + 20 * k)) 100"
}

run_slice() { # game variant range games
    local game=$1 variant=$2 range=$3 games=$4 rev
    rev=$(rev_of "$game")
    env JOBS=1 DATA_ONLY=1 GAMES="$games" VARIANT="$variant" SEEDS="$rev/$range" \
        MANIFEST= BIN="$(build_of "$rev" "$DATA_ROOT")" nice -n 19 scripts/train-net.sh "$game"
}

if [ "${1:-}" = --manifest ]; then
    # Only whole files exist under their names, so every .ktgr of the recipe's folders counts.
    for game in chess xiangqi; do
        rev=$(rev_of "$game")
        bin=$(build_of "$rev" "$DATA_ROOT")
        net=$(git show "$rev:crates/nnue/nets/$game.nnue" | sha256sum | cut -c1-12)
        case $game in chess) out=lab/nets/chess-net7-games.manifest ;;
        xiangqi) out=lab/nets/xiangqi-net9-games.manifest ;; esac
        files=()
        for d in "$DATA_ROOT/$game-$net-n5000-"*; do
            [ -d "$d" ] || continue
            for f in "$d/$game"-*.ktgr; do [ -s "$f" ] && files+=("${f#"$DATA_ROOT"/}"); done
        done
        [ ${#files[@]} -gt 0 ] || continue
        # The committed manifest keeps its files, whether or not this machine holds them (a new
        # machine starts with an empty cache and remakes them): the files here are added to it,
        # and a file it lists must come back with the bytes it lists.
        fresh=$(mktemp)
        "$bin" data-check --manifest "$fresh" --dir "$DATA_ROOT" --write "${files[@]}"
        if [ -f "$out" ]; then
            # (it fails on the files this machine lacks: only altered ones matter here)
            altered=$({ "$bin" data-check --manifest "$out" --dir "$DATA_ROOT" 2>/dev/null || true; } |
                sed -n 's/^altered //p')
            [ -z "$altered" ] || { echo "flywheel: remade files differ from $out: $altered" >&2; rm -f "$fresh"; exit 1; }
            awk 'FNR == NR { if (!/^#/) known[$1] = 1; print; next } !/^#/ && !($1 in known)' \
                "$out" "$fresh" >"$fresh.merged"
            mv "$fresh.merged" "$out"
            rm -f "$fresh"
        else
            mv "$fresh" "$out"
        fi
        awk '!/^#/ { n++; g += $2; p += $3 } END { printf "%s: %d files, %d games, %d positions\n", FILENAME, n, g, p }' "$out"
    done
    exit 0
fi

# A slice whose every file the committed manifest lists is skipped unless REMAKE=1: its files
# are fixed by their seeds and checked by their hashes, so a machine with many cores remakes
# them in minutes when a net is trained, while a two-core session's niced core (every session so
# far) is better spent on seeds nobody has played.
listed_in_manifest() { # game range
    local out s
    case $1 in chess) out=lab/nets/chess-net7-games.manifest ;;
    xiangqi) out=lab/nets/xiangqi-net9-games.manifest ;; esac
    [ -f "$out" ] || return 1
    for s in $(seq "${2%-*}" "${2#*-}"); do
        grep -q "/$1-$s\.ktgr " "$out" || return 1
    done
}

minutes=${1:-150}
case $minutes in
    '' | *[!0-9]*)
        sed -n 9,11p "$0" >&2
        [ "$minutes" = -h ] || [ "$minutes" = --help ] && exit 0
        echo "flywheel: MINUTES must be a whole number, not '$minutes'" >&2
        exit 2
        ;;
esac
deadline=$(($(date +%s) + 60 * minutes))
for ((k = 0; k < CYCLES; k++)); do
    while read -r game variant range games; do
        [ "$(date +%s)" -lt "$deadline" ] || { echo "flywheel: time is up" >&2; exit 0; }
        if [ "${REMAKE:-0}" != 1 ] && listed_in_manifest "$game" "$range"; then
            echo "flywheel: $game $variant $range is in the manifest; skipped (REMAKE=1 remakes it)" >&2
            continue
        fi
        run_slice "$game" "$variant" "$range" "$games"
    done < <(slices_of "$k")
done
