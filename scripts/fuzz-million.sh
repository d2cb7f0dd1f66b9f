#!/usr/bin/env bash
# The million-line protocol fuzz run of issue 35, in pieces that add up across sessions: each
# dialect's 1,000,000 lines are split into SHARDS streams (scripts/fuzz-protocol --shards), and
# each call runs the streams not yet done, one at a time, until MINUTES have passed (a stream
# already started runs to its end: about 100 s for 50,000 lines on a quiet machine).
#   scripts/fuzz-million.sh [-k KIENTUONG] [-m MINUTES] [-s SHARDS] [-l LINES] [--report]
# Each finished stream appends one row to ${KIENTUONG_DATA:-~/.cache/kientuong}/fuzz/done.tsv
# (dialect, shard, exit status, its summary lines); findings and their reproducers go to
# fuzz/out/. `--report` prints the lines run per dialect and the findings so far.
set -euo pipefail
cd "$(dirname "$0")/.."

kt=target/release/kientuong minutes=20 shards=20 lines=1000000 report=
while [ $# -gt 0 ]; do
  case $1 in
    -k) kt=$2; shift 2 ;; -m) minutes=$2; shift 2 ;; -s) shards=$2; shift 2 ;;
    -l) lines=$2; shift 2 ;; --report) report=1; shift ;;
    *) sed -n 2,9p "$0"; exit 2 ;;
  esac
done
dir=${KIENTUONG_DATA:-$HOME/.cache/kientuong}/fuzz
mkdir -p "$dir/out"
touch "$dir/done.tsv"

if [ -n "$report" ]; then
  python3 - "$dir/done.tsv" <<'PY'
import re, sys
per = {}
for row in open(sys.argv[1]):
    f = row.rstrip("\n").split("\t")
    if len(f) < 5:
        continue
    dialect, shard, rc, stream, total = f[:5]
    m = re.search(r": (\d+) lines, .* ([\d.]+) s$", stream)
    d = per.setdefault(dialect, {"lines": 0, "seconds": 0.0, "streams": 0, "failed": [], "totals": []})
    if m:
        d["lines"] += int(m.group(1)); d["seconds"] += float(m.group(2))
    d["streams"] += 1
    if rc != "0":
        d["failed"].append(f"shard {shard}: {total}")
    d["totals"].append(total)
for dialect, d in per.items():
    rate = d["lines"] / d["seconds"] if d["seconds"] else 0
    print(f"{dialect}: {d['lines']} lines in {d['streams']} streams, {rate:.0f} lines/s; "
          f"streams with findings: {len(d['failed'])}")
    for f in d["failed"]:
        print("  " + f)
PY
  exit 0
fi

deadline=$(( $(date +%s) + minutes * 60 ))
for shard in $(seq 0 $((shards - 1))); do
  for dialect in uci-chess uci-xiangqi ucci; do
    grep -q "^$dialect	$shard	" "$dir/done.tsv" && continue
    [ "$(date +%s)" -lt "$deadline" ] || exit 0
    log="$dir/out/$dialect-$shard.log"
    rc=0
    python3 scripts/fuzz-protocol --engine "$kt" --lines "$lines" --shards "$shards" \
      --only-shards "$shard" --dialects "$dialect" --out "$dir/out" > "$log" 2>&1 || rc=$?
    stream=$(grep -E "^$dialect.*lines, [0-9]+ syncs" "$log" | tail -1 || true)
    total=$(grep -E "^crashes" "$log" | tail -1 || true)
    printf '%s\t%s\t%s\t%s\t%s\n' "$dialect" "$shard" "$rc" "$stream" "$total" >> "$dir/done.tsv"
    echo "$dialect shard $shard: rc $rc; $stream; $total"
  done
done
