#!/usr/bin/env bash
# Reproduces a game's committed NNUE net from a fresh datagen: self-play data at a fixed node
# count, played with the hand-written evaluation or an earlier net (PLAY), then
# `kientuong train-nnue` (or the retired `train-net`, TRAINER) into
# crates/nnue/nets/<game>.nnue. The embedded nets' recipes are in crates/nnue/nets/README.md,
# every earlier net's in lab/nets/README.md.
#
#   scripts/train-net.sh xiangqi               the committed xiangqi recipe (defaults below)
#   SEEDS="1-40" EPOCHS=20 scripts/train-net.sh chess
#
# Data comes in one of two shapes:
# - SEEDS set (the committed recipes): one datagen file per seed, GAMES games each, one thread
#   each, JOBS files at a time. SEEDS is a list of seeds and ranges ("1000-1015 2000-2013").
#   Each file is identical run to run, and the trainer reads them in the C locale's name order,
#   so the net is too, whatever JOBS is: this is how a 16-core machine makes the data quickly.
# - SEEDS empty: one datagen run of GAMES games with THREADS threads (identical run to run at
#   any THREADS too: games are seeded by number and written in number order).
# PLAY is the evaluation the self-play games use: `hand` (the hand-written one, nets 1 and 2),
# or a net file; PLAY_REV names a commit whose net file PLAY is taken from (git show), so that
# a recipe can say "the games of net 2" after net 2 itself has been replaced. A SEEDS entry
# written REV/RANGE (REV a commit, or `hand`) is played by that commit's net instead, so one
# recipe can train on the games of several generations ("dd2b819/1-9 32ba8a1/1-9"); each
# generation keeps its own data folder, and the trainer reads them in the order of SEEDS.
# DATAGEN_REV names the commit whose search plays the games (the recipe's default below: the
# build that made the committed data, from scripts/lib/build-of.sh, made only when a file is
# missing); the tree's build checks the data and trains. DATAGEN_REV= plays with the tree's
# build. BIN runs a given binary for both instead. Other variables: NODES, EPOCHS, BATCH,
# LR, LAMBDA, TRAIN_THREADS (the trainer's result does not depend on it), DATA (folder of the
# data files), NET (net file). Training data is regenerated, never committed. Measure the new
# net against the hand-written evaluation (or the previous net) with `kientuong match` before
# committing it.
#
# The data lives outside the work tree, which is laid anew each session, in
# ${KIENTUONG_DATA:-${XDG_CACHE_HOME:-$HOME/.cache}/kientuong}: one folder per game, playing net
# (`hand` or the first 12 hex digits of the net file's SHA-256), nodes, games per file and draw
# rule, one game-record file per seed. A file appears under its name only when complete, so a
# stopped run resumes by making the files that are not there. MANIFEST (for the committed recipe
# lab/nets/GAME.manifest where it exists) lists the files by SHA-256: files that differ
# from it are made again, and every file is checked against it once made (datagen is
# deterministic by seed; a mismatch means the binary no longer plays the recipe's games).
# WRITE_MANIFEST=FILE writes the manifest of the data used. DATA_ONLY=1 stops before training.
# TRAINER=train-nnue (the default) trains with the streaming trainer (crates/nnue-trainer;
# HIDDEN, BUCKETS, SHUFFLE_BUFFER, KING_BUCKETS=1 for chess king buckets, INIT=NET to start from
# a net's weights instead of random ones): both recipes are warm starts of train-nnue from the
# previous net (chess net 7 from net 6, xiangqi net 9 from net 8; INIT="" trains from random
# weights). TRAINER=train-net remakes chess net 5 and xiangqi net 6 and older: that first trainer
# was retired after commit TRAIN_NET_REV, whose build (scripts/lib/build-of.sh, made once, like
# DATAGEN_REV's) trains; the tree's build still checks the data. DRAW_PLIES (0: off, as the committed
# recipes were made), DRAW_AFTER and DRAW_CP set datagen's draw adjudication. VARIANT
# (chess only: standard, the default, fischerandom or dfrc) starts the games' random plies from
# Chess960 or Double Fischer Random positions; such files get a folder of their own (-fischerandom,
# -dfrc). One recipe mixes them with standard games through SEEDS entries REV/RANGE@VARIANT
# ("149d577/30000-31499 149d577/40000-40149@fischerandom"): that entry's games start from
# VARIANT's positions.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:?usage: scripts/train-net.sh chess|xiangqi}
# The committed recipes (crates/nnue/nets/README.md).
case $game in
chess)
    # Net 7: net 6 (kept as lab/nets/chess-net6.nnue) refined by train-nnue on 1800 files of
    # net 6's own games (the net file of commit 149d577, played by its search: the datagen
    # flywheel's first chess files, 1500 from standard starts, 150 Chess960, 150 DFRC), with the
    # mirror image of every position without castling rights, the files in a new order each
    # epoch and whole games held out; lab/nets/chess.manifest lists them.
    # Net 6 was net 5 (lab/nets/chess-net5.nnue) refined on "35b312b/22000-22999
    # 35b312b/26000-26599" (net 5's games) played by the search of 853f379, MIRROR=0
    # SHUFFLE_FILES=0 HOLDOUT=positions (lab/nets/chess-net6.manifest).
    # Net 5 was SEEDS="hand/11000-11040
    # hand/12000-12037 hand/13000-13039 hand/14000-14042 hand/15000-15039 hand/16000-16039
    # hand/17000-17999 4c9d842/19000-21499" (the hand-written evaluation's games plus 2500
    # files played by net 4, the net file of commit 4c9d842) TRAINER=train-net EPOCHS=30
    # LR=0.001 INIT= MANIFEST=lab/nets/chess-net5.manifest; net 4 was the hand/ entries
    # plus 4097bd3/18000-18999 (net 3's games), net 3 the hand/ entries alone, net 2 the first six.
    DEFAULT_SEEDS="149d577/30000-31499 149d577/40000-40149@fischerandom 149d577/45000-45149@dfrc"
    DEFAULT_GAMES=20 DEFAULT_LAMBDA=0.1 DEFAULT_EPOCHS=10 DEFAULT_LR=0.0002
    DEFAULT_TRAINER=train-nnue DEFAULT_INIT=lab/nets/chess-net6.nnue
    DEFAULT_PLAY=crates/nnue/nets/chess.nnue DEFAULT_PLAY_REV=
    DEFAULT_HOLDOUT=games DEFAULT_MIRROR=1 DEFAULT_SHUFFLE_FILES=1
    # Every file of chess.manifest was made by this commit's search (chess-net6.manifest's and
    # chess-net5.manifest's by 853f379's).
    DEFAULT_DATAGEN_REV=149d577 ;;
xiangqi)
    # Net 9: net 8 (kept as lab/nets/xiangqi-net8.nnue) refined by train-nnue on 286 files of
    # net 8's own games (the net file of commit 149d577, played by its search: the datagen
    # flywheel's first files), with every position's mirror image, the files in a new order each
    # epoch and whole games held out; lab/nets/xiangqi.manifest lists them.
    # Net 8 was net 7 (lab/nets/xiangqi-net7.nnue) refined on "3bcd229/80000-80099
    # 9520010/60000-60099 9520010/70000-70099" played by the search of 8ac7b79, MIRROR=0
    # SHUFFLE_FILES=0 HOLDOUT=positions (lab/nets/xiangqi-net8.manifest).
    # Net 7 was net 6 (lab/nets/xiangqi-net6.nnue) refined the same way on "9520010/60000-60099
    # 9520010/70000-70099 cea41ee/50000-50099" (xiangqi-net7.manifest).
    # Net 6 was "32ba8a1/30000-30099 a0e1522/40000-40099 cea41ee/50000-50099" through
    # train-net from random weights (the games of nets 3, 4 and 5, played by older searches);
    # net 5 "dd2b819/20000-20099 32ba8a1/30000-30099 a0e1522/40000-40099" (net 2's games
    # first), net 4 its first two entries, net 3 the first. Net 2 was SEEDS="1000-1015
    # 2000-2013 3000-3013 4000-4015 5000-5015 6000-6013 7000-7015 8000-8014 9000-9015
    # 10000-10015" GAMES=20 PLAY=hand.
    DEFAULT_SEEDS="149d577/90000-90285"
    DEFAULT_GAMES=100 DEFAULT_LAMBDA=0.1 DEFAULT_EPOCHS=10 DEFAULT_LR=0.0002
    DEFAULT_TRAINER=train-nnue DEFAULT_INIT=lab/nets/xiangqi-net8.nnue
    DEFAULT_PLAY=crates/nnue/nets/xiangqi.nnue DEFAULT_PLAY_REV=
    DEFAULT_HOLDOUT=games DEFAULT_MIRROR=1 DEFAULT_SHUFFLE_FILES=1
    # Every file of xiangqi.manifest was made by this commit's search.
    DEFAULT_DATAGEN_REV=149d577 ;;
*) echo "unknown game $game" >&2; exit 2 ;;
esac
SEEDS=${SEEDS-$DEFAULT_SEEDS}
GAMES=${GAMES:-$DEFAULT_GAMES}
NODES=${NODES:-5000}
SEED=${SEED:-1}
THREADS=${THREADS:-1}
JOBS=${JOBS:-$(nproc)}
EPOCHS=${EPOCHS:-$DEFAULT_EPOCHS}
BATCH=${BATCH:-4096}
LR=${LR:-$DEFAULT_LR}
LAMBDA=${LAMBDA:-$DEFAULT_LAMBDA}
TRAIN_THREADS=${TRAIN_THREADS:-$(nproc)}
NET=${NET:-crates/nnue/nets/$game.nnue}
PLAY=${PLAY:-$DEFAULT_PLAY}
PLAY_REV=${PLAY_REV-$DEFAULT_PLAY_REV}
DATAGEN_REV=${DATAGEN_REV-$DEFAULT_DATAGEN_REV}
DRAW_PLIES=${DRAW_PLIES:-0}
DRAW_AFTER=${DRAW_AFTER:-80}
DRAW_CP=${DRAW_CP:-10}
DATA_ROOT=${KIENTUONG_DATA:-${XDG_CACHE_HOME:-$HOME/.cache}/kientuong}
# The committed manifest describes the committed recipe only.
default_manifest=
if [ "$SEEDS" = "$DEFAULT_SEEDS" ] && [ "$GAMES" = "$DEFAULT_GAMES" ] && [ "$NODES" = 5000 ] &&
    [ "$DRAW_PLIES" = 0 ] && [ "${VARIANT:-standard}" = standard ] && [ -z "${DATA:-}" ] && [ -f "lab/nets/$game.manifest" ]; then
    default_manifest=lab/nets/$game.manifest
fi
MANIFEST=${MANIFEST-$default_manifest}

if [ -n "${BIN:-}" ]; then
    bin=$BIN # a frozen build, so that rebuilding the tree meanwhile cannot change the data
else
    cargo build --release -q -p engine-bin
    bin=${CARGO_TARGET_DIR:-target}/release/kientuong
fi
# The binary that plays the games: found (or built) only once a file is found missing.
source scripts/lib/build-of.sh
datagen_bin() {
    if [ -n "${BIN:-}" ] || [ -z "$DATAGEN_REV" ]; then
        echo "$bin"
    else
        build_of "$DATAGEN_REV" "$DATA_ROOT"
    fi
}
export LC_ALL=C # the name order of the data files below
mkdir -p "$DATA_ROOT"
work=$DATA_ROOT # play nets live beside the data

# Prints the net file that plays the games of a SEEDS entry's REV (empty: PLAY at PLAY_REV).
# A REV names the repository's file PLAY, not the copy PLAY_REV resolved it to.
play_in_repo=$PLAY
play_net_for() {
    local rev=$1 tag
    [ "$rev" = hand ] && { echo hand; return; }
    [ -z "$rev" ] && { echo "$PLAY"; return; }
    tag=$(basename "$play_in_repo" .nnue)-${rev:0:7}
    mkdir -p "$work/play-nets"
    git show "$rev:$play_in_repo" >"$work/play-nets/$tag.nnue" || return 1
    echo "$work/play-nets/$tag.nnue"
}
[ "$PLAY" = hand ] || [ -z "$PLAY_REV" ] || PLAY=$(play_net_for "$PLAY_REV")
play_tag_of() { [ "$1" = hand ] && echo hand || sha256sum "$1" | cut -c1-12; }
draw_tag=; [ "$DRAW_PLIES" = 0 ] || draw_tag=-d$DRAW_AFTER-$DRAW_PLIES-$DRAW_CP
datagen_flags=(--nodes "$NODES" --games "$GAMES" --format records --draw-plies "$DRAW_PLIES"
    --draw-after "$DRAW_AFTER" --draw-cp "$DRAW_CP")
VARIANT=${VARIANT:-standard}
if [ "$VARIANT" != standard ]; then
    draw_tag+=-$VARIANT
    datagen_flags+=(--variant "$VARIANT")
fi

# Files the manifest lists but that differ from it are removed here, so they are made again.
if [ -n "$MANIFEST" ]; then
    # Its verdict here is only the list: missing files are made below, and the check after
    # them is the one that counts (so its "Error:" line on a partial cache is not shown).
    "$bin" data-check --manifest "$MANIFEST" --dir "$DATA_ROOT" 2>/dev/null |
        sed -n 's/^altered //p' | while read -r f; do rm -f "$DATA_ROOT/$f"; done || true
fi

# datagen writes FILE.part and renames it when complete: "$1" is the file, the rest the command.
write_one='out=$1; shift; "$@" --out "$out" 2>/dev/null'

if [ -n "$SEEDS" ]; then
    # A SEEDS entry is a seed or a range, optionally after REV/ (hand/ or a commit): the games
    # of that commit's net, so that one recipe can train on several generations of games.
    dirs=()
    declare -A seeds_in=() # a data folder's seeds, so that other files in it are not trained on
    for entry in $SEEDS; do
        rev=; range=$entry entry_tag=$draw_tag entry_flags=("${datagen_flags[@]}")
        # REV/RANGE@VARIANT: that entry's games start from VARIANT's positions (chess), in
        # VARIANT's own folder, so one recipe can mix standard, Chess960 and DFRC games.
        if [[ $range == *@* ]]; then
            [ "$VARIANT" = standard ] || { echo "$entry: @VARIANT and VARIANT=$VARIANT both set" >&2; exit 2; }
            entry_tag+=-${range#*@}
            entry_flags+=(--variant "${range#*@}")
            range=${range%@*}
        fi
        if [[ $range == */* ]]; then rev=${range%%/*}; range=${range#*/}; fi
        play=$(play_net_for "$rev")
        dir=${DATA:-$DATA_ROOT/$game-$(play_tag_of "$play")-n$NODES-g$GAMES$entry_tag}
        [[ " ${dirs[*]} " == *" $dir "* ]] || dirs+=("$dir")
        mkdir -p "$dir"
        seeds=$(if [[ $range == *-* ]]; then seq "${range%-*}" "${range#*-}"; else echo "$range"; fi)
        seeds_in[$dir]+=" $seeds"
        missing=$(while read -r s; do [ -s "$dir/$game-$s.ktgr" ] || echo "$s"; done <<<"$seeds")
        [ -n "$missing" ] || continue
        player=$(datagen_bin)
        echo "$entry: $(wc -w <<<"$missing") file(s) to make with $player" >&2
        xargs -r -P "$JOBS" -I{} "$BASH" -c "$write_one" _ "$dir/$game-{}.ktgr" "$player" datagen \
            --game "$game" "${entry_flags[@]}" --net "$play" --seed {} --threads 1 <<<"$missing"
    done
    files=()
    # Each folder's files in name order (the C locale's), as the recipes were trained.
    for dir in "${dirs[@]}"; do
        mapfile -t -O "${#files[@]}" files < <(for s in ${seeds_in[$dir]}; do
            echo "$dir/$game-$s.ktgr"; done | sort -u)
    done
else
    DATA=${DATA:-$DATA_ROOT/$game-$(play_tag_of "$PLAY")-s$SEED-n$NODES-g$GAMES$draw_tag.ktgr}
    if [ ! -s "$DATA" ]; then
        "$(datagen_bin)" datagen --game "$game" "${datagen_flags[@]}" --seed "$SEED" --net "$PLAY" \
            --threads "$THREADS" --out "$DATA"
    fi
    files=("$DATA")
fi
# Every file as the manifest lists it, or stop before training on other data.
if [ -n "$MANIFEST" ]; then
    "$bin" data-check --manifest "$MANIFEST" --dir "$DATA_ROOT"
fi
if [ -n "${WRITE_MANIFEST:-}" ]; then
    rel=(); for f in "${files[@]}"; do rel+=("${f#"$DATA_ROOT"/}"); done
    "$bin" data-check --manifest "$WRITE_MANIFEST" --dir "$DATA_ROOT" --write "${rel[@]}"
fi
# DATA_ONLY=1 makes (and checks) the data and stops: datagen split over sessions, one core
# beside a match, or a recipe's data made ahead of its training.
[ "${DATA_ONLY:-0}" = 0 ] || { echo "DATA_ONLY: ${#files[@]} data file(s) made, not training"; exit 0; }
echo "training on ${#files[@]} data file(s), $(cat "${files[@]}" | wc -c) bytes"
TRAINER=${TRAINER:-$DEFAULT_TRAINER}
INIT=${INIT-$DEFAULT_INIT}
# The last commit whose build has train-net (engine-bin/src/retired_cmd.rs names the same one).
TRAIN_NET_REV=${TRAIN_NET_REV:-1948f9d}
trainer_bin=$bin
case $TRAINER in
train-net)
    trainer_bin=$(build_of "$TRAIN_NET_REV" "$DATA_ROOT")
    trainer_flags=()
    [ -z "$INIT" ] || echo "note: INIT is train-nnue's; train-net starts from random weights" >&2 ;;
train-nnue)
    # HOLDOUT: what the validation set is cut from: whole games (`games`), so that validation
    # shares no game with training, unless the recipe says otherwise (chess net 6 and xiangqi
    # net 8 held out every 20th position: HOLDOUT=positions remakes them).
    default_holdout=games; [ "$SEEDS" != "$DEFAULT_SEEDS" ] || default_holdout=$DEFAULT_HOLDOUT
    trainer_flags=(--hidden "${HIDDEN:-128}" --buckets "${BUCKETS:-1}"
        --shuffle-buffer "${SHUFFLE_BUFFER:-1048576}" --holdout "${HOLDOUT:-$default_holdout}")
    [ "${KING_BUCKETS:-0}" = 0 ] || trainer_flags+=(--king-buckets)
    # MIRROR=1 trains on the mirror images too, SHUFFLE_FILES=1 reads the files in a new order
    # each epoch (the xiangqi recipe uses both), SCHEDULE=cosine and WEIGHT_DECAY (AdamW) shape
    # the optimisation.
    [ "${MIRROR:-$DEFAULT_MIRROR}" = 0 ] || trainer_flags+=(--mirror)
    [ "${SHUFFLE_FILES:-$DEFAULT_SHUFFLE_FILES}" = 0 ] || trainer_flags+=(--shuffle-files)
    trainer_flags+=(--schedule "${SCHEDULE:-step}" --weight-decay "${WEIGHT_DECAY:-0}")
    [ -z "${INIT:-}" ] || trainer_flags+=(--init "$INIT") ;;
*) echo "unknown TRAINER $TRAINER (train-net or train-nnue)" >&2; exit 2 ;;
esac
"$trainer_bin" "$TRAINER" --game "$game" --data "${files[@]}" --epochs "$EPOCHS" --batch "$BATCH" --lr "$LR" \
    --lambda "$LAMBDA" --seed "$SEED" --threads "$TRAIN_THREADS" "${trainer_flags[@]}" --out "$NET"
echo "net written to $NET; rebuild to embed it"
