#!/usr/bin/env bash
# The full-size file fuzzing run of the reliability issue: every file the engine and the tools
# read, 10,000 seeded cases of each kind of damage (truncated, bit flips, random bytes, huge or
# negative numbers, spliced, random file; the net fuzzer's and the Syzygy fuzzer's own kinds),
# per file kind and game. The suite runs the same fuzzers at a CI size; this script only raises
# KIENTUONG_FUZZ_CASES and prints each fuzzer's summary line.
#   scripts/fuzz-files.sh [-n CASES_PER_KIND] [-o LOG]
# A failing case is printed with its id; replay it with KIENTUONG_FUZZ_CASE=<id> and the same
# test (its bytes are kept under the temp folder the failure names).
set -euo pipefail
cd "$(dirname "$0")/.."

cases=10000 log=${TMPDIR:-/tmp}/kientuong-fuzz-files.log
while [ $# -gt 0 ]; do
  case $1 in
    -n) cases=$2; shift 2 ;; -o) log=$2; shift 2 ;;
    *) sed -n 2,9p "$0"; exit 2 ;;
  esac
done
: > "$log"
status=0
run() { # cases, cargo test arguments...
  local n=$1; shift
  echo "== $* (KIENTUONG_FUZZ_CASES=$n)" | tee -a "$log"
  if ! KIENTUONG_FUZZ_CASES=$n cargo test --profile ci "$@" -- --nocapture --test-threads 2 \
      >> "$log" 2>&1; then
    status=1
    echo "   FAILED (see $log)"
  fi
}
run "$cases" -p nnue --test nnue_tests net_file_fuzz::
# The Syzygy fuzzer counts its cases in all, six kinds in turn.
run $((cases * 6)) --test syzygy fuzz::
run "$cases" -p tournament --test tournament_tests fuzz::  # opening_file_fuzz, match_state_fuzz
run "$cases" -p spsa --test spsa_file_fuzz
run "$cases" -p datagen --test datagen_tests fuzz::  # data_file_fuzz, manifest_fuzz
run "$cases" -p nnue-trainer --test nnue_trainer_tests reader_fuzz::
# The summary: cases, accepted and refused per kind, and every failing case.
grep -aE "^[a-z_]+: .*per kind|cases: .* opened|case 0x|^== " "$log" || true
exit $status
