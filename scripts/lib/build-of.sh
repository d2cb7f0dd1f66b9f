# Shared by the match, SPSA and training scripts (sourced, not run): the release binary of an
# old commit, for matches against it and for data a recipe says that commit's search played,
# and of variants of it (a candidate patch applied, a cargo feature on).

# build_of REV DATA_ROOT [NAME PATCH FEATURES]: prints the path of the release binary of commit
# REV, built once in a throwaway worktree and kept under DATA_ROOT/builds/<REV as 7 hex
# digits>/kientuong, outside the work tree, so that a later session (and a match's state file)
# finds it at the same path. A variant NAME lives at builds/<REV>-<NAME>/kientuong: REV with the
# file PATCH applied (when given) and built with the cargo FEATURES (when given).
# The build's messages go to standard error; only the path goes to standard output.
build_of() {
  local rev data=$2 name=${3:-} patch=${4:-} features=${5:-} key out tree built=0
  rev=$(git rev-parse --short=7 "$1^{commit}") || return 1
  key=$rev${name:+-$name}
  out="$data/builds/$key/kientuong"
  if [ ! -x "$out" ]; then
    [ -z "$patch" ] || patch=$(realpath "$patch") || return 1
    tree=$(mktemp -d)
    git worktree add -q --detach "$tree" "$rev" >&2
    if { [ -z "$patch" ] || git -C "$tree" apply "$patch" >&2; } &&
      (cd "$tree" && cargo build --release -q -p engine-bin ${features:+--features "$features"} \
        --target-dir "$data/builds/target-$key") >&2; then
      mkdir -p "$data/builds/$key"
      cp "$data/builds/target-$key/release/kientuong" "$out.new" && mv "$out.new" "$out" && built=1
    fi
    git worktree remove --force "$tree"
    [ "$built" = 1 ] || { echo "build_of: no build of $key" >&2; return 1; }
  fi
  echo "$out"
}
