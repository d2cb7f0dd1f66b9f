# Shared by scripts/perft-speed-chess.sh and scripts/perft-speed-xiangqi.sh (sourced, not run):
# the release build and the best-of-N timing of `kientuong perft`.

# Builds the release engine; sets bin to it.
build_release() {
  cargo build --release -p engine-bin >&2
  bin="${CARGO_TARGET_DIR:-target}/release/kientuong"
}

# keep_min NAME VALUE: sets the variable NAME to VALUE if it is empty or larger.
keep_min() {
  if [ -z "${!1}" ] || [ "$(echo "$2 < ${!1}" | bc -l)" = 1 ]; then printf -v "$1" '%s' "$2"; fi
}

# best_perft GAME DEPTH EXPECTED RUNS: runs `$bin perft` RUNS times, failing on a wrong node
# count, and sets best_wall (the time kientuong reports: perft only) and best_cpu (the
# process's user+sys time, what an unshared core would give), the best of the runs each.
best_perft() {
  local game=$1 depth=$2 expected=$3 runs=$4 out
  best_wall="" best_cpu=""
  for _ in $(seq "$runs"); do
    # `time` writes user/sys after the command's own stderr.
    out=$( { TIMEFORMAT='cpu %U %S'; time "$bin" perft --game "$game" --depth "$depth"; } 2>&1 )
    grep -q "Nodes searched: $expected" <<<"$out" || { echo "wrong node count: $out" >&2; exit 1; }
    keep_min best_wall "$(sed -n 's/^time: \([0-9.]*\) s.*/\1/p' <<<"$out")"
    keep_min best_cpu "$(awk '/^cpu /{print $2 + $3}' <<<"$out")"
  done
}
