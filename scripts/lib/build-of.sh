# Shared by scripts/target-match.sh and scripts/train-net.sh (sourced, not run): the release
# binary of an old commit, for matches against it and for data a recipe says that commit's
# search played.

# build_of REV DATA_ROOT: prints the path of the release binary of commit REV, built once in a
# throwaway worktree and kept under DATA_ROOT/builds/<REV as 7 hex digits>/kientuong, outside
# the work tree, so that a later session (and a match's state file) finds it at the same path.
# The build's messages go to standard error; only the path goes to standard output.
build_of() {
  local rev data=$2 out tree
  rev=$(git rev-parse --short=7 "$1^{commit}") || return 1
  out="$data/builds/$rev/kientuong"
  if [ ! -x "$out" ]; then
    tree=$(mktemp -d)
    git worktree add -q --detach "$tree" "$rev" >&2
    (cd "$tree" && cargo build --release -q -p engine-bin --target-dir "$data/builds/target-$rev") >&2
    mkdir -p "$data/builds/$rev"
    cp "$data/builds/target-$rev/release/kientuong" "$out.new" && mv "$out.new" "$out"
    git worktree remove --force "$tree"
  fi
  echo "$out"
}
