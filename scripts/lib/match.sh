# Shared by scripts/strength-run.sh and scripts/calibrate-elo.sh (sourced, not run): their
# options and the `kientuong match` call both make (each opening played with both colours).

# match_options USAGE_LINES OUTDIR GAMES TC "$@": reads -k KIENTUONG -o OUTDIR -g GAMES
# -c CONCURRENCY -t TC over the defaults given (KIENTUONG target/release/kientuong,
# CONCURRENCY 2) into kt, out, games, conc and tc, and the remaining words into the array rest.
# A bad option prints lines USAGE_LINES (a sed range such as 2,9) of the calling script.
match_options() {
  local usage=$1 opt OPTIND=1
  out=$2 games=$3 tc=$4 kt=target/release/kientuong conc=2
  shift 4
  while getopts "k:o:g:c:t:" opt; do
    case $opt in
      k) kt=$OPTARG ;; o) out=$OPTARG ;; g) games=$OPTARG ;; c) conc=$OPTARG ;; t) tc=$OPTARG ;;
      *) sed -n "${usage}p" "$0"; exit 2 ;;
    esac
  done
  shift $((OPTIND - 1))
  rest=("$@")
}

# play_match GAME SEED LOG ARGS…: $kt match of $games games (rounds of an opening pair, each
# opening with both colours), $conc at once, tc=$tc and Hash 16 for every engine; ARGS follow
# (more --each options, the --engine lists, --pgnout). Output goes to LOG; a failed match is
# left for the caller to read there.
play_match() {
  local game=$1 seed=$2 log=$3
  shift 3
  "$kt" match --game "$game" --games 2 --rounds $(((games + 1) / 2)) --repeat \
    --concurrency "$conc" --seed "$seed" --each "tc=$tc" option.Hash=16 "$@" \
    > "$log" 2>&1 || true
}
