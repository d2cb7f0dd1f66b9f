#!/usr/bin/env bash
# The engine under a nightly toolchain's sanitizers (reliability issue, part 2), beside the
# valgrind run of tests/memcheck.rs: AddressSanitizer (heap and stack overflows, use after
# free, leaks) and ThreadSanitizer (data races between the input thread, the search threads
# and the TT). Each builds engine-bin with the standard library rebuilt under the same
# sanitizer (-Zbuild-std: TSan reports false races in an uninstrumented std), into
# target/sanitize-<kind>, and runs it through
#   1. the memcheck session: both games with their nets loaded through EvalFile, Threads 2, a
#      Hash resize and Clear Hash between searches, a Syzygy probe when the tables are there;
#   2. scripts/race-protocol at COMMANDS commands per dialect (default 2,000): go/stop/
#      ponderhit/setoption races at Threads 1-8.
# A finding fails the run (exit 1) and its report is kept in target/sanitize-<kind>/reports/.
#   scripts/sanitize.sh [-n COMMANDS] [-s SEED] [address|thread ...]   (default: both)
# Needs the nightly toolchain with rust-src (`rustup component add rust-src --toolchain
# nightly`; the script asks rustup for it), python-chess and pyffish (the race driver's oracles).
set -euo pipefail
cd "$(dirname "$0")/.."

commands=2000 seed=1
while getopts "n:s:" opt; do
  case $opt in
    n) commands=$OPTARG ;; s) seed=$OPTARG ;;
    *) sed -n 2,16p "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)

rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^rust-src' \
  || rustup component add rust-src --toolchain nightly
host=$(rustc +nightly -vV | sed -n 's/^host: //p')
tables=${KIENTUONG_SYZYGY:-target/syzygy/regular}

# The memcheck session, driven line by line: each search is waited for, so that no command
# lands in a search by accident (the race driver does that on purpose).
session() { # BIN
  python3 - "$1" "$PWD/crates/nnue/nets" "$tables" <<'EOF'
import os, subprocess, sys
bin, nets, tables = sys.argv[1:4]
p = subprocess.Popen([bin], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(line):
    p.stdin.write(line + "\n")
def until(prefix):
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit(f"the engine exited before '{prefix}'")
        if line.startswith(prefix):
            return line
def search(position, go):
    send(position)
    send(go)
    best = until("bestmove")
    if best.strip() == "bestmove (none)":
        sys.exit(f"no move from {position} / {go}")
send("uci"); until("uciok")
send("setoption name Threads value 2")
send(f"setoption name EvalFile value {nets}/chess.nnue")
search("position startpos moves e2e4 c7c5 g1f3", "go nodes 200000")
send("setoption name Hash value 32")
search("position startpos moves d2d4 d7d5", "go depth 10")
send("setoption name Clear Hash")
search("position startpos", "go movetime 500")
if os.path.isdir(tables):
    send(f"setoption name SyzygyPath value {tables}")
    search("position fen 8/8/8/4k3/8/8/Q2r4/1KR5 w - - 0 1", "go nodes 100000")
send("setoption name UCI_Variant value xiangqi")
send(f"setoption name EvalFile value {nets}/xiangqi.nnue")
send("setoption name Hash value 8")
search("position startpos moves h2e2 h9g7", "go nodes 200000")
send("setoption name Threads value 4")
search("position startpos", "go movetime 500")
send("quit")
sys.exit(p.wait(timeout=600))
EOF
}

status=0
for kind in "${kinds[@]}"; do
  case $kind in address | thread) ;; *) echo "sanitize: unknown sanitizer $kind" >&2; exit 2 ;; esac
  dir=target/sanitize-$kind
  mkdir -p "$dir/reports"
  echo "sanitize $kind: building into $dir" >&2
  # The suite's profile: optimized, with overflow checks and debug assertions, and unwinding
  # (the release profile aborts on panic, which -Zbuild-std would need spelled out).
  RUSTFLAGS="-Zsanitizer=$kind -C target-cpu=native" cargo +nightly build -q --profile ci \
    -Zbuild-std --target "$host" -p engine-bin --target-dir "$dir"
  bin=$dir/$host/ci/kientuong
  # Each process writes its report to reports/<kind>.<pid>; no file means no finding.
  rm -f "$dir/reports/"*
  export ASAN_OPTIONS="log_path=$PWD/$dir/reports/address:detect_leaks=1"
  export TSAN_OPTIONS="log_path=$PWD/$dir/reports/thread:halt_on_error=0"
  if ! session "$bin"; then
    echo "sanitize $kind: the session failed" >&2
    status=1
  fi
  if ! scripts/race-protocol --engine "$bin" --commands "$commands" --seed "$seed" \
    --out "$dir/race" --hang 30 --confirm 300; then
    echo "sanitize $kind: the race driver reported findings ($dir/race)" >&2
    status=1
  fi
  unset ASAN_OPTIONS TSAN_OPTIONS
  reports=("$dir/reports/"*)
  if [ -e "${reports[0]}" ]; then
    echo "sanitize $kind: ${#reports[@]} report(s) in $dir/reports:" >&2
    head -n 30 "${reports[0]}" >&2
    status=1
  else
    echo "sanitize $kind: no finding (session and $commands race commands per dialect)" >&2
  fi
done
exit $status
